import { debtConstant, debtServiceOnTerms } from './debt-service';
import type { DayCount } from './day-count';
import { debtYield, dscr } from './loan-metrics';
import type { CreditPolicy, PolicyLimit, Result } from './credit-policy';

/** Inputs of loan sizing. Every field may be missing: sizeLoan says which one a constraint needs. */
export interface SizingInput {
  /** Net operating income, USD a year. */
  noi?: number | undefined;
  /** The LTV basis value, USD. */
  value?: number | undefined;
  /** Project total cost, USD (the LTC denominator). */
  totalCost?: number | undefined;
  /** Note rate, decimal. */
  interestRate?: number | undefined;
  /** Absent or 0: interest-only. */
  amortizationMonths?: number | undefined;
  dayCount?: DayCount | undefined;
  /**
   * The income the DSCR covers when it is not the NOI (the NetCashFlow setting: net income after
   * below-the-line items). Defaults to noi.
   */
  dscrIncome?: number | undefined;
}

export type SizingConstraintName = 'Ltv' | 'Ltc' | 'Dscr' | 'DebtYield';

export interface SizingConstraint {
  name: SizingConstraintName;
  /** The policy limit, in its own unit (decimal, multiple or percentage). */
  limit: number;
  /** The largest loan this constraint allows, USD. */
  maxLoan: number;
}

/** Why a constraint in force does not size the loan: the figure it is measured on is missing. */
export type SizingNotApplicableReason = 'NoValue' | 'NoTotalCost';

export interface SizingNotApplicable {
  name: SizingConstraintName;
  limit: number;
  reason: SizingNotApplicableReason;
}

export interface LoanSizing {
  maxLoan: number;
  bindingConstraint: SizingConstraintName;
  /** Every constraint in force that applies, in the order Ltv, Ltc, Dscr, DebtYield. */
  constraints: SizingConstraint[];
  /**
   * The constraints in force that do not apply, with why: LTV without a value, LTC without a
   * total cost (a refinance has no project cost). The loan is sized on the others.
   */
  notApplicable: SizingNotApplicable[];
  debtConstant: number;
  atMaxLoan: {
    /** Null without a value. */
    ltv: number | null;
    /** Null without a total cost. */
    ltc: number | null;
    dscr: number;
    debtYield: number;
    annualDebtService: number;
  };
}

/** A field of the input or of the policy ('policy' itself when no limit is given). */
export type SizingField = Exclude<keyof SizingInput, 'dayCount'> | PolicyLimit | 'policy';

const fail = (field: SizingField, message: string): Result<never, SizingField> => ({ ok: false, error: { field, message } });

/** Undefined when the number is acceptable, else why not. */
function problem(value: number | undefined, { required, positive }: { required: boolean; positive: boolean }): string | undefined {
  if (value === undefined) return required ? 'is required' : undefined;
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (positive ? !(value > 0) : !(value >= 0)) return positive ? 'must be greater than 0' : 'must be 0 or more';
  return undefined;
}

/**
 * The largest loan that meets every constraint in force that applies:
 *   LTV: maxLtv x value;  LTC: maxLtc x total cost;  DSCR: DSCR income / (minDscr x K);
 *   debt yield: NOI / (minDebtYield / 100).
 * LTV applies when a value above 0 is given, LTC when a total cost above 0 is: a constraint
 * whose figure is missing is listed in notApplicable, and the loan is sized on the others. Only
 * when no constraint in force applies is the sizing refused, naming the first missing figure.
 * The binding constraint gives the smallest loan (on a tie, the first in that order). The
 * figures at the sized loan use the same debt service as the deal figures (annualDebtService).
 * Bad or missing inputs are returned as an error naming the field, never thrown.
 */
export function sizeLoan(input: SizingInput, policy: CreditPolicy): Result<LoanSizing, SizingField> {
  for (const limit of ['maxLtv', 'maxLtc', 'minDscr', 'minDebtYield'] as const) {
    const why = problem(policy[limit], { required: false, positive: true });
    if (why) return fail(limit, `${limit} ${why}`);
  }
  const { maxLtv, maxLtc, minDscr, minDebtYield } = policy;
  if (maxLtv === undefined && maxLtc === undefined && minDscr === undefined && minDebtYield === undefined) {
    return fail('policy', 'no constraint in force: give at least one of maxLtv, maxLtc, minDscr, minDebtYield');
  }

  const checks: [Exclude<SizingField, PolicyLimit | 'policy'>, { required: boolean; positive: boolean }][] = [
    ['noi', { required: true, positive: true }],
    ['value', { required: false, positive: false }],
    ['totalCost', { required: false, positive: false }],
    ['interestRate', { required: true, positive: false }],
    ['amortizationMonths', { required: false, positive: false }],
    ['dscrIncome', { required: false, positive: minDscr !== undefined }],
  ];
  for (const [field, rule] of checks) {
    const why = problem(input[field], rule);
    if (why) return fail(field, `${field} ${why}`);
  }
  const noi = input.noi!;
  const interestRate = input.interestRate!;
  const coverage = input.dscrIncome ?? noi;
  const terms = { annualRate: interestRate, amortizationMonths: input.amortizationMonths, dayCount: input.dayCount };
  const k = debtConstant(terms);
  if (minDscr !== undefined && !(k > 0)) {
    return fail('interestRate', 'interestRate must be greater than 0 for an interest-only loan sized on DSCR: there is no debt service to cover');
  }

  const hasValue = input.value !== undefined && input.value > 0;
  const hasCost = input.totalCost !== undefined && input.totalCost > 0;
  const constraints: SizingConstraint[] = [];
  const notApplicable: SizingNotApplicable[] = [];
  if (maxLtv !== undefined) {
    if (hasValue) constraints.push({ name: 'Ltv', limit: maxLtv, maxLoan: maxLtv * input.value! });
    else notApplicable.push({ name: 'Ltv', limit: maxLtv, reason: 'NoValue' });
  }
  if (maxLtc !== undefined) {
    if (hasCost) constraints.push({ name: 'Ltc', limit: maxLtc, maxLoan: maxLtc * input.totalCost! });
    else notApplicable.push({ name: 'Ltc', limit: maxLtc, reason: 'NoTotalCost' });
  }
  if (minDscr !== undefined) constraints.push({ name: 'Dscr', limit: minDscr, maxLoan: coverage / (minDscr * k) });
  if (minDebtYield !== undefined) constraints.push({ name: 'DebtYield', limit: minDebtYield, maxLoan: noi / (minDebtYield / 100) });
  if (constraints.length === 0) {
    // Only LTV and / or LTC are in force, and their figures are missing: name the first.
    const field = notApplicable[0]!.reason === 'NoValue' ? 'value' : 'totalCost';
    return fail(field, `${field} ${input[field] === undefined ? 'is required' : 'must be greater than 0'}`);
  }
  const binding = constraints.reduce((a, b) => (b.maxLoan < a.maxLoan ? b : a));
  const maxLoan = binding.maxLoan;
  const debtService = debtServiceOnTerms(maxLoan, terms);
  const over = (denominator: number | undefined) => (denominator !== undefined && denominator > 0 ? maxLoan / denominator : null);
  return {
    ok: true,
    value: {
      maxLoan,
      bindingConstraint: binding.name,
      constraints,
      notApplicable,
      debtConstant: k,
      atMaxLoan: {
        ltv: over(input.value),
        ltc: over(input.totalCost),
        dscr: dscr(coverage, debtService),
        debtYield: debtYield(noi, maxLoan),
        annualDebtService: debtService,
      },
    },
  };
}
