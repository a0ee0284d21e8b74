import type { LtvBasis } from './loan-metrics';

/**
 * A credit policy's limits, in the units of the reads: LTV and LTC decimals, DSCR a multiple,
 * debt yield a percentage. A limit is in force when it is given.
 */
export interface CreditPolicy {
  maxLtv?: number | undefined;
  maxLtc?: number | undefined;
  minDscr?: number | undefined;
  minDebtYield?: number | undefined;
}

export type PolicyLimit = keyof CreditPolicy;

/** A named policy with where its figures come from. */
export interface CreditPolicyProfile extends CreditPolicy {
  name: string;
  source: string;
}

export interface CreditPolicyProfiles {
  defaultProfile: string;
  profiles: readonly CreditPolicyProfile[];
}

/** The error of an analysis input, as a value: which field, and why. */
export interface InputError<F extends string = string> {
  field: F;
  message: string;
}

export type Result<T, F extends string = string> = { ok: true; value: T } | { ok: false; error: InputError<F> };

export interface ResolvedPolicy {
  /** The profile the limits start from. */
  profileName: string;
  /** The profile's limits with the given overrides applied. */
  policy: CreditPolicy;
}

const LIMITS: readonly PolicyLimit[] = ['maxLtv', 'maxLtc', 'minDscr', 'minDebtYield'];

/**
 * The policy of a request: the named profile (else the default one), each limit given in
 * `override` replacing the profile's.
 */
export function resolvePolicy(
  config: CreditPolicyProfiles,
  profileName?: string,
  override: CreditPolicy = {},
): Result<ResolvedPolicy, 'profileName'> {
  const name = profileName ?? config.defaultProfile;
  const profile = config.profiles.find((p) => p.name === name);
  if (!profile) {
    const known = config.profiles.map((p) => JSON.stringify(p.name)).join(', ');
    return { ok: false, error: { field: 'profileName', message: `unknown credit policy profile ${JSON.stringify(name)}; known: ${known}` } };
  }
  const policy: CreditPolicy = {};
  for (const limit of LIMITS) {
    const value = override[limit] ?? profile[limit];
    if (value !== undefined) policy[limit] = value;
  }
  return { ok: true, value: { profileName: profile.name, policy } };
}

/**
 * A deal's figures for analysis (the Metrics). Where a ratio has nothing to divide by it
 * is null, not the 0 of the reads: a deal with no debt service has no DSCR to test, and a stress
 * that wipes out the collateral value leaves no LTV below any limit.
 */
export interface AnalysisMetrics {
  /** Deal NOI, the sum over its collaterals. */
  noi: number;
  /** The LTV basis value (0 when the deal has no LTV basis). */
  value: number;
  /** Note rate, decimal. */
  interestRate: number;
  annualDebtService: number;
  /** A multiple; null without debt service (> 0). */
  dscr: number | null;
  /** A percentage; null without a loan (> 0). */
  debtYield: number | null;
  /** A decimal; null when there is no basis or its value is not > 0. */
  ltv: number | null;
  loanAmount: number;
  /** A decimal; null without a project total cost (> 0). */
  ltc: number | null;
  /** NOI minus debt service. */
  netCashFlow: number;
  /** The valuation the LTV is measured against, fixed on the unstressed figures; null when none exists. */
  ltvBasis: LtvBasis | null;
}

export type PolicyMetric = 'Dscr' | 'Ltv' | 'DebtYield' | 'Ltc';

export interface Breach {
  metric: PolicyMetric;
  limit: number;
  /** The figure that breaks the limit; null for an LTV whose basis value fell to 0 or below. */
  value: number | null;
}

/**
 * Pass (true), fail (false) or not tested (null: no limit, or nothing to measure) of each limit.
 * - DSCR is tested when there is debt service: it fails below the minimum.
 * - Debt yield is tested when there is a loan: it fails below the minimum.
 * - LTV is tested when there is a loan and an LTV basis: it fails above the maximum, and when
 *   the basis value has fallen to 0 or below (the loan then exceeds any share of the value).
 * - LTC is tested when there is a loan and a project total cost: it fails above the maximum.
 */
export function policyChecks(m: AnalysisMetrics, policy: CreditPolicy): Record<PolicyMetric, boolean | null> {
  const hasLoan = m.loanAmount > 0;
  return {
    Dscr: policy.minDscr === undefined || m.dscr === null ? null : m.dscr >= policy.minDscr,
    DebtYield: policy.minDebtYield === undefined || !hasLoan || m.debtYield === null ? null : m.debtYield >= policy.minDebtYield,
    Ltv: policy.maxLtv === undefined || !hasLoan || m.ltvBasis === null ? null : m.ltv !== null && m.ltv <= policy.maxLtv,
    Ltc: policy.maxLtc === undefined || !hasLoan || m.ltc === null ? null : m.ltc <= policy.maxLtc,
  };
}

const LIMIT_OF: Record<PolicyMetric, PolicyLimit> = { Dscr: 'minDscr', Ltv: 'maxLtv', DebtYield: 'minDebtYield', Ltc: 'maxLtc' };
const VALUE_OF: Record<PolicyMetric, (m: AnalysisMetrics) => number | null> = {
  Dscr: (m) => m.dscr,
  Ltv: (m) => m.ltv,
  DebtYield: (m) => m.debtYield,
  Ltc: (m) => m.ltc,
};

/** The limits these figures break, in the order DSCR, LTV, debt yield, LTC. */
export function policyBreaches(m: AnalysisMetrics, policy: CreditPolicy): Breach[] {
  const checks = policyChecks(m, policy);
  return (['Dscr', 'Ltv', 'DebtYield', 'Ltc'] as const)
    .filter((metric) => checks[metric] === false)
    .map((metric) => ({ metric, limit: policy[LIMIT_OF[metric]]!, value: VALUE_OF[metric](m) }));
}

/** Why a limit in force is not tested on a deal's figures. */
export type PolicyNotTestedReason = 'NoLoan' | 'NoDebtService' | 'NoIncome' | 'NoValue' | 'NoTotalCost';

export interface PolicyNotTested {
  metric: PolicyMetric;
  limit: number;
  reason: PolicyNotTestedReason;
}

/**
 * The limits in force that these figures are not measured on, with why, in the order of
 * policyBreaches: a limit is neither met nor broken when its figure is missing (no debt service
 * or no income for DSCR, no loan, no value for LTV, no project total cost for LTC).
 */
export function policyNotTested(m: AnalysisMetrics, policy: CreditPolicy): PolicyNotTested[] {
  const checks = policyChecks(m, policy);
  const hasLoan = m.loanAmount > 0;
  const reasonOf: Record<PolicyMetric, () => PolicyNotTestedReason> = {
    Dscr: () => (m.annualDebtService > 0 ? 'NoIncome' : 'NoDebtService'),
    DebtYield: () => (hasLoan ? 'NoIncome' : 'NoLoan'),
    Ltv: () => (hasLoan ? 'NoValue' : 'NoLoan'),
    Ltc: () => (hasLoan ? 'NoTotalCost' : 'NoLoan'),
  };
  return (['Dscr', 'Ltv', 'DebtYield', 'Ltc'] as const)
    .filter((metric) => policy[LIMIT_OF[metric]] !== undefined && checks[metric] === null)
    .map((metric) => ({ metric, limit: policy[LIMIT_OF[metric]]!, reason: reasonOf[metric]() }));
}

/**
 * A DSCR, debt yield or LTV of the reads as the lists sort it: null when not measured. The reads
 * give 0 where a ratio has nothing to divide or nothing to divide by (no NOI, no debt service, no
 * loan, no valuation: a new deal), and exactly 0 comes from nothing else, so a 0 is not the worst
 * deal of the book but one not measured yet.
 */
export function measuredRatio(value: number): number | null {
  return value === 0 ? null : value;
}
