import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { ClientBase, Pool } from 'pg';
import type { CollateralRollupFigures } from '../../domain';
import type { CollateralFiguresEntry, CollateralStressFigures } from '../collateral-figures';
import type { PgDb } from './db';

// The statements of the roll-up cache protocol (README.md in this folder, "The roll-up cache").
// A stored row counts only while its inputs_version is the collateral's current
// collateral_inputs.version, compared in the statement that reads it.

/** A node-postgres pool or client, or drizzle over one (PgDb: the engine's repository handle). */
type Queryable = Pool | ClientBase | PgDb;

/** Runs a statement with positional parameters ($1...) on any Queryable; rows as objects. */
async function query<R>(db: Queryable, text: string, params: unknown[]): Promise<{ rows: R[]; rowCount: number | null }> {
  if ('execute' in db) {
    const result = await db.execute(positional(text, params));
    return { rows: result.rows as R[], rowCount: result.rowCount };
  }
  return db.query(text, params) as unknown as Promise<{ rows: R[]; rowCount: number | null }>;
}

/** A statement text with $n placeholders as drizzle SQL, each $n bound to params[n - 1]. */
export function positional(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  for (let i = 1; i < parts.length; i += 2) chunks.push(sql`${sql.param(params[Number(parts[i]) - 1])}`, sql.raw(parts[i + 1]!));
  return sql.join(chunks);
}

const COLUMNS = `f.net_operating_income AS "netOperatingIncome", f.net_income AS "netIncome",
  f.income_valuation AS "incomeValuation", f.alternative_valuation AS "alternativeValuation",
  f.sales_valuation AS "salesValuation", f.total_sf AS "totalSF", f.total_unit AS "totalUnit"`;

const SELECT_CURRENT = `SELECT f.collateral_id AS "collateralId", ${COLUMNS}
  FROM collateral_figures f JOIN collateral_inputs i ON i.collateral_id = f.collateral_id AND i.version = f.inputs_version
  WHERE f.collateral_id = ANY($1::text[]) AND f.version = $2`;

const SELECT_VERSIONS = `SELECT collateral_id AS "collateralId", version FROM collateral_inputs WHERE collateral_id = ANY($1::text[])`;

// Saves only rows whose inputs version is still the current one (what was computed from old
// inputs is dropped here already; a write committing after this check makes the row stale,
// and the read above then ignores it). Rows go in id order, so two instances saving the same
// collaterals wait for each other instead of deadlocking.
const SAVE = `INSERT INTO collateral_figures AS f (collateral_id, version, inputs_version, net_operating_income,
    net_income, income_valuation, alternative_valuation, sales_valuation, total_sf, total_unit, year_one_revenue,
    year_one_vacancy_and_concessions, year_one_other_income, year_one_operating_expenses, year_one_below_the_line_expense,
    main_cap_rate)
  SELECT s.id, $1, s.inputs_version, s.noi, s.net_income, s.income_valuation, s.alternative_valuation,
    s.sales_valuation, s.total_sf, s.total_unit, s.revenue, s.vacancy, s.other_income, s.operating_expenses,
    s.below_the_line, s.cap_rate
  FROM unnest($2::text[], $3::bigint[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[],
      $11::float8[], $12::float8[], $13::float8[], $14::float8[], $15::float8[], $16::float8[])
    AS s(id, inputs_version, noi, net_income, income_valuation, alternative_valuation, sales_valuation, total_sf, total_unit,
      revenue, vacancy, other_income, operating_expenses, below_the_line, cap_rate)
  JOIN collateral_inputs i ON i.collateral_id = s.id AND i.version = s.inputs_version
  ORDER BY s.id
  ON CONFLICT (collateral_id) DO UPDATE SET version = EXCLUDED.version, inputs_version = EXCLUDED.inputs_version,
    net_operating_income = EXCLUDED.net_operating_income, net_income = EXCLUDED.net_income,
    income_valuation = EXCLUDED.income_valuation, alternative_valuation = EXCLUDED.alternative_valuation,
    sales_valuation = EXCLUDED.sales_valuation, total_sf = EXCLUDED.total_sf, total_unit = EXCLUDED.total_unit,
    year_one_revenue = EXCLUDED.year_one_revenue, year_one_vacancy_and_concessions = EXCLUDED.year_one_vacancy_and_concessions,
    year_one_other_income = EXCLUDED.year_one_other_income, year_one_operating_expenses = EXCLUDED.year_one_operating_expenses,
    year_one_below_the_line_expense = EXCLUDED.year_one_below_the_line_expense, main_cap_rate = EXCLUDED.main_cap_rate
  WHERE (f.version, f.inputs_version) IS DISTINCT FROM (EXCLUDED.version, EXCLUDED.inputs_version)`;

/** PostgreSQL's foreign_key_violation: the collateral was deleted while its figures were computed. */
const FOREIGN_KEY_VIOLATION = '23503';

/** Stored figures of these collaterals that are current (formula and inputs); others are absent. */
export async function currentCollateralFigures(
  db: Queryable,
  collateralIds: readonly string[],
  version: number,
): Promise<Map<string, CollateralRollupFigures>> {
  const out = new Map<string, CollateralRollupFigures>();
  if (collateralIds.length === 0) return out;
  const { rows } = await query<CollateralRollupFigures & { collateralId: string }>(db, SELECT_CURRENT, [collateralIds, version]);
  for (const { collateralId, ...figures } of rows) out.set(collateralId, figures);
  return out;
}

/**
 * The current inputs version of these collaterals. Read it in the snapshot the inputs are read
 * in (one REPEATABLE READ transaction, or the same statement): the pair is what a save needs.
 */
export async function collateralInputsVersions(db: Queryable, collateralIds: readonly string[]): Promise<Map<string, number>> {
  if (collateralIds.length === 0) return new Map();
  const { rows } = await query<{ collateralId: string; version: string | number }>(db, SELECT_VERSIONS, [collateralIds]);
  return new Map(rows.map((r) => [r.collateralId, Number(r.version)]));
}

export interface ComputedFigures {
  collateralId: string;
  /** The collateral_inputs.version read in the snapshot the figures were computed from. */
  inputsVersion: number;
  figures: CollateralRollupFigures;
  /** The stress figures kept with the roll-up (as on SQLite); absent or null: saved without (null columns). */
  stress?: CollateralStressFigures | null | undefined;
}

/**
 * Stores figures computed from the inputs at `inputsVersion`; returns how many rows it wrote.
 * Figures whose collateral changed or went away since are not stored: the cache stays empty
 * for them. Call it outside any transaction (autocommit): a failed statement would abort a
 * caller's transaction, and inside one the snapshot that read the inputs may not be over.
 */
export async function saveCollateralFigures(db: Queryable, version: number, computed: readonly ComputedFigures[]): Promise<number> {
  if (computed.length === 0) return 0;
  const column = <T>(pick: (c: ComputedFigures) => T) => computed.map(pick);
  try {
    const { rowCount } = await query(db, SAVE, [
      version,
      column((c) => c.collateralId),
      column((c) => c.inputsVersion),
      column((c) => c.figures.netOperatingIncome),
      column((c) => c.figures.netIncome),
      column((c) => c.figures.incomeValuation),
      column((c) => c.figures.alternativeValuation),
      column((c) => c.figures.salesValuation),
      column((c) => c.figures.totalSF),
      column((c) => c.figures.totalUnit),
      column((c) => c.stress?.revenue ?? null),
      column((c) => c.stress?.vacancyAndConcessions ?? null),
      column((c) => c.stress?.otherIncome ?? null),
      column((c) => c.stress?.operatingExpenses ?? null),
      column((c) => c.stress?.belowTheLineExpense ?? null),
      column((c) => c.stress?.capRate ?? null),
    ]);
    return rowCount ?? 0;
  } catch (error) {
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return 0;
    throw error;
  }
}

// The twins of store/collateral-figures.ts's reads, on the repository handle. Each compares the
// stored row's inputs_version with the collateral's current one in the statement that reads it.

const ENTRY_COLUMNS = `f.version AS "version", ${COLUMNS}`;
const CURRENT_JOIN = `LEFT JOIN collateral_inputs i ON i.collateral_id = dc.collateral_id
  LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = $1 AND f.inputs_version = i.version`;
const SELECT_OF_DEAL = `SELECT dc.collateral_id AS "collateralId", ${ENTRY_COLUMNS} FROM deal_collaterals dc ${CURRENT_JOIN}
  WHERE dc.deal_id = $2 ORDER BY dc.position, dc.collateral_id COLLATE "C"`;
const SELECT_OF_DEALS = `SELECT dc.deal_id AS "dealId", dc.collateral_id AS "collateralId", ${ENTRY_COLUMNS} FROM deal_collaterals dc ${CURRENT_JOIN}
  WHERE dc.deal_id = ANY($2::text[]) ORDER BY dc.deal_id COLLATE "C", dc.position, dc.collateral_id COLLATE "C"`;
const SELECT_ALL = `SELECT f.collateral_id AS "collateralId", ${COLUMNS}
  FROM collateral_figures f JOIN collateral_inputs i ON i.collateral_id = f.collateral_id AND i.version = f.inputs_version
  WHERE f.version = $1`;
// Ids compared and ordered bytewise, as SQLite walks them (the fill pages on them).
const SELECT_WITHOUT = `SELECT c.id FROM collaterals c
  LEFT JOIN collateral_inputs i ON i.collateral_id = c.id
  LEFT JOIN collateral_figures f ON f.collateral_id = c.id AND f.version = $1 AND f.inputs_version = i.version
  WHERE f.collateral_id IS NULL AND c.id COLLATE "C" > $2 ORDER BY c.id COLLATE "C" LIMIT $3`;

type EntryRow = CollateralRollupFigures & { collateralId: string; version: number | null };

function entryOf({ collateralId, version: found, ...figures }: EntryRow): CollateralFiguresEntry {
  return { collateralId, figures: found === null ? null : figures };
}

/** Stored figures of these collaterals that are current; a collateral without one is absent. */
export function storedCollateralFigures(pg: PgDb, collateralIds: readonly string[], version: number): Promise<Map<string, CollateralRollupFigures>> {
  return currentCollateralFigures(pg, collateralIds, version);
}

/** A deal's collaterals in collateralsOfDeal order (position, then id), each with its current stored figures or null. */
export async function dealCollateralFigures(pg: PgDb, dealId: string, version: number): Promise<CollateralFiguresEntry[]> {
  const { rows } = await query<EntryRow>(pg, SELECT_OF_DEAL, [version, dealId]);
  return rows.map(entryOf);
}

/** dealCollateralFigures of several deals at once (a deal without collateral, or unknown, has an empty list). */
export async function dealsCollateralFigures(pg: PgDb, dealIds: readonly string[], version: number): Promise<Map<string, CollateralFiguresEntry[]>> {
  const byDeal = new Map<string, CollateralFiguresEntry[]>(dealIds.map((id) => [id, []]));
  if (dealIds.length === 0) return byDeal;
  const { rows } = await query<EntryRow & { dealId: string }>(pg, SELECT_OF_DEALS, [version, [...dealIds]]);
  for (const { dealId, ...entry } of rows) byDeal.get(dealId)?.push(entryOf(entry));
  return byDeal;
}

/** Every current stored figure, by collateral. */
export async function allStoredCollateralFigures(pg: PgDb, version: number): Promise<Map<string, CollateralRollupFigures>> {
  const { rows } = await query<CollateralRollupFigures & { collateralId: string }>(pg, SELECT_ALL, [version]);
  return new Map(rows.map(({ collateralId, ...figures }) => [collateralId, figures]));
}

/** Ids of collaterals with no current stored figures, in id order after `after`, at most `limit`. */
export async function collateralsWithoutFigures(pg: PgDb, version: number, limit: number, after = ''): Promise<string[]> {
  const { rows } = await query<{ id: string }>(pg, SELECT_WITHOUT, [version, after, limit]);
  return rows.map((r) => r.id);
}

/** Whether `pg` is a transaction's handle (a caller's unit of work), not the pool. */
export function inTransaction(pg: PgDb): boolean {
  return pg instanceof PgTransaction;
}

/** What a refill computes from the inputs it reads: the roll-ups, and the stress figures kept with them. */
export interface ComputedRollups {
  rollups: Map<string, CollateralRollupFigures>;
  stress: ReadonlyMap<string, CollateralStressFigures>;
}

/**
 * The gateway's collateralRollups on PostgreSQL (README.md, "The protocol the engine must
 * follow"): current stored figures where there are, the rest computed by `compute` from inputs
 * it reads through the handle it is given, and saved. On the pool, the stored figures, the
 * missing collaterals' inputs versions and `compute`'s reads share one REPEATABLE READ READ ONLY
 * transaction (one snapshot), and the save runs after it, outside any transaction, keeping only rows whose
 * version is still current. Inside a caller's transaction `compute` reads through it and
 * nothing is saved (the unit of work may still change the inputs; a read-only snapshot cannot
 * write). The figures are returned whether or not they were stored.
 */
export async function collateralRollupsWith(
  pg: PgDb,
  collateralIds: readonly string[],
  version: number,
  compute: (reader: PgDb, collateralIds: readonly string[]) => Promise<ComputedRollups>,
): Promise<Map<string, CollateralRollupFigures>> {
  const stored = await storedCollateralFigures(pg, collateralIds, version);
  if (collateralIds.every((id) => stored.has(id))) return stored;
  const merged = (current: Map<string, CollateralRollupFigures>, computed: Map<string, CollateralRollupFigures>) =>
    new Map(collateralIds.map((id) => [id, current.get(id) ?? computed.get(id)!]));
  if (inTransaction(pg)) return merged(stored, (await compute(pg, collateralIds.filter((id) => !stored.has(id)))).rollups);

  const { current, computed, versions } = await pg.transaction(
    async (tx) => {
      // The first statement takes the snapshot: the stored figures, the versions and compute's
      // reads all see the same one, as on SQLite (whose refill reads them in one transaction).
      const current = await currentCollateralFigures(tx, collateralIds, version);
      const missing = collateralIds.filter((id) => !current.has(id));
      const versions = await collateralInputsVersions(tx, missing);
      return { current, versions, computed: await compute(tx, missing) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const rows: ComputedFigures[] = [];
  for (const [collateralId, figures] of computed.rollups) {
    const inputsVersion = versions.get(collateralId);
    // No version: the collateral does not exist (or no longer): nothing to keep.
    if (inputsVersion !== undefined) rows.push({ collateralId, inputsVersion, figures, stress: computed.stress.get(collateralId) ?? null });
  }
  await saveCollateralFigures(pg, version, rows);
  return merged(current, computed.rollups);
}
