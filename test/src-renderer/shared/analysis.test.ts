import { describe, expect, it } from 'vitest';
import { breachText, notApplicableText, notTestedText, parseUsd, sizingRefusal, whatIfInputs } from '../../../src-renderer/shared/analysis';

describe('a broken limit beside its limit, on the same rounding', () => {
  it('shows a third decimal where two would show the figure equal to its limit', () => {
    // 1.245x rounds to 1.25x: "DSCR 1.25x < 1.25x" would read as no breach.
    expect(breachText({ metric: 'Dscr', limit: 1.25, value: 1.245 })).toBe('DSCR 1.245x < 1.25x');
    expect(breachText({ metric: 'Dscr', limit: 1.25, value: 1.02 })).toBe('DSCR 1.02x < 1.25x');
    expect(breachText({ metric: 'DebtYield', limit: 9, value: 8.996 })).toBe('Debt yield 8.996% < 9.00%');
    expect(breachText({ metric: 'DebtYield', limit: 9, value: 8.5 })).toBe('Debt yield 8.50% < 9.00%');
    expect(breachText({ metric: 'Ltv', limit: 0.75, value: 0.7502 })).toBe('LTV 75.02% > 75.0%');
    expect(breachText({ metric: 'Ltv', limit: 0.75, value: 0.812 })).toBe('LTV 81.2% > 75.0%');
    expect(breachText({ metric: 'Ltc', limit: 0.8, value: 0.8004 })).toBe('LTC 80.04% > 80.0%');
    expect(breachText({ metric: 'Ltv', limit: 0.75, value: null })).toBe('LTV: no value left');
  });
});

describe('why a loan could not be sized, in an underwriter\'s words', () => {
  it('offers the what-if NOI and value for a deal without NOI, and never names a field or an error code', () => {
    const noi = sizingRefusal('inputs.noi')!;
    expect(noi.whatIf).toBe(true);
    expect(noi.text).toMatch(/no NOI yet/);
    expect(noi.text).toMatch(/collaterals' cash flows/);
    expect(noi.text).not.toMatch(/Collaterals tab|come back/);
    expect(sizingRefusal('dealId')!.whatIf).toBe(true);
    for (const target of ['inputs.noi', 'dealId', 'inputs.value', 'inputs.totalCost', 'inputs.interestRate', 'profileName']) {
      expect(sizingRefusal(target)!.text).not.toMatch(/inputs\.|collateralTotals|netOperatingIncome|ValidationError/);
    }
    expect(sizingRefusal('something else')).toBeNull();
  });

  it('says why a constraint or a limit does not apply', () => {
    expect(notApplicableText({ name: 'Ltc', limit: 0.8, reason: 'NoTotalCost' })).toMatch(/no project total cost/);
    expect(notApplicableText({ name: 'Ltv', limit: 0.75, reason: 'NoValue' })).toMatch(/no valuation/);
    expect(notTestedText({ metric: 'Dscr', limit: 1.25, reason: 'NoIncome' })).toBe("DSCR not measured: no NOI yet (the collaterals' cash flows are not entered)");
    expect(notTestedText({ metric: 'Ltc', limit: 0.8, reason: 'NoTotalCost' })).toBe('LTC not measured: no project total cost');
  });
});

describe('the what-if sizing inputs', () => {
  it('reads dollar amounts as typed', () => {
    expect(parseUsd('850,000')).toBe(850_000);
    expect(parseUsd('$1.25m')).toBe(1_250_000);
    expect(parseUsd(' 900k ')).toBe(900_000);
    expect(parseUsd('12500000')).toBe(12_500_000);
    expect(parseUsd('a lot')).toBeNaN();
    expect(parseUsd('-5')).toBeNaN();
  });

  it('asks a deal without NOI (or rate) for one, and takes an NOI above 0, a value and a rate in percent', () => {
    const needs = { noi: true, rate: false };
    const draft = (noi: string, value: string, rate = '') => ({ noi, value, rate });
    expect(whatIfInputs(draft('', ''), needs)).toEqual({ inputs: null, errors: { noi: 'Enter the NOI a year, e.g. 850,000.' } });
    expect(whatIfInputs(draft('850,000', '12,000,000'), needs)).toEqual({ inputs: { noi: 850_000, value: 12_000_000 }, errors: {} });
    expect(whatIfInputs(draft('850,000', ''), needs)).toEqual({ inputs: { noi: 850_000 }, errors: {} });
    expect(whatIfInputs(draft('0', ''), needs).errors.noi).toBe('The NOI must be above $0.');
    expect(whatIfInputs(draft('x', 'y'), needs).errors).toEqual({ noi: 'Enter an amount in dollars, e.g. 850,000.', value: 'Enter an amount in dollars, e.g. 12,500,000.' });
    // A new deal without a note rate: the rate is asked for too, in percent.
    expect(whatIfInputs(draft('850,000', ''), { noi: true, rate: true }).errors).toEqual({ rate: 'The deal has no note rate yet: enter one, e.g. 6.5.' });
    expect(whatIfInputs(draft('850,000', '', '6.5 %'), { noi: true, rate: true })).toEqual({ inputs: { noi: 850_000, interestRate: 0.065 }, errors: {} });
    expect(whatIfInputs(draft('850,000', '', '0'), { noi: true, rate: true }).errors.rate).toBe('Enter a rate in percent above 0, e.g. 6.5.');
    // A deal with an NOI may change the value alone; with nothing typed there is nothing to size on.
    expect(whatIfInputs(draft('', '9,000,000'), { noi: false, rate: false })).toEqual({ inputs: { value: 9_000_000 }, errors: {} });
    expect(whatIfInputs(draft('', ''), { noi: false, rate: false }).inputs).toBeNull();
  });
});
