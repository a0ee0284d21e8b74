import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  amortizationSchedule,
  annualDebtService,
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
