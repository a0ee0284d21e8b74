import type { PipelineRow } from '../../../src-main/contract';
import { EMPTY } from '../../shared/format';
import { measured } from '../../shared/analysis';

/**
 * The pipeline's filters: lists match any of their values; the search matches any text column
 * and every collateral address of the deal (street, city, state, ZIP).
 */
export interface PipelineFilters {
  search: string;
  states: string[];
  statuses: string[];
  propertyTypes: string[];
  loanTypes: string[];
  owners: string[];
  riskRatings: string[];
  priorities: string[];
}

export const NO_FILTERS: PipelineFilters = {
  search: '',
  states: [],
  statuses: [],
  propertyTypes: [],
  loanTypes: [],
  owners: [],
  riskRatings: [],
  priorities: [],
};

export type SortKey = keyof Pick<
  PipelineRow,
  | 'seedName'
  | 'state'
  | 'status'
  | 'priority'
  | 'owner'
  | 'loanType'
  | 'propertyType'
  | 'grossLoan'
  | 'interestRate'
  | 'dscr'
  | 'debtYield'
  | 'ltv'
  | 'riskRating'
>;

export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

const PRIORITY_ORDER: Record<string, number> = { Low: 0, Medium: 1, High: 2 };

/** The figure columns: null while the figures are computed, 0 when there is nothing to measure. */
const FIGURE_KEYS: ReadonlySet<SortKey> = new Set(['dscr', 'debtYield', 'ltv']);

/**
 * A figure column's cell: "···" (pending) while the main process computes it, "—" when not
 * measured (a new deal without NOI or valuation; see `measured`), else the formatted figure.
 */
export function figureCell(value: number | null, format: (v: number) => string): { text: string; pending: boolean } {
  if (value === null) return { text: '···', pending: true };
  const m = measured(value);
  return { text: m === null ? EMPTY : format(m), pending: false };
}

export function isFiltered(filters: PipelineFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    (['states', 'statuses', 'propertyTypes', 'loanTypes', 'owners', 'riskRatings', 'priorities'] as const).some((k) => filters[k].length > 0)
  );
}

/** The text a search looks in, lower case; kept per row object (rows are replaced, never changed). */
const haystacks = new WeakMap<PipelineRow, string>();
function haystackOf(r: PipelineRow): string {
  let text = haystacks.get(r);
  if (text === undefined) {
    text = [r.seedName, r.loanId ?? '', r.owner, r.status ?? '', r.state, r.propertyType.replace(/_/g, ' '), r.loanType.replace(/_/g, ' '), ...r.addresses]
      .join(' ')
      .toLowerCase();
    haystacks.set(r, text);
  }
  return text;
}

export function filterRows(rows: readonly PipelineRow[], filters: PipelineFilters): PipelineRow[] {
  const terms = filters.search.toLowerCase().split(/\s+/).filter(Boolean);
  const sets = {
    state: new Set(filters.states),
    status: new Set(filters.statuses),
    propertyType: new Set(filters.propertyTypes),
    loanType: new Set(filters.loanTypes),
    owner: new Set(filters.owners),
    riskRating: new Set(filters.riskRatings),
    priority: new Set(filters.priorities),
  };
  const keep = (set: Set<string>, value: string | null) => set.size === 0 || (value !== null && set.has(value));
  return rows.filter((r) => {
    if (!keep(sets.state, r.state) || !keep(sets.status, r.status) || !keep(sets.propertyType, r.propertyType)) return false;
    if (!keep(sets.loanType, r.loanType) || !keep(sets.owner, r.owner) || !keep(sets.riskRating, r.riskRating) || !keep(sets.priority, r.priority)) return false;
    if (terms.length === 0) return true;
    const haystack = haystackOf(r);
    return terms.every((t) => haystack.includes(t));
  });
}

/** Sorted copy; empty values (null: figures not computed yet; 0: not measured) last in both directions, ties by name. */
export function sortRows(rows: readonly PipelineRow[], sort: Sort | null): PipelineRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
  const valueOf = (r: PipelineRow): string | number | null => {
    const v = r[sort.key];
    if (sort.key === 'priority') return v === null ? null : (PRIORITY_ORDER[v as string] ?? null);
    if (sort.key === 'riskRating') return v === null || v === '' ? null : Number(v);
    // Not measured sorts with the empty values, after the measured deals in both directions.
    if (FIGURE_KEYS.has(sort.key)) return measured(v as number | null);
    return v as string | number | null;
  };
  return rows
    .map((row) => ({ row, v: valueOf(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v === b.v) return collator.compare(a.row.seedName, b.row.seedName);
        return a.v === null ? 1 : -1;
      }
      const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return c !== 0 ? c * sign : collator.compare(a.row.seedName, b.row.seedName);
    })
    .map((x) => x.row);
}

/** The distinct values of a column, sorted, for the filter pickers. */
export function distinct(rows: readonly PipelineRow[], key: keyof PipelineRow): string[] {
  const values = new Set<string>();
  for (const r of rows) {
    const v = r[key];
    if (v !== null && v !== undefined && v !== '') values.add(String(v));
  }
  return [...values].sort(new Intl.Collator('en-US', { numeric: true }).compare);
}

/** Next sort when a column header is clicked: ascending, descending, then unsorted. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return null;
}
