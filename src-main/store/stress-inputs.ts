import type { Db } from './db';
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
  valuationId: string;
  section: string;
  /** The line's year-one figure (annualizedByYear[0]); undefined when it has no years. */
  yearOne: number | undefined;
}

/**
 * The year-one figure of every cash-flow line of these valuations, in transactionsOf's order
 * (position, id), so that sums over them add up in the order the cash flow adds them. The JSON
 * array is parsed here as drizzle parses it (JSON.parse), so the numbers are the same doubles.
 */
export function yearOneLinesOf(db: Db, valuationIds: readonly string[]): YearOneLine[] {
  if (valuationIds.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT valuation_id, section, annualized_by_year FROM cash_flow_transactions
      WHERE valuation_id IN (SELECT value FROM json_each(?)) ORDER BY position, id`,
  )
    .raw()
    .all(JSON.stringify(valuationIds)) as [string, string, string][];
  return rows.map(([valuationId, section, years]) => ({ valuationId, section, yearOne: (JSON.parse(years) as (number | null)[])[0] ?? undefined }));
}
