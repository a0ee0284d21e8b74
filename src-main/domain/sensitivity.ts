import { policyChecks, type AnalysisMetrics, type CreditPolicy, type PolicyMetric } from './credit-policy';
import { stressDeal, type DealStressInput, type Shocks } from './stress';

export interface SensitivityCell {
  /** The metric under both shocks; null where it has nothing to divide by (see AnalysisMetrics). */
  value: number | null;
  /** Against the policy limit; null when the limit is not set or the metric is not tested. */
  pass: boolean | null;
}

export interface SensitivityGrid {
  metric: Extract<PolicyMetric, 'Dscr' | 'Ltv'>;
  /** The policy limit the cells are checked against (minDscr or maxLtv), if set. */
  limit: number | null;
  rowShock: keyof Shocks;
  rows: number[];
  columnShock: keyof Shocks;
  columns: number[];
  /** cells[row][column]. */
  cells: SensitivityCell[][];
}

/** NOI changes from -30 % to +10 %, the rows of the DSCR grid and the columns of the LTV grid. */
export const DEFAULT_NOI_CHANGES = [-0.3, -0.2, -0.1, 0, 0.1];
/** Rate changes from -100 to +300 bp. */
export const DEFAULT_RATE_CHANGES_BPS = [-100, 0, 100, 200, 300];
/** Value changes from -30 % to +10 %. */
export const DEFAULT_VALUE_CHANGES = [-0.3, -0.2, -0.1, 0, 0.1];

function grid(
  input: DealStressInput,
  policy: CreditPolicy,
  metric: SensitivityGrid['metric'],
  rowShock: keyof Shocks,
  rows: readonly number[],
  columnShock: keyof Shocks,
  columns: readonly number[],
): SensitivityGrid {
  const read = (m: AnalysisMetrics) => (metric === 'Dscr' ? m.dscr : m.ltv);
  const cells = rows.map((r) =>
    columns.map((c) => {
      const m = stressDeal(input, { [rowShock]: r, [columnShock]: c }).metrics;
      return { value: read(m), pass: policyChecks(m, policy)[metric] };
    }),
  );
  const limit = (metric === 'Dscr' ? policy.minDscr : policy.maxLtv) ?? null;
  return { metric, limit, rowShock, rows: [...rows], columnShock, columns: [...columns], cells };
}

/** DSCR for each NOI change (rows) and rate change in bp (columns), through stressDeal. */
export function dscrGrid(
  input: DealStressInput,
  policy: CreditPolicy,
  noiChanges: readonly number[] = DEFAULT_NOI_CHANGES,
  rateChangesBps: readonly number[] = DEFAULT_RATE_CHANGES_BPS,
): SensitivityGrid {
  return grid(input, policy, 'Dscr', 'noiChange', noiChanges, 'rateChangeBps', rateChangesBps);
}

/**
 * LTV for each value change (rows) and NOI change (columns), through stressDeal: an NOI change
 * moves an income-based value too, and the value change applies on top of it.
 */
export function ltvGrid(
  input: DealStressInput,
  policy: CreditPolicy,
  valueChanges: readonly number[] = DEFAULT_VALUE_CHANGES,
  noiChanges: readonly number[] = DEFAULT_NOI_CHANGES,
): SensitivityGrid {
  return grid(input, policy, 'Ltv', 'valueChange', valueChanges, 'noiChange', noiChanges);
}
