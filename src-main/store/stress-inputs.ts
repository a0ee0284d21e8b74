import type { Db } from './db';
import type { DealMetricInputs, DealRow } from './deals';
import { prepared } from './statements';

// The few columns a stress reads of a collateral's income valuations, without the rest of their
// rows: a portfolio stress reads them for every deal of the book.

export interface ValuationHead {
  id: string;
  collateralId: string;
  isMain: boolean;
  isMarket: boolean;
  capRate: number;
}

/** The revenue valuations of these collaterals, in revenueValuationsOf's order (id). */
export function valuationHeadsOf(db: Db, collateralIds: readonly string[]): ValuationHead[] {
  if (collateralIds.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT id, collateral_id, is_main, is_market, cap_rate FROM revenue_valuations
      WHERE collateral_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  )
    .raw()
    .all(JSON.stringify(collateralIds)) as [string, string, number, number, number][];
  return rows.map(([id, collateralId, isMain, isMarket, capRate]) => ({ id, collateralId, isMain: isMain === 1, isMarket: isMarket === 1, capRate }));
}

export interface YearOneLine {
  section: string;
  /** The line's year-one figure (annualizedByYear[0]); undefined when it has no years. */
  yearOne: number | undefined;
}

type LineRow = [valuationId: string, section: string, years: string, position: number, id: string];

/** transactionsOf's order within a valuation: position, then id (ids are ASCII, so JavaScript's order is SQLite's BINARY). */
const byPosition = (a: LineRow, b: LineRow) => a[3] - b[3] || (a[4] < b[4] ? -1 : a[4] > b[4] ? 1 : 0);

/**
 * The year-one figure of every cash-flow line of these valuations, by valuation, each list in
 * transactionsOf's order (position, id), so that sums over them add up in the order the cash
 * flow adds them. Sorted here per valuation rather than by the query (measured: the query's
 * ORDER BY over the whole result was a third of its time). The JSON array is parsed as drizzle
 * parses it (JSON.parse), so the numbers are the same doubles.
 */
export function yearOneLinesOf(db: Db, valuationIds: readonly string[]): Map<string, YearOneLine[]> {
  const out = new Map<string, YearOneLine[]>();
  if (valuationIds.length === 0) return out;
  const rows = prepared(
    db,
    `SELECT valuation_id, section, annualized_by_year, position, id FROM cash_flow_transactions
      WHERE valuation_id IN (SELECT value FROM json_each(?))`,
  )
    .raw()
    .all(JSON.stringify(valuationIds)) as LineRow[];
  const byValuation = new Map<string, LineRow[]>();
  for (const row of rows) {
    const list = byValuation.get(row[0]);
    if (list) list.push(row);
    else byValuation.set(row[0], [row]);
  }
  for (const [valuationId, list] of byValuation) {
    list.sort(byPosition);
    out.set(valuationId, list.map(([, section, years]) => ({ section, yearOne: (JSON.parse(years) as (number | null)[])[0] ?? undefined })));
  }
  return out;
}

/** What an analysis reads of a deal row: its name and the columns its figures come from. */
export type AnalysisDealRow = Pick<DealRow, 'id' | 'seedName'> & DealMetricInputs;

const DEAL_COLUMNS: [keyof AnalysisDealRow, string][] = [
  ['id', 'id'],
  ['seedName', 'seed_name'],
  ['grossLoan', 'gross_loan'],
  ['rateIndex', 'rate_index'],
  ['indexRate', 'index_rate'],
  ['rateSpread', 'rate_spread'],
  ['interestRateFloor', 'interest_rate_floor'],
  ['loanPaymentStructure', 'loan_payment_structure'],
  ['amortizationTerm', 'amortization_term'],
  ['debtServiceMethod', 'debt_service_method'],
  ['userDebtService', 'user_debt_service'],
  ['projectTotalCost', 'project_total_cost'],
  ['userSelectedLtv', 'user_selected_ltv'],
];

/** These deals' analysis columns (a deal that does not exist is absent); the columns are plain text and numbers, as drizzle reads them. */
export function analysisDealRows(db: Db, ids: readonly string[]): AnalysisDealRow[] {
  if (ids.length === 0) return [];
  const rows = prepared(db, `SELECT ${DEAL_COLUMNS.map(([, c]) => `"${c}"`).join(', ')} FROM deals WHERE id IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify(ids)) as unknown[][];
  return rows.map((values) => Object.fromEntries(DEAL_COLUMNS.map(([key], i) => [key, values[i]])) as AnalysisDealRow);
}
