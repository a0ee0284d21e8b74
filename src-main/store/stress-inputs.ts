import type { YearOneLadder } from '../domain';
import type { Db } from './db';
import type { DealMetricInputs, DealRow } from './deals';
import { perConnection, prepared } from './statements';

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

type LineRow = [valuationId: string, section: string, yearOne: number | null, position: number, id: string];

/** transactionsOf's order within a valuation: position, then id (ids are ASCII, so JavaScript's order is SQLite's BINARY). */
const byPosition = (a: LineRow, b: LineRow) => a[3] - b[3] || (a[4] < b[4] ? -1 : a[4] > b[4] ? 1 : 0);

/**
 * The year-one figure of every cash-flow line of these valuations, by valuation, each list in
 * transactionsOf's order (position, id), so that sums over them add up in the order the cash
 * flow adds them. Sorted here per valuation rather than by the query (measured: the query's
 * ORDER BY over the whole result was a third of its time). SQLite takes the first element out of
 * the JSON array (json_extract), so only that number crosses into JavaScript rather than every
 * year's text to JSON.parse (measured: the parse was most of this read's time); SQLite reads the
 * number to the very double JSON.parse does (test/src-main/store/stress-inputs.test.ts checks
 * every line of a demo store bit for bit). A line without years reads as undefined, as before.
 */
export function yearOneLinesOf(db: Db, valuationIds: readonly string[]): Map<string, YearOneLine[]> {
  const out = new Map<string, YearOneLine[]>();
  if (valuationIds.length === 0) return out;
  const rows = prepared(
    db,
    `SELECT valuation_id, section, json_extract(annualized_by_year, '$[0]'), position, id FROM cash_flow_transactions
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
    out.set(valuationId, list.map(([, section, yearOne]) => ({ section, yearOne: yearOne ?? undefined })));
  }
  return out;
}

/**
 * Adds numbers in the order SQLite hands them over, left to right from 0, as a JavaScript loop
 * does (`total += x ?? 0`): SQLite's own SUM and TOTAL compensate rounding errors, so they would
 * not give the cash flow's doubles. Registered once per connection.
 */
function withSumInOrder(db: Db): void {
  perConnection(db, 'function uw_sum_in_order', () =>
    db.$client.aggregate('uw_sum_in_order', { start: 0, deterministic: true, step: (total: number, x: number | null) => total + (x ?? 0) }),
  );
}

/** One section's year-one total of one valuation's cash flow. */
export interface YearOneTotal {
  valuationId: string;
  section: string;
  total: number;
}

/**
 * The year-one total of every section of these valuations' cash flows (a section without lines is
 * absent): the lines' year-one figures (json_extract, the same doubles as JSON.parse, see
 * yearOneLinesOf) added in transactionsOf's order (position, id) from 0, as cashFlow() and
 * yearOneLadderOfLines add them, so each total is the very same double. Summed inside SQLite so
 * that one row per section, not one per line, crosses into JavaScript (measured: building the
 * per-line rows in JavaScript was most of the lines' read).
 */
export function yearOneTotalsOf(db: Db, valuationIds: readonly string[]): YearOneTotal[] {
  if (valuationIds.length === 0) return [];
  withSumInOrder(db);
  const rows = prepared(
    db,
    `SELECT valuation_id, section, uw_sum_in_order(json_extract(annualized_by_year, '$[0]') ORDER BY position, id) FROM cash_flow_transactions
      WHERE valuation_id IN (SELECT value FROM json_each(?)) GROUP BY valuation_id, section`,
  )
    .raw()
    .all(JSON.stringify(valuationIds)) as [string, string, number][];
  return rows.map(([valuationId, section, total]) => ({ valuationId, section, total }));
}

/** A deal's collateral as a stress reads it from the stored roll-up (collateral_figures). */
export interface AnalysisCollateralLink {
  collateralId: string;
  /** The stored roll-up's valuations; null without a current stored roll-up. */
  stored: { salesValuation: number; alternativeValuation: number } | null;
  /** The stored year-one ladder and main cap rate; null when not stored (no current row, or a row saved without them). */
  stress: (YearOneLadder & { capRate: number }) | null;
}

type LinkRow = [dealId: string, collateralId: string, version: number | null, sales: number, alternative: number,
  revenue: number | null, vacancy: number, otherIncome: number, operatingExpenses: number, belowTheLine: number, capRate: number];

/**
 * The collaterals of these deals in collateralsOfDeal order (position, then id), by deal (a deal
 * without collateral has an empty list), each with what a stress reads of its current stored
 * roll-up: one row per collateral, as the pipeline reads its figures.
 */
export function analysisCollateralLinks(db: Db, dealIds: readonly string[], version: number): Map<string, AnalysisCollateralLink[]> {
  const out = new Map<string, AnalysisCollateralLink[]>(dealIds.map((id) => [id, []]));
  if (dealIds.length === 0) return out;
  const rows = prepared(
    db,
    `SELECT dc.deal_id, dc.collateral_id, f.version, f.sales_valuation, f.alternative_valuation, f.year_one_revenue,
       f.year_one_vacancy_and_concessions, f.year_one_other_income, f.year_one_operating_expenses,
       f.year_one_below_the_line_expense, f.main_cap_rate
     FROM deal_collaterals dc LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ?
     WHERE dc.deal_id IN (SELECT value FROM json_each(?)) ORDER BY dc.deal_id, dc.position, dc.collateral_id`,
  )
    .raw()
    .all(version, JSON.stringify(dealIds)) as LinkRow[];
  for (const [dealId, collateralId, found, salesValuation, alternativeValuation, revenue, vacancyAndConcessions, otherIncome, operatingExpenses, belowTheLineExpense, capRate] of rows) {
    const stored = found === null ? null : { salesValuation, alternativeValuation };
    // The six columns are written together (saveCollateralFigures): one null means none was saved.
    const stress = stored === null || revenue === null ? null : { revenue, vacancyAndConcessions, otherIncome, operatingExpenses, belowTheLineExpense, capRate };
    out.get(dealId)?.push({ collateralId, stored, stress });
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
