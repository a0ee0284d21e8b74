import type { ClientBase, Pool } from 'pg';
import type { CollateralRollupFigures } from '../../domain';

// The statements of the roll-up cache protocol (README.md in this folder, "The roll-up cache").
// A stored row counts only while its inputs_version is the collateral's current
// collateral_inputs.version, compared in the statement that reads it.

type Queryable = Pool | ClientBase;

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
    net_income, income_valuation, alternative_valuation, sales_valuation, total_sf, total_unit)
  SELECT s.id, $1, s.inputs_version, s.noi, s.net_income, s.income_valuation, s.alternative_valuation,
    s.sales_valuation, s.total_sf, s.total_unit
  FROM unnest($2::text[], $3::bigint[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[])
    AS s(id, inputs_version, noi, net_income, income_valuation, alternative_valuation, sales_valuation, total_sf, total_unit)
  JOIN collateral_inputs i ON i.collateral_id = s.id AND i.version = s.inputs_version
  ORDER BY s.id
  ON CONFLICT (collateral_id) DO UPDATE SET version = EXCLUDED.version, inputs_version = EXCLUDED.inputs_version,
    net_operating_income = EXCLUDED.net_operating_income, net_income = EXCLUDED.net_income,
    income_valuation = EXCLUDED.income_valuation, alternative_valuation = EXCLUDED.alternative_valuation,
    sales_valuation = EXCLUDED.sales_valuation, total_sf = EXCLUDED.total_sf, total_unit = EXCLUDED.total_unit
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
  const { rows } = await db.query<CollateralRollupFigures & { collateralId: string }>(SELECT_CURRENT, [collateralIds, version]);
  for (const { collateralId, ...figures } of rows) out.set(collateralId, figures);
  return out;
}

/**
 * The current inputs version of these collaterals. Read it in the snapshot the inputs are read
 * in (one REPEATABLE READ transaction, or the same statement): the pair is what a save needs.
 */
export async function collateralInputsVersions(db: Queryable, collateralIds: readonly string[]): Promise<Map<string, number>> {
  if (collateralIds.length === 0) return new Map();
  const { rows } = await db.query<{ collateralId: string; version: string | number }>(SELECT_VERSIONS, [collateralIds]);
  return new Map(rows.map((r) => [r.collateralId, Number(r.version)]));
}

export interface ComputedFigures {
  collateralId: string;
  /** The collateral_inputs.version read in the snapshot the figures were computed from. */
  inputsVersion: number;
  figures: CollateralRollupFigures;
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
    const { rowCount } = await db.query(SAVE, [
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
    ]);
    return rowCount ?? 0;
  } catch (error) {
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return 0;
    throw error;
  }
}
