import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { cashFlow, type CashFlowSectionName } from '../../../src-main/domain/cash-flow';
import { policyChecks } from '../../../src-main/domain/credit-policy';
import { dealMetrics } from '../../../src-main/domain/loan-metrics';
import { dealCollateralTotals } from '../../../src-main/domain/rollup';
import { incomeValuation } from '../../../src-main/domain/valuation';
import {
  hasShock,
  stressDeal,
  stressDealUnder,
  yearOneLadder,
  type Shocks,
} from '../../../src-main/domain/stress';
import { collateralArb, dealArb, office, officeDeal, shocksArb } from './analysis-fixtures';
import { expectClose } from './arbitraries';

const deal = officeDeal;
const mild: Shocks = { valueChange: -0.1, vacancyChange: 0.03, rentChange: -0.05, rateChangeBps: 100 };

describe('stressDeal worked by hand', () => {
  it('without shocks shows the deal as it is', () => {
    const m = stressDeal(deal).metrics;
    expect(m).toEqual({
      noi: 570_000,
      value: 9_500_000,
      interestRate: 0.06,
      annualDebtService: 360_000,
      dscr: 570_000 / 360_000,
      debtYield: 9.5,
      ltv: 6_000_000 / 9_500_000,
      loanAmount: 6_000_000,
      ltc: null,
      netCashFlow: 210_000,
      ltvBasis: 'Income',
    });
  });

  it('combines the mild scenario in the documented order: rent, vacancy, NOI, income value, value, rate', () => {
    // Rent -5 %: revenue 950,000, vacancy 47,500; +3 points of 950,000 = 28,500 -> 76,000.
    // EGI 950,000 - 76,000 + 20,000 = 894,000; NOI 494,000; income value 494,000 / 6 % = 8,233,333;
    // value -10 % -> 7,410,000; LTV 6,000,000 / 7,410,000 = 0.8097; rate 7 % -> 420,000;
    // DSCR 494,000 / 420,000 = 1.1762; debt yield 8.2333 %.
    const s = stressDeal(deal, mild);
    expect(s.collaterals[0]!.revenue).toBeCloseTo(950_000, 6);
    expect(s.collaterals[0]!.vacancyAndConcessions).toBeCloseTo(76_000, 6);
    expect(s.collaterals[0]!.incomeValuation).toBeCloseTo(8_233_333.33, 2);
    const m = s.metrics;
    expect(m.noi).toBeCloseTo(494_000, 6);
    expect(m.value).toBeCloseTo(7_410_000, 6);
    expect(m.ltv!).toBeCloseTo(0.80972, 5);
    expect(m.interestRate).toBeCloseTo(0.07, 15);
    expect(m.annualDebtService).toBeCloseTo(420_000, 6);
    expect(m.dscr!).toBeCloseTo(1.17619, 5);
    expect(m.debtYield!).toBeCloseTo(8.23333, 5);
  });

  it('re-derives the income value at the shocked cap rate: +50 bp on the mild scenario gives 494,000 / 6.5 % x 0.9', () => {
    const m = stressDeal(deal, { ...mild, capRateChangeBps: 50 }).metrics;
    expect(m.value).toBeCloseTo(6_840_000, 6);
    expect(m.ltv!).toBeCloseTo(6_000_000 / 6_840_000, 12);
  });

  it('applies the NOI shock after the ladder and before the valuation: -10 % of 494,000 is 444,600', () => {
    const m = stressDeal(deal, { ...mild, noiChange: -0.1 }).metrics;
    expect(m.noi).toBeCloseTo(444_600, 6);
    expect(m.value).toBeCloseTo((444_600 / 0.06) * 0.9, 6);
  });

  it('moves a negative NOI down, not up, under an NOI decline: -100,000 at -10 % is -110,000', () => {
    const losing = { ...office, operatingExpenses: 1_070_000 };
    expect(stressDeal({ ...deal, collaterals: [losing] }).metrics.noi).toBe(-100_000);
    expect(stressDeal({ ...deal, collaterals: [losing] }, { noiChange: -0.1 }).metrics.noi).toBeCloseTo(-110_000, 6);
  });

  it('divides the net income under the NetCashFlow setting, as the deal figures do', () => {
    expect(stressDeal({ ...deal, dscrNumerator: 'NetCashFlow' }).metrics.dscr).toBe(540_000 / 360_000);
  });

  it('adds the rate shock to the note rate of a floating loan, floor included, and keeps Manual debt service', () => {
    const floating = { ...deal, isFixed: false, indexRate: 0.03, rateSpread: 0.02, interestRateFloor: 0.055 };
    const m = stressDeal(floating, { rateChangeBps: 100 }).metrics;
    expect(m.interestRate).toBeCloseTo(0.065, 15);
    expect(m.annualDebtService).toBeCloseTo(390_000, 6);
    const manual = stressDeal({ ...deal, debtServiceMethod: 'Manual', userDebtService: 400_000 }, { rateChangeBps: 300 }).metrics;
    expect(manual.interestRate).toBeCloseTo(0.09, 15);
    expect(manual.annualDebtService).toBe(400_000);
  });

  it('keeps the LTV basis chosen on the unstressed figures: an income value wiped out leaves no LTV and breaks the limit', () => {
    const s = stressDeal(deal, { noiChange: -1 });
    expect(s.metrics.ltvBasis).toBe('Income');
    expect(s.metrics.value).toBe(0);
    expect(s.metrics.ltv).toBeNull();
    expect(policyChecks(s.metrics, { maxLtv: 0.75 }).Ltv).toBe(false);
    // The read would have fallen back to the sales value (6,000,000 / 9,000,000): a stress must not.
    expect(s.dealMetrics.ltv).toBe(0);
  });

  it('measures no LTV when the deal has no valuation > 0 on the basis it names', () => {
    const m = stressDeal({ ...deal, userSelectedLtv: 'Alternative' }).metrics;
    expect(m.ltvBasis).toBeNull();
    expect(m.ltv).toBeNull();
    expect(policyChecks(m, { maxLtv: 0.75 }).Ltv).toBeNull();
  });

  it('keeps vacancy and concessions between 0 and 100 % of revenue under a vacancy shock', () => {
    const full = stressDeal({ ...deal, collaterals: [{ ...office, vacancyAndConcessions: 980_000 }] }, { vacancyChange: 0.03 });
    expect(full.collaterals[0]!.vacancyAndConcessions).toBe(1_000_000);
    const empty = stressDeal(deal, { vacancyChange: -0.1 });
    expect(empty.collaterals[0]!.vacancyAndConcessions).toBe(0);
  });

  it('gives no income value to a collateral without a cap rate, and none at a cap rate shocked to 0 or below', () => {
    const noCap = stressDeal({ ...deal, collaterals: [{ ...office, capRate: 0 }] }, { capRateChangeBps: 100 });
    expect(noCap.collaterals[0]!.incomeValuation).toBe(0);
    expect(noCap.metrics.ltvBasis).toBe('Sales');
    expect(stressDeal(deal, { capRateChangeBps: -700 }).collaterals[0]!.incomeValuation).toBe(0);
  });

  it('sums the collaterals of the deal', () => {
    const m = stressDeal({ ...deal, collaterals: [office, office] }).metrics;
    expect(m.noi).toBe(1_140_000);
    expect(m.value).toBe(19_000_000);
  });
});

const SECTIONS: CashFlowSectionName[] = ['revenue', 'vacancyAndConcessions', 'otherIncome', 'operatingExpenses', 'belowTheLineExpense'];

/** Amounts in cents, as ledgers hold them: their sums round, so an addition in another order shows. */
const cents = fc.integer({ min: 0, max: 1_000_000_000 }).map((c) => c / 100);

/** A collateral's cash flow of independent lines (up to 4 a section), with its cap rate and other values. */
const collateralWithCashFlowArb = fc.record({
  lines: fc.tuple(...SECTIONS.map(() => fc.array(cents, { maxLength: 4 }))),
  capRate: fc.oneof(fc.constant(0), fc.double({ min: 0.03, max: 0.12, noNaN: true })),
  salesValuation: fc.oneof(fc.constant(0), fc.double({ min: 1e4, max: 1e9, noNaN: true })),
  alternativeValuation: fc.oneof(fc.constant(0), fc.double({ min: 1e4, max: 1e9, noNaN: true })),
}).map(({ lines, ...rest }) => ({
  ...rest,
  cashFlow: cashFlow({
    years: 1,
    totalSf: 1,
    totalUnits: 1,
    transactions: SECTIONS.flatMap((section, i) =>
      lines[i]!.map((amount) => ({ section, group: 'g', description: '', comment: '', measureType: 'Unspecified', amount, annualizedByYear: [amount] })),
    ),
  }),
}));

/** Shock by shock, the harsher of two scenarios: the lower of the declines, the higher of the rises. */
function harsher(a: Shocks, b: Shocks, declines: (keyof Shocks)[], rises: (keyof Shocks)[]): Shocks {
  const pick = (name: keyof Shocks, f: (x: number, y: number) => number) => [name, f(a[name] ?? 0, b[name] ?? 0)];
  return Object.fromEntries([...declines.map((n) => pick(n, Math.min)), ...rises.map((n) => pick(n, Math.max))]) as Shocks;
}

describe('stressDeal properties', () => {
  it('with no shock, or every shock 0, reproduces the figures of the reads bit for bit', () => {
    fc.assert(
      fc.property(dealArb, fc.array(collateralWithCashFlowArb, { minLength: 1, maxLength: 4 }), fc.boolean(), (d, collaterals, explicitZeros) => {
        // Today's path: the collateral's cash flow -> its figures -> deal totals -> dealMetrics.
        const figures = collaterals.map((c) => ({
          netOperatingIncome: c.cashFlow.netOperatingIncome,
          netIncome: c.cashFlow.netIncome,
          incomeValuation: incomeValuation(c.cashFlow.netOperatingIncome, c.capRate),
          salesValuation: c.salesValuation,
          alternativeValuation: c.alternativeValuation,
          totalSF: 0,
          totalUnit: 0,
        }));
        const totals = dealCollateralTotals(figures);
        const today = dealMetrics({ ...d, collateral: totals });

        const input = { ...d, collaterals: collaterals.map(({ cashFlow: cf, ...c }) => ({ ...c, ...yearOneLadder(cf) })) };
        const zero = { noiChange: 0, rateChangeBps: 0, valueChange: 0, capRateChangeBps: 0, rentChange: 0, vacancyChange: 0 };
        const s = stressDeal(input, explicitZeros ? zero : {});
        expect(s.dealMetrics).toEqual(today);
        expect(s.metrics.noi).toBe(totals.netOperatingIncome);
        expect(s.metrics.annualDebtService).toBe(today.debtService);
        expect(s.metrics.interestRate).toBe(today.interestRate);
        expect(s.metrics.netCashFlow).toBe(today.netCashFlow);
        expect(s.metrics.dscr).toBe(today.debtService > 0 ? today.dscr : null);
        expect(s.metrics.debtYield).toBe(d.grossLoan > 0 ? today.debtYield : null);
        expect(s.metrics.ltv).toBe(s.metrics.ltvBasis === null ? null : today.ltv);
        expect(s.metrics.ltc).toBe(d.projectTotalCost > 0 ? today.ltc : null);
        expect(s).toEqual(stressDeal(input));
      }),
    );
  });

  it('never improves DSCR under a worse shock (lower NOI, rent, higher rate, vacancy); a DSCR below 0 stays below 0', () => {
    fc.assert(
      fc.property(dealArb, shocksArb, shocksArb, (d, a, b) => {
        const worse = harsher(a, b, ['noiChange', 'rentChange'], ['rateChangeBps', 'vacancyChange']);
        const better = stressDeal(d, a).metrics.dscr;
        const worst = stressDeal(d, worse).metrics.dscr;
        if (better === null || worst === null) return;
        expect(worst).toBeLessThanOrEqual(Math.max(better, 0) + 1e-9 * Math.max(1, Math.abs(better)));
      }),
    );
  });

  it('never lowers LTV under a worse shock (lower NOI, rent, value, higher cap rate, vacancy); no LTV left is the worst', () => {
    const rank = (ltv: number | null) => (ltv === null ? Number.POSITIVE_INFINITY : ltv);
    fc.assert(
      fc.property(dealArb, shocksArb, shocksArb, (d, a, b) => {
        const worse = harsher(a, b, ['noiChange', 'rentChange', 'valueChange'], ['capRateChangeBps', 'vacancyChange']);
        const better = stressDeal(d, a).metrics;
        if (better.ltvBasis === null) return;
        const worst = stressDeal(d, worse).metrics;
        expect(rank(worst.ltv)).toBeGreaterThanOrEqual(rank(better.ltv) * (1 - 1e-12));
      }),
    );
  });

  it('changes only what a shock reaches: a rate shock leaves NOI and value, a value shock leaves NOI and DSCR', () => {
    fc.assert(
      fc.property(dealArb, fc.double({ min: -300, max: 1_000, noNaN: true }), fc.double({ min: -1, max: 0.5, noNaN: true }), (d, bps, change) => {
        const base = stressDeal(d).metrics;
        const rate = stressDeal(d, { rateChangeBps: bps }).metrics;
        expect([rate.noi, rate.value, rate.ltv]).toEqual([base.noi, base.value, base.ltv]);
        const value = stressDeal(d, { valueChange: change }).metrics;
        expect([value.noi, value.dscr, value.annualDebtService]).toEqual([base.noi, base.dscr, base.annualDebtService]);
        if (base.ltvBasis !== null) expectClose(value.value, base.value * (1 + change), 1e-12);
      }),
    );
  });

  it('has a shock when and only when one is non-zero', () => {
    expect(hasShock({})).toBe(false);
    expect(hasShock({ noiChange: 0, rateChangeBps: 0 })).toBe(false);
    expect(hasShock({ vacancyChange: 0.03 })).toBe(true);
    fc.assert(fc.property(collateralArb, (c) => stressDeal({ ...deal, collaterals: [c] }, { rentChange: 0 }).collaterals[0]!.revenue === c.revenue));
  });
});

describe('stressDealUnder', () => {
  it('gives the base and every scenario exactly as a stressDeal call each', () => {
    fc.assert(
      fc.property(dealArb, fc.array(shocksArb, { maxLength: 4 }), (d, scenarios) => {
        const all = stressDealUnder(d, scenarios);
        expect(all.base).toEqual(stressDeal(d));
        expect(all.stressed).toEqual(scenarios.map((s) => stressDeal(d, s)));
      }),
    );
  });
});

describe('a deal without income (a new deal whose cash flows are not entered)', () => {
  const empty = { ...office, revenue: 0, vacancyAndConcessions: 0, otherIncome: 0, operatingExpenses: 0, belowTheLineExpense: 0, capRate: 0, salesValuation: 0 };
  it('has no DSCR or debt yield to measure, unstressed or under any shock, even once a rate shock gives it debt service', () => {
    for (const rateSpread of [0.06, 0]) {
      const deal = { ...officeDeal, rateSpread, collaterals: [empty] };
      for (const shocks of [{}, { rateChangeBps: 300 }, { noiChange: -0.3, valueChange: -0.3, rateChangeBps: 100 }]) {
        const m = stressDeal(deal, shocks).metrics;
        expect(m.dscr).toBeNull();
        expect(m.debtYield).toBeNull();
        expect(m.ltv).toBeNull();
      }
    }
    // Under the same rate shock a deal with income has its DSCR, 0 included when a shock takes all of it.
    expect(stressDeal(officeDeal, { noiChange: -1 }).metrics.dscr).toBe(0);
  });
});
