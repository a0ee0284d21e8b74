import type { CollateralRollupFigures, YearOneLadder } from '../domain';
import type { Db } from './db';
import { prepared } from './statements';

// The stored roll-up figures of collaterals (schema.ts, collateralFigures): a cache kept honest
// by triggers. `version` is the caller's formula version; a row of another version is missing.

const COLUMNS = `f.net_operating_income AS netOperatingIncome, f.net_income AS netIncome,
  f.income_valuation AS incomeValuation, f.alternative_valuation AS alternativeValuation,
  f.sales_valuation AS salesValuation, f.total_sf AS totalSF, f.total_unit AS totalUnit`;

const SELECT_SOME = `SELECT f.collateral_id AS collateralId, ${COLUMNS} FROM collateral_figures f
  WHERE f.collateral_id IN (SELECT value FROM json_each(?)) AND f.version = ?`;
const SELECT_OF_DEAL = `SELECT dc.collateral_id AS collateralId, f.version AS version, ${COLUMNS}
  FROM deal_collaterals dc LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ?
  WHERE dc.deal_id = ? ORDER BY dc.position, dc.collateral_id`;
const SELECT_OF_DEALS = `SELECT dc.deal_id AS dealId, dc.collateral_id AS collateralId, f.version AS version, ${COLUMNS}
  FROM deal_collaterals dc LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ?
  WHERE dc.deal_id IN (SELECT value FROM json_each(?)) ORDER BY dc.deal_id, dc.position, dc.collateral_id`;
const SELECT_ALL = `SELECT f.collateral_id AS collateralId, ${COLUMNS} FROM collateral_figures f WHERE f.version = ?`;
const SAVE = `INSERT OR REPLACE INTO collateral_figures (collateral_id, version, net_operating_income, net_income,
  income_valuation, alternative_valuation, sales_valuation, total_sf, total_unit, year_one_revenue,
  year_one_vacancy_and_concessions, year_one_other_income, year_one_operating_expenses, year_one_below_the_line_expense,
  main_cap_rate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const SELECT_WITHOUT = `SELECT c.id FROM collaterals c LEFT JOIN collateral_figures f ON f.collateral_id = c.id AND f.version = ?
  WHERE f.collateral_id IS NULL AND c.id > ? ORDER BY c.id LIMIT ?`;

type StoredRow = CollateralRollupFigures & { collateralId: string };

function figuresOf(row: StoredRow): CollateralRollupFigures {
  const { collateralId: _id, ...figures } = row;
  return figures;
}

/** Stored figures of these collaterals; a collateral without a current row is absent. */
export function storedCollateralFigures(db: Db, collateralIds: readonly string[], version: number): Map<string, CollateralRollupFigures> {
  const out = new Map<string, CollateralRollupFigures>();
  if (collateralIds.length === 0) return out;
  for (const row of prepared(db, SELECT_SOME).all(JSON.stringify(collateralIds), version) as StoredRow[]) out.set(row.collateralId, figuresOf(row));
  return out;
}

export interface CollateralFiguresEntry {
  collateralId: string;
  figures: CollateralRollupFigures | null;
}

type EntryRow = StoredRow & { version: number | null };

function entryOf({ version: found, ...row }: EntryRow): CollateralFiguresEntry {
  return { collateralId: row.collateralId, figures: found === null ? null : figuresOf(row) };
}

/**
 * A deal's collaterals in collateralsOfDeal order (position, then id), each with its current
 * stored figures or null.
 */
export function dealCollateralFigures(db: Db, dealId: string, version: number): CollateralFiguresEntry[] {
  return (prepared(db, SELECT_OF_DEAL).all(version, dealId) as EntryRow[]).map(entryOf);
}

/** dealCollateralFigures of several deals at once. */
export function dealsCollateralFigures(db: Db, dealIds: readonly string[], version: number): Map<string, CollateralFiguresEntry[]> {
  const byDeal = new Map<string, CollateralFiguresEntry[]>(dealIds.map((id) => [id, []]));
  if (dealIds.length === 0) return byDeal;
  for (const row of prepared(db, SELECT_OF_DEALS).all(version, JSON.stringify(dealIds)) as (EntryRow & { dealId: string })[]) {
    const { dealId, ...entry } = row;
    byDeal.get(dealId)?.push(entryOf(entry));
  }
  return byDeal;
}

/** Every current stored figure, by collateral. */
export function allStoredCollateralFigures(db: Db, version: number): Map<string, CollateralRollupFigures> {
  return new Map((prepared(db, SELECT_ALL).all(version) as StoredRow[]).map((row) => [row.collateralId, figuresOf(row)]));
}

/** What a stress reads of a collateral beyond its roll-up: the main cash flow's year-one ladder and the main cap rate. */
export type CollateralStressFigures = YearOneLadder & { capRate: number };

/**
 * Saves computed figures, with the stress figures of the collaterals `stress` has (the others
 * are saved without: null); a write to their inputs afterwards deletes them again (triggers).
 */
export function saveCollateralFigures(
  db: Db,
  version: number,
  entries: Iterable<[string, CollateralRollupFigures]>,
  stress: ReadonlyMap<string, CollateralStressFigures> = new Map(),
): void {
  const statement = prepared(db, SAVE);
  for (const [id, f] of entries) {
    const s = stress.get(id);
    statement.run(id, version, f.netOperatingIncome, f.netIncome, f.incomeValuation, f.alternativeValuation, f.salesValuation, f.totalSF, f.totalUnit,
      s?.revenue ?? null, s?.vacancyAndConcessions ?? null, s?.otherIncome ?? null, s?.operatingExpenses ?? null, s?.belowTheLineExpense ?? null, s?.capRate ?? null);
  }
}

/** Ids of collaterals with no current stored figures, in id order after `after`, at most `limit`. */
export function collateralsWithoutFigures(db: Db, version: number, limit: number, after = ''): string[] {
  return prepared(db, SELECT_WITHOUT).pluck().all(version, after, limit) as string[];
}
