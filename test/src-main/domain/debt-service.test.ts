import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  amortizationSchedule,
  annualDebtService,
  debtConstant,
  debtServiceOnTerms,
  monthlyPayment,
  type AnnualDebtServiceInput,
} from '../../../src-main/domain/debt-service';
import { anyFinite, expectClose, money, months, rate } from './arbitraries';

const loan30y: AnnualDebtServiceInput = {
  loanAmount: 1_000_000,
  annualRate: 0.065,
  loanPaymentStructure: 'P_I_Amortization',
  amortizationTerm: 360,
  debtServiceMethod: 'Calculated',
  userDebtService: 0,
};

describe('monthlyPayment', () => {
  it('matches Excel =PMT(0.065/12, 360, -1000000) = 6,320.68 for a $1,000,000 30-year loan at 6.5%', () => {
    expect(monthlyPayment(1_000_000, 0.065, 360)).toBeCloseTo(6320.68, 2);
  });

  it('matches Excel =PMT(0.05/12, 300, -500000) = 2,922.95 for a $500,000 25-year loan at 5%', () => {
    expect(monthlyPayment(500_000, 0.05, 300)).toBeCloseTo(2922.95, 2);
  });

  it('is the loan over the term when the rate is 0, as Excel =PMT(0, 360, -1000000) = 2,777.78', () => {
    expect(monthlyPayment(1_000_000, 0, 360)).toBe(1_000_000 / 360);
  });

  it('keeps its precision for a rate close to zero, approaching the loan over the term', () => {
    expectClose(monthlyPayment(1_000_000, 1e-12, 360), 1_000_000 / 360, 1e-9);
  });

  it('is 0 when there is no amortization term', () => {
    expect(monthlyPayment(1_000_000, 0.065, 0)).toBe(0);
    expect(monthlyPayment(1_000_000, 0.065, -12)).toBe(0);
  });

  it('is finite for any finite loan, rate and term', () => {
    fc.assert(fc.property(anyFinite, anyFinite, anyFinite, (l, r, n) => Number.isFinite(monthlyPayment(l, r, n))));
  });
});

describe('annualDebtService', () => {
  it('is twelve level payments for an amortizing loan: 12 x 6,320.68 = 75,848.16 (Excel =PMT x 12)', () => {
    expect(annualDebtService(loan30y)).toBeCloseTo(75_848.16, 2);
  });

  it('is loan x rate for an interest-only loan on 30/360: $1,000,000 x 6.5% = 65,000', () => {
    expect(annualDebtService({ ...loan30y, loanPaymentStructure: 'InterestOnly' })).toBe(65_000);
    expect(annualDebtService({ ...loan30y, loanPaymentStructure: 'InterestOnly', dayCount: '30/360' })).toBe(65_000);
  });

  it('charges 365/360 of the rate for an interest-only loan on Actual/360: 65,000 x 365/360 = 65,902.78', () => {
    const ds = annualDebtService({ ...loan30y, loanPaymentStructure: 'InterestOnly', dayCount: 'Actual/360' });
    expect(ds).toBeCloseTo(65_902.78, 2);
  });

  it('leaves an amortizing payment unchanged by the day count', () => {
    expect(annualDebtService({ ...loan30y, dayCount: 'Actual/360' })).toBe(annualDebtService(loan30y));
  });

  it('returns the user figure when the method is Manual, whatever the terms', () => {
    expect(annualDebtService({ ...loan30y, debtServiceMethod: 'Manual', userDebtService: 81_234.5 })).toBe(81_234.5);
  });

  it('is finite for any money-sized loan, rate and term', () => {
    fc.assert(
      fc.property(
        money,
        rate,
        months,
        fc.constantFrom('InterestOnly' as const, 'P_I_Amortization' as const),
        fc.constantFrom('30/360' as const, 'Actual/360' as const, 'Actual/365' as const),
        (loanAmount, annualRate, amortizationTerm, loanPaymentStructure, dayCount) => {
          const ds = annualDebtService({ ...loan30y, loanAmount, annualRate, amortizationTerm, loanPaymentStructure, dayCount });
          return Number.isFinite(ds);
        },
      ),
    );
  });
});

describe('amortizationSchedule', () => {
  it('splits the first payment as Excel =IPMT(0.065/12,1,360,-1000000) = 5,416.67 and =PPMT(...) = 904.01', () => {
    const [first] = amortizationSchedule(1_000_000, 0.065, 360);
    expect(first?.period).toBe(1);
    expect(first?.interest).toBeCloseTo(5416.67, 2);
    expect(first?.principal).toBeCloseTo(904.01, 2);
    expect(first?.balance).toBeCloseTo(1_000_000 - 904.01, 2);
  });

  it('pays total interest equal to Excel =CUMIPMT(0.065/12, 360, 1000000, 1, 360, 0) = 1,275,444.88', () => {
    const rows = amortizationSchedule(1_000_000, 0.065, 360);
    expect(rows.reduce((t, r) => t + r.interest, 0)).toBeCloseTo(1_275_444.88, 2);
  });

  it('has no rows without a term', () => {
    expect(amortizationSchedule(1_000_000, 0.065, 0)).toEqual([]);
  });

  it('amortizes the loan to zero after n level payments', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }),
        fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.3, noNaN: true, noDefaultInfinity: true })),
        fc.integer({ min: 1, max: 480 }),
        (loan, annualRate, n) => {
          const rows = amortizationSchedule(loan, annualRate, n);
          const level = monthlyPayment(loan, annualRate, n);
          expect(rows).toHaveLength(n);
          expect(rows.at(-1)?.balance).toBe(0);
          // The closing row only absorbs floating-point residue: it is still the level payment.
          expectClose(rows.at(-1)!.payment, level, 1e-9, loan);
          expectClose(rows.reduce((t, r) => t + r.principal, 0), loan, 1e-9);
          const offLevel = rows.slice(0, -1).filter((row) => row.payment !== level);
          expect(offLevel).toEqual([]);
          const unbalanced = rows.filter((row) => Math.abs(row.interest + row.principal - row.payment) > 1e-12 * Math.max(1, loan));
          expect(unbalanced).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('has only finite figures for any money-sized loan and rate', () => {
    fc.assert(
      fc.property(money, rate, fc.integer({ min: 0, max: 360 }), (loan, annualRate, n) =>
        amortizationSchedule(loan, annualRate, n).every((row) =>
          [row.payment, row.interest, row.principal, row.balance].every(Number.isFinite),
        ),
      ),
      { numRuns: 100 },
    );
  });
});

/** The textbook annuity formula, written out separately: L x i / (1 - (1 + i)^-n), L / n at i = 0. */
function pmtFormula(loan: number, annualRate: number, months: number): number {
  const i = annualRate / 12;
  return i === 0 ? loan / months : (loan * i) / (1 - (1 + i) ** -months);
}

describe('debtConstant', () => {
  it("matches Microsoft's PMT example: =PMT(8%/12, 10, 10000) = -1,037.03 (support.microsoft.com, PMT function)", () => {
    expect(monthlyPayment(10_000, 0.08, 10)).toBeCloseTo(1037.03, 2);
    expect((10_000 * debtConstant({ annualRate: 0.08, amortizationMonths: 10 })) / 12).toBeCloseTo(1037.03, 2);
  });

  it('is 12 x PMT(rate/12, n, -1) for an amortizing loan: 6 % over 30 years is 0.0719461 (7.19 %)', () => {
    // 12 x 0.005 / (1 - 1.005^-360) = 0.07194606...
    expect(debtConstant({ annualRate: 0.06, amortizationMonths: 360 })).toBeCloseTo(0.0719461, 7);
  });

  it('is 12 / n at a zero rate, as Excel =PMT(0, 360, -1) x 12 = 1/30', () => {
    expect(debtConstant({ annualRate: 0, amortizationMonths: 360 })).toBeCloseTo(1 / 30, 15);
  });

  it('is the rate under the day count for an interest-only loan (no amortization, or 0 months)', () => {
    expect(debtConstant({ annualRate: 0.065 })).toBe(0.065);
    expect(debtConstant({ annualRate: 0.065, amortizationMonths: 0, dayCount: '30/360' })).toBe(0.065);
    expect(debtConstant({ annualRate: 0.065, dayCount: 'Actual/365' })).toBe(0.065);
    expect(debtConstant({ annualRate: 0.065, dayCount: 'Actual/360' })).toBe(0.065 * (365 / 360));
  });

  // From 1 bp up: below that the written-out formula itself cancels catastrophically in 1 - (1+i)^-n.
  it('agrees with the annuity formula computed independently, for any rate from 1 bp to 25 % and term up to 40 years', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 0.25, noNaN: true }), fc.integer({ min: 1, max: 480 }), (r, n) => {
        // The textbook form loses digits to cancellation in 1 - (1 + i)^-n when i and n are small
        // (about 2e-10 at 1 bp over one month), so the comparison allows that much.
        expectClose(debtConstant({ annualRate: r, amortizationMonths: n }), 12 * pmtFormula(1, r, n), 1e-9);
      }),
    );
  });

  it("times the loan is the deal's calculated debt service (annualDebtService), whatever the structure and day count", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 0.25, noNaN: true }),
        fc.integer({ min: 0, max: 480 }),
        fc.constantFrom('30/360' as const, 'Actual/360' as const, 'Actual/365' as const),
        (loan, r, n, dayCount) => {
          const terms = { annualRate: r, amortizationMonths: n, dayCount };
          const ds = annualDebtService({
            ...loan30y,
            loanAmount: loan,
            annualRate: r,
            amortizationTerm: n,
            loanPaymentStructure: n > 0 ? 'P_I_Amortization' : 'InterestOnly',
            dayCount,
          });
          expect(debtServiceOnTerms(loan, terms)).toBe(ds);
          expectClose(loan * debtConstant(terms), ds, 1e-12);
        },
      ),
    );
  });
});
