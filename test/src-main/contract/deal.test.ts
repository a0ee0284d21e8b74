import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SeedInfoResponseDto } from '../../../src-main/contract';
import { fullDeal, specDeal } from './samples';

const SPEC_FIELDS = [
  'success', 'error', 'id', 'loanId', 'seedName', 'loanType', 'maturityDate', 'riskRating',
  'rateIndexType', 'interestRate', 'rateSpread', 'loanPaymentStructure', 'componentType',
  'debtService', 'companyIds', 'personIds', 'originatedLoanAmount', 'originationDate', 'grossLoan',
  'participationGrossLoan', 'ltc', 'ltv', 'amortizationTerm', 'loanTerm', 'interestRateFloor',
  'collateralTotals',
] as const;

describe('SeedInfoResponseDto', () => {
  it('parses a deal read with the extension fields', () => {
    expect(SeedInfoResponseDto.parse(fullDeal())).toEqual(fullDeal());
  });

  it('parses a deal read from a spec-only server, without the extension fields', () => {
    expect(SeedInfoResponseDto.parse(specDeal())).toEqual(specDeal());
  });

  it.each(SPEC_FIELDS)('rejects a deal read missing the spec field %s', (field) => {
    const { [field]: _, ...deal } = fullDeal();
    expect(SeedInfoResponseDto.safeParse(deal).success).toBe(false);
  });

  it('rejects collateral totals missing a spec field', () => {
    const deal = fullDeal();
    const { dscr: _, ...totals } = deal.collateralTotals;
    expect(SeedInfoResponseDto.safeParse({ ...deal, collateralTotals: totals }).success).toBe(false);
  });

  it('accepts null for the values a deal may not have yet', () => {
    const deal = { ...fullDeal(), loanId: null, maturityDate: null, riskRating: null, rateIndexType: null, originationDate: null };
    expect(SeedInfoResponseDto.safeParse(deal).success).toBe(true);
  });

  it('reads the rate index as a display string and rejects the identifier there', () => {
    expect(SeedInfoResponseDto.safeParse({ ...fullDeal(), rateIndexType: 'M_SOFR_TERM_1' }).success).toBe(false);
    expect(SeedInfoResponseDto.safeParse({ ...fullDeal(), rateIndex: '1 M TERM SOFR' }).success).toBe(false);
  });

  it('documents every extension field as an extension beyond the spec', () => {
    const extensions = Object.entries(SeedInfoResponseDto.shape).filter(
      ([key]) => !(SPEC_FIELDS as readonly string[]).includes(key),
    );
    expect(extensions.map(([key]) => key)).toHaveLength(21);
    for (const [key, schema] of extensions) {
      expect((schema as z.ZodType).description, key).toMatch(/^Extension beyond the spec/);
      expect((schema as z.ZodType).safeParse(undefined).success, key).toBe(true);
    }
  });

  it('documents units in the OpenAPI description of ratios and amounts', () => {
    const json = JSON.stringify(z.toJSONSchema(SeedInfoResponseDto));
    expect(json).toContain('Total note rate, decimal (0.72 = 72 %)');
    expect(json).toContain('NOI divided by loan amount, percentage');
    expect(json).toContain('Loan term, months');
  });
});
