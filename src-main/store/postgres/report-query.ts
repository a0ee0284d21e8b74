import { sql, type SQL } from 'drizzle-orm';
import { REPORT_STORED_SORT, type ReportOrder, type ReportRowInputs, type ReportSelection, type StreamedReportRow } from '../report-query';
import { inTransaction } from './collateral-figures';
import type { PgDb } from './db';

// The PostgreSQL twins of store/report-query.ts: the cross-deal report's selection, its rows and
// the store's version token.
//
// Link ids. SQLite names a report row by its deal_collaterals rowid. PostgreSQL has no rowid;
// the row's physical address (ctid: block, offset) is encoded as one integer instead
// (block * 65536 + offset, below 2^48). It names the same row for as long as nothing is
// written to it: within one snapshot always, and across snapshots while storeVersion (below)
// is unchanged, which is how the gateway keeps a selection (an equal version means no commit
// at all, so no row moved). A link id of another version may name no row or, after an update
// of the link, be skipped as a deleted one is.
//
// Order. SQLite sorts text with COLLATE NOCASE (ASCII letters folded) and BINARY ids; here
// lower() under the "C" collation folds ASCII letters only and compares bytes, whatever the
// database's own collation: the same order.

const TEXT_ORDER = (expr: string) => `lower((${expr}) COLLATE "C") COLLATE "C"`;
const DEFAULT_ORDER = 'd.created_at COLLATE "C", d.id COLLATE "C", dc.position, c.id COLLATE "C"';
const LINK_ID = `(((dc.ctid::text)::point)[0]::int8 * 65536 + ((dc.ctid::text)::point)[1]::int8)`;

function whereClause(selection: ReportSelection): SQL {
  const clauses: SQL[] = [];
  const list = (column: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    clauses.push(sql`${sql.raw(column)} = ANY(${sql.param([...values])}::text[])`);
  };
  list('d.id', selection.dealIds);
  list('d.state', selection.states);
  list('c.property_type', selection.propertyTypes);
  list('d.loan_type', selection.loanTypes);
  list('d.risk_rating', selection.riskRatings);
  list('d.owner_id', selection.owners);
  const text = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    // SQLite: trim(column) = ? COLLATE NOCASE.
    clauses.push(sql`lower(trim(${sql.raw(column)}) COLLATE "C") = lower(${value.trim()}::text COLLATE "C")`);
  };
  text('c.city', selection.city);
  text('c.state', selection.usState);
  if (selection.minGrossLoan !== undefined) clauses.push(sql`d.gross_loan >= ${selection.minGrossLoan}::float8`);
  if (selection.maxGrossLoan !== undefined) clauses.push(sql`d.gross_loan <= ${selection.maxGrossLoan}::float8`);
  return clauses.length ? sql`WHERE ${sql.join(clauses, sql` AND `)}` : sql``;
}

function orderClause(order: ReportOrder | undefined): SQL {
  if (!order) return sql.raw(`ORDER BY ${DEFAULT_ORDER}`);
  const { sql: expr, text } = REPORT_STORED_SORT[order.field];
  // Empty values (NULL) come last in both directions; ties keep the default order.
  return sql.raw(`ORDER BY (${expr}) IS NULL, ${text ? TEXT_ORDER(expr) : expr} ${order.direction === 'desc' ? 'DESC' : 'ASC'}, ${DEFAULT_ORDER}`);
}

const FROM = sql.raw(`FROM deal_collaterals dc
  JOIN deals d ON d.id = dc.deal_id
  JOIN collaterals c ON c.id = dc.collateral_id`);

/** The link ids of every selected (deal, collateral) pair, ordered by a stored column or by default. */
export async function selectReportLinks(pg: PgDb, selection: ReportSelection, order?: ReportOrder): Promise<number[]> {
  const { rows } = await pg.execute(sql`SELECT ${sql.raw(LINK_ID)} AS "linkId" ${FROM} ${whereClause(selection)} ${orderClause(order)}`);
  return rows.map((r) => Number(r.linkId));
}

/** The ids of the deals with at least one selected pair, in the report's default deal order (created_at, id). */
export async function selectReportDealIds(pg: PgDb, selection: ReportSelection): Promise<string[]> {
  const { rows } = await pg.execute(
    sql`SELECT d.id ${FROM} ${whereClause(selection)} GROUP BY d.id ORDER BY min(d.created_at COLLATE "C") COLLATE "C", d.id COLLATE "C"`,
  );
  return rows.map((r) => r.id as string);
}

/** How many rows the selection has. */
export async function countReportLinks(pg: PgDb, selection: ReportSelection): Promise<number> {
  const { rows } = await pg.execute(sql`SELECT count(*)::int AS n ${FROM} ${whereClause(selection)}`);
  return rows[0]!.n as number;
}

/** PipelineDealRow's columns and the report row's own (store/pipeline-query.ts, ReportRowInputs), aliased as its fields. */
const ROW_INPUT_COLUMNS = `${LINK_ID} AS "linkId", d.id AS "id", d.seed_name AS "seedName", d.loan_id AS "loanId", d.state AS "state",
  d.status AS "status", d.priority AS "priority", d.owner_id AS "ownerId", d.loan_type AS "loanType",
  d.property_type AS "propertyType", d.gross_loan AS "grossLoan", d.risk_rating AS "riskRating",
  d.rate_index AS "rateIndex", d.index_rate AS "indexRate", d.rate_spread AS "rateSpread",
  d.interest_rate_floor AS "interestRateFloor", d.loan_payment_structure AS "loanPaymentStructure",
  d.amortization_term AS "amortizationTerm", d.debt_service_method AS "debtServiceMethod",
  d.user_debt_service AS "userDebtService", d.project_total_cost AS "projectTotalCost",
  d.user_selected_ltv AS "userSelectedLtv",
  d.loan_term AS "loanTerm", d.origination_date AS "originationDate",
  c.id AS "collateralId", c.name AS "collateralName", c.full_address AS "fullAddress", c.city AS "city",
  c.state AS "usState", c.zip_code AS "zipCode", c.property_type AS "collateralPropertyType"`;

/** The ctid literal of a link id. */
const tidOf = (linkId: number) => `(${Math.floor(linkId / 65536)},${linkId % 65536})`;

/** The inputs of the given links' rows, in the given order; a link deleted (or moved) meanwhile is skipped. */
export async function reportRowInputs(pg: PgDb, linkIds: readonly number[]): Promise<ReportRowInputs[]> {
  if (linkIds.length === 0) return [];
  const { rows } = await pg.execute(sql`SELECT ${sql.raw(ROW_INPUT_COLUMNS)} ${FROM} WHERE dc.ctid = ANY(${sql.param(linkIds.map(tidOf))}::tid[])`);
  const byId = new Map((rows as unknown as ReportRowInputs[]).map((r) => [Number(r.linkId), { ...r, linkId: Number(r.linkId) }]));
  return linkIds.map((id) => byId.get(id)).filter((r): r is ReportRowInputs => r !== undefined);
}

/** A streamed row's columns, aliased as StreamedReportRow's fields. */
const STREAMED_COLUMNS = `d.id AS "id", d.seed_name AS "seedName", d.loan_id AS "loanId", d.state AS "state", d.owner_id AS "ownerId",
  d.loan_type AS "loanType", d.gross_loan AS "grossLoan", d.risk_rating AS "riskRating", d.rate_index AS "rateIndex",
  d.index_rate AS "indexRate", d.rate_spread AS "rateSpread", d.interest_rate_floor AS "interestRateFloor",
  d.loan_payment_structure AS "loanPaymentStructure", d.amortization_term AS "amortizationTerm",
  d.debt_service_method AS "debtServiceMethod", d.user_debt_service AS "userDebtService",
  d.project_total_cost AS "projectTotalCost", d.user_selected_ltv AS "userSelectedLtv", d.loan_term AS "loanTerm",
  d.origination_date AS "originationDate", c.id AS "collateralId", c.name AS "collateralName",
  c.full_address AS "fullAddress", c.city AS "city", c.state AS "usState", c.zip_code AS "zipCode",
  c.property_type AS "collateralPropertyType", f.version IS NOT NULL AS "hasFigures",
  f.net_operating_income AS "netOperatingIncome", f.net_income AS "netIncome", f.income_valuation AS "incomeValuation",
  f.alternative_valuation AS "alternativeValuation", f.sales_valuation AS "salesValuation", f.total_sf AS "totalSF",
  f.total_unit AS "totalUnit"`;

/** Rows fetched from the cursor at a time: the memory an export holds, whatever the selection's size. */
export const REPORT_FETCH_ROWS = 1000;
let cursors = 0;

/** Streams the statement's rows, a fetch (never empty) at a time, through a server-side cursor of the transaction `tx` is in. */
async function* fromCursor<T>(tx: PgDb, statement: SQL, fetchRows: number): AsyncGenerator<T[], void, undefined> {
  const name = `uw_report_rows_${(cursors += 1)}`;
  await tx.execute(sql`DECLARE ${sql.raw(name)} NO SCROLL CURSOR FOR ${statement}`);
  try {
    for (;;) {
      const { rows } = await tx.execute(sql.raw(`FETCH ${fetchRows} FROM ${name}`));
      if (rows.length > 0) yield rows as T[];
      if (rows.length < fetchRows) return;
    }
  } finally {
    // An iterator left early (return()) closes its cursor; an aborted transaction has none left.
    await tx.execute(sql.raw(`CLOSE ${name}`)).catch(() => {});
  }
}

/**
 * The fields of every selected row with its collateral's stored figures of `figuresVersion`
 * (current ones only), ordered by a stored column or by default. Streamed through a server-side
 * cursor, a batch of REPORT_FETCH_ROWS rows a fetch (bounded memory, one sort on the server): in the
 * caller's unit when `pg` is one (uw report runs the export in a snapshot), otherwise in a
 * REPEATABLE READ READ ONLY transaction of its own held on one pooled connection until the
 * iterator is done or left.
 */
export function iterateReportRowBatches(pg: PgDb, selection: ReportSelection, order: ReportOrder | undefined, figuresVersion: number): AsyncIterable<StreamedReportRow[]> {
  return iterateReportRowBatchesBy(pg, selection, order, figuresVersion, REPORT_FETCH_ROWS);
}

/** iterateReportRowBatches, `fetchRows` rows a fetch (a batch). */
export function iterateReportRowBatchesBy(
  pg: PgDb,
  selection: ReportSelection,
  order: ReportOrder | undefined,
  figuresVersion: number,
  fetchRows: number,
): AsyncIterable<StreamedReportRow[]> {
  const statement = sql`SELECT ${sql.raw(STREAMED_COLUMNS)} ${FROM}
    LEFT JOIN collateral_inputs i ON i.collateral_id = dc.collateral_id
    LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ${figuresVersion} AND f.inputs_version = i.version
    ${whereClause(selection)} ${orderClause(order)}`;
  if (inTransaction(pg)) return fromCursor<StreamedReportRow>(pg, statement, fetchRows);
  return (async function* () {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let opened!: (tx: PgDb) => void;
    const handle = new Promise<PgDb>((resolve) => (opened = resolve));
    const unit = pg.transaction(
      async (tx) => {
        opened(tx);
        await finished;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    try {
      const tx = await Promise.race([handle, unit.then(() => Promise.reject(new Error('iterateReportRowBatches: the snapshot ended before it was read')))]);
      yield* fromCursor<StreamedReportRow>(tx, statement, fetchRows);
    } finally {
      finish();
      await unit;
    }
  })();
}

/**
 * A token that changes whenever the store's content may have changed: the current snapshot
 * (xmin:xmax:in-progress transactions). Two equal snapshots see the same committed
 * transactions, hence the same content; any commit since (of this database or another of
 * the cluster, conservatively) gives another. Inside a snapshot unit it stays the same.
 */
export async function storeVersion(pg: PgDb): Promise<string> {
  const { rows } = await pg.execute(sql`SELECT pg_current_snapshot()::text AS version`);
  return rows[0]!.version as string;
}
