import { describe, expect, it } from 'vitest';
import { changedUpdates, choicesOf, formValues, validateValue, wireValue } from '../../../src-renderer/shared/deal-properties';

describe('deal properties', () => {
  const config = {
    statusesByState: { NewDeal: ['Screening'], Prep: [], Originated: ['Funded'], Completed: [], Rejected: [] },
    profileNames: ['Standard CRE'],
    collateralSubTypes: [],
    collateralSubStatuses: [],
    valueBases: [],
    customFields: { CustomField1: { label: 'Relationship Manager' }, CustomField2: null },
    creditPolicies: { defaultProfile: 'Bank', profiles: [{ name: 'Bank', maxLtv: 0.75, source: 'test' }] },
    stressScenarios: [{ name: 'mild', valueChange: -0.1, source: 'test' }],
  };

  it('shows percentages as 0-100 and money grouped, and sends them without separators', () => {
    const deal = { rateSpread: 0.055, grossLoan: 12850000, collateralTotals: { userDebtService: 0, debtServiceMethod: 'Calculated' } } as never;
    const values = formValues(deal);
    expect(values.RateSpread).toBe('5.5');
    expect(values.GrossLoan).toBe('12,850,000');
    expect(values.DebtServiceMethod).toBe('Calculated');
    expect(wireValue('GrossLoan', '$12,900,000')).toBe('12900000');
    expect(changedUpdates(values, { ...values, GrossLoan: '12850000' })).toEqual([]);
    expect(changedUpdates(values, { ...values, RateSpread: '6' })).toEqual([{ property: 'RateSpread', value: '6' }]);
  });

  it('checks values before they are sent', () => {
    expect(validateValue('RateSpread', '140')).toBe('A percentage from 0 to 100.');
    expect(validateValue('RateSpread', '5.5')).toBeNull();
    expect(validateValue('GrossLoan', 'lots')).toBe('Enter a number.');
    expect(validateValue('LoanTerm', '12.5')).toBe('Whole months.');
    expect(validateValue('LoanTerm', '0')).toMatch(/at least 1 month/);
    expect(validateValue('ClosingDate', '2025-02-30')).toBe('A date, YYYY-MM-DD.');
    expect(validateValue('ClosingDate', '2025-02-28')).toBeNull();
    expect(validateValue('Owner', 'bob')).toMatch(/e-mail/);
    expect(validateValue('SeedName', ' ')).toMatch(/name/);
    expect(validateValue('Status', 'Funded', { State: 'NewDeal' }, config)).toMatch(/Not a status of state New Deal/);
    expect(validateValue('Status', 'Screening', { State: 'NewDeal' }, config)).toBeNull();
    expect(validateValue('AmortizationTerm', '60', { LoanPaymentStructure: 'P_I_Amortization', LoanTerm: '120', AmortizationTerm: '60' })).toMatch(/may not exceed/);
    expect(choicesOf('Status', config).map((c) => c.value)).toEqual(['Screening', 'Funded']);
    expect(choicesOf('RateIndex', config).find((c) => c.value === 'M_SOFR_TERM_1')?.label).toBe('1 M TERM SOFR');
  });
});
