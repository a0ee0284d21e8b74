import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { AnalysisMetrics } from '../../../src-main/domain/credit-policy';
import {
  addToPortfolio,
  DSCR_BUCKET_EDGES,
  mergePortfolios,
  portfolioAccumulator,
  portfolioSummary,
  type PortfolioAccumulator,
} from '../../../src-main/domain/portfolio-stress';
import { stressDeal } from '../../../src-main/domain/stress';
import { dealArb, officeDeal, shocksArb } from './analysis-fixtures';
import { expectClose } from './arbitraries';

const policy = { minDscr: 1.25, maxLtv: 0.75 };

function metrics(loanAmount: number, dscr: number | null, ltv: number | null, ltvBasis: AnalysisMetrics['ltvBasis'] = 'Income'): AnalysisMetrics {
  return {
    noi: 0, value: ltv === null ? 0 : loanAmount / ltv, interestRate: 0.06, annualDebtService: dscr === null ? 0 : 1,
    dscr, debtYield: loanAmount > 0 ? 9 : null, ltv, loanAmount, ltc: null, netCashFlow: 0, ltvBasis,
  };
}

const feed = (deals: readonly AnalysisMetrics[], acc: PortfolioAccumulator = portfolioAccumulator(policy)) => deals.reduce(addToPortfolio, acc);

describe('portfolio stress worked by hand', () => {
  it('counts and weighs four deals', () => {
    const s = portfolioSummary(
      feed([
        metrics(10_000_000, 1.5, 0.6),
        metrics(5_000_000, 1.1, 0.8), // below policy on both
        metrics(2_000_000, 0.9, null), // below 1.00x; the stress wiped out its value: above any LTV limit
        metrics(3_000_000, null, 0.7, null), // no debt service: no DSCR; no LTV basis: not tested
      ]),
    );
    expect([s.deals, s.exposure]).toEqual([4, 20_000_000]);
    expect(s.dscrBelowPolicy).toEqual({ count: 2, exposure: 7_000_000 });
    expect(s.dscrBelowOne).toEqual({ count: 1, exposure: 2_000_000 });
    expect(s.ltvAbovePolicy).toEqual({ count: 2, exposure: 7_000_000 });
    // (10 x 1.5 + 5 x 1.1 + 2 x 0.9) / 17 = 1.3118; (10 x 0.6 + 5 x 0.8 + 3 x 0.7) / 18 = 0.6722.
    expect(s.dscrMeasured).toEqual({ count: 3, exposure: 17_000_000 });
    expect(s.weightedDscr).toBeCloseTo(22.3 / 17, 12);
    expect(s.ltvMeasured).toEqual({ count: 3, exposure: 18_000_000 });
    expect(s.weightedLtv).toBeCloseTo(12.1 / 18, 12);
    expect(s.dscrDistribution.map((b) => [b.from, b.to, b.count])).toEqual([
      [null, 0.8, 0], [0.8, 1, 1], [1, 1.1, 0], [1.1, 1.2, 1], [1.2, 1.25, 0], [1.25, 1.35, 0], [1.35, 1.5, 0], [1.5, 2, 1], [2, null, 0],
    ]);
  });

  it('has no weighted figures for an empty portfolio', () => {
    const s = portfolioSummary(portfolioAccumulator(policy));
    expect([s.deals, s.exposure, s.weightedDscr, s.weightedLtv]).toEqual([0, 0, null, null]);
  });

  it('leaves the accumulator it was given unchanged', () => {
    const acc = Object.freeze(portfolioAccumulator(policy));
    const next = addToPortfolio(acc, metrics(1, 1, 0.5));
    expect(acc.deals).toBe(0);
    expect(next.deals).toBe(1);
  });
});

const portfolioArb = fc.array(fc.tuple(dealArb, shocksArb), { maxLength: 25 }).map((xs) => xs.map(([d, s]) => stressDeal(d, s).metrics));

describe('portfolio stress properties', () => {
  it('counts and exposures are the sums over its deals', () => {
    fc.assert(
      fc.property(portfolioArb, (deals) => {
        const s = portfolioSummary(feed(deals));
        const over = (keep: (m: AnalysisMetrics) => boolean) => {
          const kept = deals.filter(keep);
          return { count: kept.length, exposure: kept.reduce((t, m) => t + m.loanAmount, 0) };
        };
        expect(s.deals).toBe(deals.length);
        expect(s.exposure).toBe(over(() => true).exposure);
        expect(s.dscrBelowPolicy).toEqual(over((m) => m.dscr !== null && m.dscr < policy.minDscr));
        expect(s.dscrBelowOne).toEqual(over((m) => m.dscr !== null && m.dscr < 1));
        expect(s.ltvAbovePolicy).toEqual(over((m) => m.loanAmount > 0 && m.ltvBasis !== null && (m.ltv === null || m.ltv > policy.maxLtv)));
        const dscrs = deals.filter((m) => m.dscr !== null);
        const weight = dscrs.reduce((t, m) => t + m.loanAmount, 0);
        if (weight > 0) expectClose(s.weightedDscr!, dscrs.reduce((t, m) => t + m.loanAmount * m.dscr!, 0) / weight, 1e-9);
        else expect(s.weightedDscr).toBeNull();
        expect(s.dscrDistribution.reduce((t, b) => t + b.count, 0)).toBe(s.dscrMeasured.count);
        expect(s.dscrDistribution).toHaveLength(DSCR_BUCKET_EDGES.length + 1);
      }),
    );
  });

  it('merging the totals of two parts gives the totals of the whole', () => {
    fc.assert(
      fc.property(portfolioArb, portfolioArb, (a, b) => {
        const merged = portfolioSummary(mergePortfolios(feed(a), feed(b)));
        const whole = portfolioSummary(feed([...a, ...b]));
        expect(merged.deals).toBe(whole.deals);
        for (const key of ['dscrBelowPolicy', 'dscrBelowOne', 'ltvAbovePolicy', 'dscrMeasured', 'ltvMeasured'] as const) {
          expect(merged[key].count).toBe(whole[key].count);
          expectClose(merged[key].exposure, whole[key].exposure, 1e-12);
        }
        expectClose(merged.exposure, whole.exposure, 1e-12);
        if (whole.weightedDscr !== null) expectClose(merged.weightedDscr!, whole.weightedDscr, 1e-9);
        expect(merged.dscrDistribution.map((x) => x.count)).toEqual(whole.dscrDistribution.map((x) => x.count));
      }),
    );
  });
});

describe('deals not measured on a limit', () => {
  it('are counted apart and in no breach count: a new deal without income under a rate shock, and a deal without a valuation', () => {
    const newDeal = stressDeal({ ...officeDealWithoutIncome(), rateSpread: 0 }, { rateChangeBps: 300, valueChange: -0.3 }).metrics;
    expect(newDeal.annualDebtService).toBeGreaterThan(0);
    const s = portfolioSummary(feed([newDeal, metrics(2_000_000, 1.1, 0.8), metrics(3_000_000, 1.4, null, null)]));
    expect(s.deals).toBe(3);
    expect(s.dscrBelowPolicy).toEqual({ count: 1, exposure: 2_000_000 });
    expect(s.dscrBelowOne).toEqual({ count: 0, exposure: 0 });
    expect(s.ltvAbovePolicy).toEqual({ count: 1, exposure: 2_000_000 });
    expect(s.dscrNotMeasured).toEqual({ count: 1, exposure: 6_000_000 });
    expect(s.ltvNotMeasured).toEqual({ count: 2, exposure: 9_000_000 });
    // Merged parts count them the same.
    const merged = portfolioSummary(mergePortfolios(feed([newDeal]), feed([metrics(2_000_000, 1.1, 0.8), metrics(3_000_000, 1.4, null, null)])));
    expect(merged.dscrNotMeasured).toEqual(s.dscrNotMeasured);
    expect(merged.ltvNotMeasured).toEqual(s.ltvNotMeasured);
  });
});

function officeDealWithoutIncome() {
  const empty = { ...officeDeal.collaterals[0]!, revenue: 0, vacancyAndConcessions: 0, otherIncome: 0, operatingExpenses: 0, belowTheLineExpense: 0, capRate: 0, salesValuation: 0 };
  return { ...officeDeal, collaterals: [empty] };
}
