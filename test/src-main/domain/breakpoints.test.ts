import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { breakpoints, solveRate } from '../../../src-main/domain/breakpoints';
import type { CreditPolicy } from '../../../src-main/domain/credit-policy';
import { stressDeal } from '../../../src-main/domain/stress';
import { dealArb, office, officeDeal } from './analysis-fixtures';
import { expectClose } from './arbitraries';

const deal = officeDeal;
const policy: CreditPolicy = { minDscr: 1.25, minDebtYield: 8, maxLtv: 0.75 };

describe('breakpoints worked by hand', () => {
  it('gives the room before each limit breaks, and the binding NOI decline', () => {
    const b = breakpoints(deal, policy);
    // DSCR: (570,000 - 1.25 x 360,000) / 570,000 = 21.05 %; debt yield: (570,000 - 8 % x 6,000,000) / 570,000 = 15.79 %.
    expect(b.noiDeclineDscr).toBeCloseTo(120_000 / 570_000, 15);
    expect(b.noiDeclineDebtYield).toBeCloseTo(90_000 / 570_000, 15);
    expect(b.noiDecline).toBe(b.noiDeclineDebtYield);
    expect(b.noiDeclineBinding).toBe('DebtYield');
    // DSCR 1.25x at debt service 456,000 = 6,000,000 x 7.6 %: 160 bp above 6 %.
    expect(b.rateIncreaseBps).toBeCloseTo(160, 9);
    // LTV 75 % at a value of 8,000,000: 1 - 6,000,000 / (0.75 x 9,500,000) = 15.79 %.
    expect(b.valueDecline).toBeCloseTo(1 - 6_000_000 / 7_125_000, 15);
    expect(b.breakEvenNoi).toBe(360_000);
    expect(b.notApplicable).toEqual({});
  });

  it('under the NetCashFlow setting declines NOI until net income covers 1.25x, and breaks even when it covers 1x', () => {
    const b = breakpoints({ ...deal, dscrNumerator: 'NetCashFlow' }, policy);
    expect(b.noiDeclineDscr).toBeCloseTo((540_000 - 450_000) / 570_000, 15);
    expect(b.breakEvenNoi).toBe(390_000);
    expect(b.rateIncreaseBps).toBeCloseTo((540_000 / 1.25 / 6_000_000 - 0.06) * 10_000, 9);
  });

  it('is negative when a limit is already breached: the move back that would restore it', () => {
    // $8,000,000: debt service 480,000, DSCR 1.1875x < 1.25x, LTV 0.842 > 0.75.
    const b = breakpoints({ ...deal, grossLoan: 8_000_000 }, policy);
    expect(b.noiDeclineDscr).toBeCloseTo(-30_000 / 570_000, 15);
    expect(b.rateIncreaseBps).toBeCloseTo(-30, 9);
    expect(b.valueDecline).toBeCloseTo(1 - 8_000_000 / 7_125_000, 15);
    expect(b.noiDecline!).toBeLessThan(0);
  });

  it('solves the rate of an amortizing loan: at the breakpoint 12 x PMT gives DSCR 1.25x', () => {
    const amortizing = { ...deal, loanPaymentStructure: 'P_I_Amortization' as const, amortizationTerm: 360 };
    const b = breakpoints(amortizing, policy);
    // 6 % / 30 years: K = 7.1946 %, DSCR 1.3204x; K must reach 7.6 %, a rate a little above 6.5 %.
    expect(b.rateIncreaseBps!).toBeGreaterThan(50);
    expect(b.rateIncreaseBps!).toBeLessThan(60);
    expect(stressDeal(amortizing, { rateChangeBps: b.rateIncreaseBps! }).metrics.dscr).toBeCloseTo(1.25, 12);
  });

  it('names why a breakpoint does not apply', () => {
    expect(breakpoints(deal, {}).notApplicable).toEqual({
      noiDeclineDscr: 'NoPolicyLimit',
      noiDeclineDebtYield: 'NoPolicyLimit',
      rateIncreaseBps: 'NoPolicyLimit',
      valueDecline: 'NoPolicyLimit',
    });
    expect(breakpoints(deal, {}).breakEvenNoi).toBe(360_000);

    const manual = breakpoints({ ...deal, debtServiceMethod: 'Manual', userDebtService: 400_000 }, policy);
    expect(manual.rateIncreaseBps).toBeNull();
    expect(manual.notApplicable).toEqual({ rateIncreaseBps: 'ManualDebtService' });
    expect(manual.noiDeclineDscr).toBeCloseTo((570_000 - 500_000) / 570_000, 15);

    const noLoan = breakpoints({ ...deal, grossLoan: 0 }, policy);
    expect(noLoan.notApplicable).toEqual({
      noiDeclineDscr: 'NoDebtService',
      noiDeclineDebtYield: 'NoLoan',
      rateIncreaseBps: 'NoLoan',
      valueDecline: 'NoLoan',
      breakEvenNoi: 'NoDebtService',
    });
    expect([noLoan.noiDecline, noLoan.noiDeclineBinding]).toEqual([null, null]);

    const noIncome = breakpoints({ ...deal, collaterals: [{ ...office, operatingExpenses: 970_000, salesValuation: 0 }] }, policy);
    expect(noIncome.notApplicable).toMatchObject({ noiDeclineDscr: 'NoIncome', noiDeclineDebtYield: 'NoIncome', rateIncreaseBps: 'BreachedAtAnyRate', valueDecline: 'NoValue' });

    const noTerm = breakpoints({ ...deal, loanPaymentStructure: 'P_I_Amortization', amortizationTerm: 0 }, policy);
    expect(noTerm.notApplicable.rateIncreaseBps).toBe('NoDebtService');
  });
});

describe('solveRate', () => {
  it('finds the rate of an increasing function to the last bit, up or down from the start', () => {
    const f = (r: number) => r * r * r + r;
    expect(f(solveRate(f, 10, 0)!)).toBeCloseTo(10, 12);
    expect(f(solveRate(f, -3, 5)!)).toBeCloseTo(-3, 12);
    expect(solveRate(f, f(0.07), 0.07)).toBeCloseTo(0.07, 15);
  });

  it('gives up when no rate in range reaches the target', () => {
    expect(solveRate(() => 1, 2, 0)).toBeNull();
    expect(solveRate(() => 1, 0, 0)).toBeNull();
  });
});

const policyArb = fc.record(
  {
    minDscr: fc.double({ min: 1, max: 2, noNaN: true }),
    minDebtYield: fc.double({ min: 5, max: 15, noNaN: true }),
    maxLtv: fc.double({ min: 0.3, max: 0.95, noNaN: true }),
  },
  { requiredKeys: [] },
);

describe('breakpoints properties', () => {
  it('applied as the scenario shock, leaves each metric exactly at its limit', () => {
    fc.assert(
      fc.property(dealArb, policyArb, (d, p) => {
        const b = breakpoints(d, p);
        const base = stressDeal(d);
        // The shocked numerator is a difference of figures as large as the NOI: measure the error against them.
        const scale = base.noiShockScale + Math.abs(base.dscrIncome) + Math.abs(base.metrics.noi);
        if (b.noiDeclineDscr !== null) {
          const m = stressDeal(d, { noiChange: -b.noiDeclineDscr }).metrics;
          expectClose(m.dscr! * m.annualDebtService, p.minDscr! * m.annualDebtService, 1e-12, scale);
        }
        if (b.noiDeclineDebtYield !== null) {
          const m = stressDeal(d, { noiChange: -b.noiDeclineDebtYield }).metrics;
          expectClose((m.debtYield! / 100) * d.grossLoan, (p.minDebtYield! / 100) * d.grossLoan, 1e-12, scale);
        }
        if (b.rateIncreaseBps !== null) {
          expectClose(stressDeal(d, { rateChangeBps: b.rateIncreaseBps }).metrics.dscr!, p.minDscr!, 1e-9);
        }
        if (b.valueDecline !== null) {
          expectClose(stressDeal(d, { valueChange: -b.valueDecline }).metrics.ltv!, p.maxLtv!, 1e-9);
        }
        if (b.breakEvenNoi !== null && base.noiShockScale > 0) {
          const m = stressDeal(d, { noiChange: (b.breakEvenNoi - base.metrics.noi) / base.noiShockScale }).metrics;
          expectClose(m.dscr! * m.annualDebtService, m.annualDebtService, 1e-12, scale);
        }
      }),
    );
  });

  it('is positive exactly when the limit holds today', () => {
    fc.assert(
      fc.property(dealArb, policyArb, (d, p) => {
        const b = breakpoints(d, p);
        const m = stressDeal(d).metrics;
        if (b.noiDeclineDscr !== null && b.noiDeclineDscr !== 0) expect(b.noiDeclineDscr > 0).toBe(m.dscr! > p.minDscr!);
        if (b.valueDecline !== null && b.valueDecline !== 0) expect(b.valueDecline > 0).toBe(m.ltv! < p.maxLtv!);
        if (b.noiDecline !== null) expect(b.noiDecline).toBe(Math.min(...[b.noiDeclineDscr, b.noiDeclineDebtYield].filter((x) => x !== null)));
      }),
    );
  });
});
