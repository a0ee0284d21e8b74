import type { StoreCache, StoreNeed } from './stores';

/** One line of the table and of the --json output. */
export interface BenchRow {
  name: string;
  /** The figure measured; null when the scenario could not run (see note). */
  value: number | null;
  unit: string;
  /** The ceiling (or comparison) measured in the same run, in the same unit. */
  ceiling: number | null;
  /** value / ceiling. */
  ratio: number | null;
  /** The target, as text: "ratio >= 0.6", "ratio <= 1.2", "value <= 300 MB", "reported". */
  target: string;
  /** Whether the target is met; null for reported-only figures and scenarios that did not run. */
  pass: boolean | null;
  /** Why a row has no figure ("not available: ..."), or what it measured exactly. */
  note?: string;
}

export interface ScenarioContext {
  stores: StoreCache;
  /** The run's temporary directory (removed at the end unless --keep). */
  tmp: string;
}

export interface Scenario {
  name: string;
  /** One line: what is measured against what. */
  summary: string;
  /** The demo stores it uses: built before the first measurement of the run. */
  needs: StoreNeed[];
  /** Run only when named with --only (too long for every run). */
  optIn?: boolean;
  run(ctx: ScenarioContext): Promise<BenchRow[]>;
}

type Target = { ratio: '>=' | '<='; limit: number } | { value: '<='; limit: number; unit: string } | 'reported';

/** A row with its ratio and pass computed from value, ceiling and target. */
export function row(name: string, value: number, ceiling: number | null, unit: string, target: Target, note?: string): BenchRow {
  const ratio = ceiling === null || ceiling === 0 ? null : value / ceiling;
  let text: string;
  let pass: boolean | null;
  if (target === 'reported') {
    text = 'reported';
    pass = null;
  } else if ('ratio' in target) {
    text = `ratio ${target.ratio} ${target.limit}`;
    pass = ratio === null ? false : target.ratio === '>=' ? ratio >= target.limit : ratio <= target.limit;
  } else {
    text = `value <= ${target.limit} ${target.unit}`;
    pass = value <= target.limit;
  }
  return { name, value, unit, ceiling, ratio, target: text, pass, ...(note ? { note } : {}) };
}

/** A row for a scenario that could not be measured: no figure, never a made-up one. */
export function unavailable(name: string, target: string, reason: string): BenchRow {
  return { name, value: null, unit: '', ceiling: null, ratio: null, target, pass: null, note: `not available: ${reason}` };
}

/**
 * A row for work the bench stopped at its time limit: no figure (the work did not finish), but
 * the measured fact that it took longer than the limit, i.e. more than limit / ceiling.
 */
export function stopped(name: string, unit: string, ceiling: number | null, target: string, limitMs: number): BenchRow {
  const bound = ceiling ? `, more than ${(limitMs / ceiling).toFixed(1)}x the ceiling` : '';
  return { name, value: null, unit, ceiling, ratio: null, target, pass: false, note: `did not finish within ${limitMs / 1000} s (stopped)${bound}` };
}
