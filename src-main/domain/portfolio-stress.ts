import { policyChecks, type AnalysisMetrics, type CreditPolicy } from './credit-policy';
import { ratio } from './ratio';

export interface ExposureCount {
  count: number;
  /** Sum of the deals' loan amounts, USD. */
  exposure: number;
}

export interface DscrBucket extends ExposureCount {
  /** Inclusive lower edge; null: no lower edge. */
  from: number | null;
  /** Exclusive upper edge; null: no upper edge. */
  to: number | null;
}

/** The edges of the DSCR distribution: below 0.80x, 0.80-1.00x, ..., 2.00x and above. */
export const DSCR_BUCKET_EDGES = [0.8, 1, 1.1, 1.2, 1.25, 1.35, 1.5, 2] as const;

/**
 * The running totals of a portfolio under one set of metrics (base, or one scenario). Feed it
 * deal by deal with addToPortfolio, or merge partial totals: nothing keeps the deals themselves.
 */
export interface PortfolioAccumulator {
  readonly policy: CreditPolicy;
  readonly deals: number;
  readonly exposure: number;
  readonly dscrBelowPolicy: ExposureCount;
  readonly dscrBelowOne: ExposureCount;
  readonly ltvAbovePolicy: ExposureCount;
  /** Deals with a DSCR (debt service > 0). */
  readonly dscrMeasured: ExposureCount;
  /** Deals with a finite LTV (a basis value > 0). */
  readonly ltvMeasured: ExposureCount;
  /** Deals with no DSCR (no debt service, or no income): in no DSCR count. */
  readonly dscrNotMeasured: ExposureCount;
  /** Deals with no LTV basis (no valuation above 0): in no LTV count. */
  readonly ltvNotMeasured: ExposureCount;
  /** Sum of loan x DSCR over dscrMeasured. */
  readonly dscrTimesExposure: number;
  /** Sum of loan x LTV over ltvMeasured. */
  readonly ltvTimesExposure: number;
  /** The deals with a DSCR, by DSCR_BUCKET_EDGES. */
  readonly dscrDistribution: readonly ExposureCount[];
}

export interface PortfolioSummary {
  deals: number;
  /** Sum of loan amounts, USD. */
  exposure: number;
  /** DSCR below the policy minimum. */
  dscrBelowPolicy: ExposureCount;
  /** DSCR below 1.00x: the income does not cover the debt service. */
  dscrBelowOne: ExposureCount;
  /** LTV above the policy maximum, or no value left to measure it against. */
  ltvAbovePolicy: ExposureCount;
  /** Exposure-weighted DSCR over dscrMeasured: sum(loan x DSCR) / sum(loan); null when that exposure is 0. */
  weightedDscr: number | null;
  /** Exposure-weighted LTV over ltvMeasured, likewise. */
  weightedLtv: number | null;
  dscrMeasured: ExposureCount;
  ltvMeasured: ExposureCount;
  /** Deals not measured on DSCR (no debt service, or no income), counted apart from the breaches. */
  dscrNotMeasured: ExposureCount;
  /** Deals not measured on LTV (no valuation above 0), counted apart from the breaches. */
  ltvNotMeasured: ExposureCount;
  dscrDistribution: DscrBucket[];
}

const ZERO: ExposureCount = { count: 0, exposure: 0 };
const add = (a: ExposureCount, b: ExposureCount): ExposureCount => ({ count: a.count + b.count, exposure: a.exposure + b.exposure });

export function portfolioAccumulator(policy: CreditPolicy): PortfolioAccumulator {
  return {
    policy,
    deals: 0,
    exposure: 0,
    dscrBelowPolicy: ZERO,
    dscrBelowOne: ZERO,
    ltvAbovePolicy: ZERO,
    dscrMeasured: ZERO,
    ltvMeasured: ZERO,
    dscrNotMeasured: ZERO,
    ltvNotMeasured: ZERO,
    dscrTimesExposure: 0,
    ltvTimesExposure: 0,
    dscrDistribution: Array.from({ length: DSCR_BUCKET_EDGES.length + 1 }, () => ZERO),
  };
}

function bucketOf(dscr: number): number {
  const index = DSCR_BUCKET_EDGES.findIndex((edge) => dscr < edge);
  return index === -1 ? DSCR_BUCKET_EDGES.length : index;
}

/** The totals with one more deal. Pure: the accumulator passed in is left as it was. */
export function addToPortfolio(acc: PortfolioAccumulator, m: AnalysisMetrics): PortfolioAccumulator {
  const loan = m.loanAmount;
  const one: ExposureCount = { count: 1, exposure: loan };
  const checks = policyChecks(m, acc.policy);
  const when = (yes: boolean) => (yes ? one : ZERO);
  const bucket = m.dscr === null ? -1 : bucketOf(m.dscr);
  return {
    policy: acc.policy,
    deals: acc.deals + 1,
    exposure: acc.exposure + loan,
    dscrBelowPolicy: add(acc.dscrBelowPolicy, when(checks.Dscr === false)),
    dscrBelowOne: add(acc.dscrBelowOne, when(m.dscr !== null && m.dscr < 1)),
    ltvAbovePolicy: add(acc.ltvAbovePolicy, when(checks.Ltv === false)),
    dscrMeasured: add(acc.dscrMeasured, when(m.dscr !== null)),
    ltvMeasured: add(acc.ltvMeasured, when(m.ltv !== null)),
    dscrNotMeasured: add(acc.dscrNotMeasured, when(m.dscr === null)),
    ltvNotMeasured: add(acc.ltvNotMeasured, when(m.ltvBasis === null)),
    dscrTimesExposure: acc.dscrTimesExposure + (m.dscr === null ? 0 : loan * m.dscr),
    ltvTimesExposure: acc.ltvTimesExposure + (m.ltv === null ? 0 : loan * m.ltv),
    dscrDistribution: acc.dscrDistribution.map((b, i) => (i === bucket ? add(b, one) : b)),
  };
}

/** The totals of two parts of one portfolio (same policy), e.g. pages summed separately. */
export function mergePortfolios(a: PortfolioAccumulator, b: PortfolioAccumulator): PortfolioAccumulator {
  return {
    policy: a.policy,
    deals: a.deals + b.deals,
    exposure: a.exposure + b.exposure,
    dscrBelowPolicy: add(a.dscrBelowPolicy, b.dscrBelowPolicy),
    dscrBelowOne: add(a.dscrBelowOne, b.dscrBelowOne),
    ltvAbovePolicy: add(a.ltvAbovePolicy, b.ltvAbovePolicy),
    dscrMeasured: add(a.dscrMeasured, b.dscrMeasured),
    ltvMeasured: add(a.ltvMeasured, b.ltvMeasured),
    dscrNotMeasured: add(a.dscrNotMeasured, b.dscrNotMeasured),
    ltvNotMeasured: add(a.ltvNotMeasured, b.ltvNotMeasured),
    dscrTimesExposure: a.dscrTimesExposure + b.dscrTimesExposure,
    ltvTimesExposure: a.ltvTimesExposure + b.ltvTimesExposure,
    dscrDistribution: a.dscrDistribution.map((x, i) => add(x, b.dscrDistribution[i]!)),
  };
}

export function portfolioSummary(acc: PortfolioAccumulator): PortfolioSummary {
  const weighted = (sum: number, measured: ExposureCount) => (measured.exposure > 0 ? ratio(sum, measured.exposure) : null);
  return {
    deals: acc.deals,
    exposure: acc.exposure,
    dscrBelowPolicy: acc.dscrBelowPolicy,
    dscrBelowOne: acc.dscrBelowOne,
    ltvAbovePolicy: acc.ltvAbovePolicy,
    weightedDscr: weighted(acc.dscrTimesExposure, acc.dscrMeasured),
    weightedLtv: weighted(acc.ltvTimesExposure, acc.ltvMeasured),
    dscrMeasured: acc.dscrMeasured,
    ltvMeasured: acc.ltvMeasured,
    dscrNotMeasured: acc.dscrNotMeasured,
    ltvNotMeasured: acc.ltvNotMeasured,
    dscrDistribution: acc.dscrDistribution.map((b, i) => ({
      from: i === 0 ? null : DSCR_BUCKET_EDGES[i - 1]!,
      to: i === DSCR_BUCKET_EDGES.length ? null : DSCR_BUCKET_EDGES[i]!,
      ...b,
    })),
  };
}
