import type { CollateralRollupFigures } from '../domain';
import type { Db } from './db';
import { PIPELINE_DEAL_COLUMNS, type PipelineDealRow } from './pipeline-query';
import { prepared } from './statements';

/**
 * The selection of the cross-deal collateral report: which (deal, collateral) pairs it has and
 * in which order. A report row is one link of `deal_collaterals`, identified by the link's
 * rowid (a compact integer: 100,000 of them are under a megabyte), so the gateway can sort,
 * page and stream rows without holding them.
 *
 * Every criterion is combined with AND. A list matches any of its values; an empty or absent
 * list places no restriction. city and usState compare case-insensitively, trimmed.
 */
export interface ReportSelection {
  dealIds?: readonly string[] | undefined;
  states?: readonly string[] | undefined;
  /** The collateral's property type (the row's propertyType). */
  propertyTypes?: readonly string[] | undefined;
  loanTypes?: readonly string[] | undefined;
  riskRatings?: readonly string[] | undefined;
  /** Owner user ids of the deal. */
  owners?: readonly string[] | undefined;
  /** City of the collateral address. */
  city?: string | undefined;
  /** US state of the collateral address (e.g. IL). */
  usState?: string | undefined;
  /** Inclusive bounds of the deal's gross loan. */
  minGrossLoan?: number | undefined;
  maxGrossLoan?: number | undefined;
}

const TEXT = 'COLLATE NOCASE';

/** Row fields stored as columns, with the SQL expression the report orders them by. */
export const REPORT_STORED_SORT = {
  dealId: { sql: 'd.id', text: true },
  seedName: { sql: 'd.seed_name', text: true },
  loanId: { sql: 'd.loan_id', text: true },
  state: { sql: 'd.state', text: true },
  owner: { sql: 'd.owner_id', text: true },
  loanType: { sql: 'd.loan_type', text: true },
  grossLoan: { sql: 'd.gross_loan', text: false },
  loanTerm: { sql: 'd.loan_term', text: false },
  riskRating: { sql: 'd.risk_rating', text: true },
  collateralId: { sql: 'c.id', text: true },
  collateralName: { sql: 'c.name', text: true },
  // The row shows a missing address as '' (like AddressDto), so it sorts as ''.
  fullAddress: { sql: "coalesce(c.full_address, '')", text: true },
  city: { sql: 'c.city', text: true },
  usState: { sql: 'c.state', text: true },
  zipCode: { sql: 'c.zip_code', text: true },
  propertyType: { sql: 'c.property_type', text: true },
} as const;
export type ReportStoredSortField = keyof typeof REPORT_STORED_SORT;

export function isStoredSortField(field: string): field is ReportStoredSortField {
  return Object.hasOwn(REPORT_STORED_SORT, field);
}

export interface ReportOrder {
  field: ReportStoredSortField;
  direction: 'asc' | 'desc';
}

/**
 * The report's default order, also every sort's tie-breaker: deals as getAllDealIds lists them
 * (created_at, id), then each deal's collaterals as getDealCollateralSummary lists them.
 */
const DEFAULT_ORDER = 'd.created_at, d.id, dc.position, c.id';

function whereClause(selection: ReportSelection): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const list = (column: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    // One JSON parameter, whatever the list's length (SQLite caps bound variables).
    clauses.push(`${column} IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(values));
  };
  list('d.id', selection.dealIds);
  list('d.state', selection.states);
  list('c.property_type', selection.propertyTypes);
  list('d.loan_type', selection.loanTypes);
  list('d.risk_rating', selection.riskRatings);
  list('d.owner_id', selection.owners);
  const text = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    clauses.push(`trim(${column}) = ? ${TEXT}`);
    params.push(value.trim());
  };
  text('c.city', selection.city);
  text('c.state', selection.usState);
  if (selection.minGrossLoan !== undefined) {
    clauses.push('d.gross_loan >= ?');
    params.push(selection.minGrossLoan);
  }
  if (selection.maxGrossLoan !== undefined) {
    clauses.push('d.gross_loan <= ?');
    params.push(selection.maxGrossLoan);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

function orderClause(order: ReportOrder | undefined): string {
  if (!order) return `ORDER BY ${DEFAULT_ORDER}`;
  const { sql, text } = REPORT_STORED_SORT[order.field];
  // Empty values (NULL) come last in both directions; ties keep the default order.
  return `ORDER BY (${sql}) IS NULL, ${sql} ${text ? TEXT : ''} ${order.direction === 'desc' ? 'DESC' : 'ASC'}, ${DEFAULT_ORDER}`;
}

const FROM = `FROM deal_collaterals dc
  JOIN deals d ON d.id = dc.deal_id
  JOIN collaterals c ON c.id = dc.collateral_id`;

/** The link ids of every selected (deal, collateral) pair, ordered by a stored column or by default. */
export function selectReportLinks(db: Db, selection: ReportSelection, order?: ReportOrder): number[] {
  const where = whereClause(selection);
  return db.$client
    .prepare(`SELECT dc.rowid ${FROM} ${where.sql} ${orderClause(order)}`)
    .pluck()
    .all(...where.params) as number[];
}

/**
 * The ids of the deals with at least one selected (deal, collateral) pair, in the report's default
 * deal order (created_at, id). A deal without collaterals is never selected (the report has no
 * row of it). Used by the portfolio stress, which takes the report's filter.
 */
export function selectReportDealIds(db: Db, selection: ReportSelection): string[] {
  const where = whereClause(selection);
  return db.$client
    .prepare(`SELECT d.id ${FROM} ${where.sql} GROUP BY d.id ORDER BY min(d.created_at), d.id`)
    .pluck()
    .all(...where.params) as string[];
}

/** What a report row is made of: the link, its deal's fields and its collateral's. */
export interface ReportRowInputs extends PipelineDealRow {
  linkId: number;
  loanTerm: number;
  originationDate: string | null;
  collateralId: string;
  collateralName: string;
  fullAddress: string | null;
  city: string | null;
  usState: string | null;
  zipCode: string | null;
  collateralPropertyType: string;
}

const ROW_INPUT_COLUMNS = `dc.rowid AS linkId, ${PIPELINE_DEAL_COLUMNS},
    d.loan_term AS loanTerm, d.origination_date AS originationDate,
    c.id AS collateralId, c.name AS collateralName, c.full_address AS fullAddress, c.city AS city,
    c.state AS usState, c.zip_code AS zipCode, c.property_type AS collateralPropertyType`;
const SELECT_ROW_INPUTS = `SELECT ${ROW_INPUT_COLUMNS} ${FROM} WHERE dc.rowid IN (SELECT value FROM json_each(?))`;

/** Does the selection look at the collaterals (so a deal may have only some of its rows)? */
function restrictsCollaterals(selection: ReportSelection): boolean {
  return !!selection.propertyTypes?.length || selection.city !== undefined || selection.usState !== undefined;
}

/** Does the selection look at the deals' columns? */
function restrictsDeals(s: ReportSelection): boolean {
  return [s.dealIds, s.states, s.loanTypes, s.riskRatings, s.owners].some((list) => !!list?.length) || s.minGrossLoan !== undefined || s.maxGrossLoan !== undefined;
}

/**
 * True when, in this order, each deal's rows come one after another, in collateralsOfDeal
 * order (position, then id): the default order, or a deal column with the default order
 * among ties.
 */
export function keepsDealRowsAdjacent(order?: ReportOrder): boolean {
  return !order || REPORT_STORED_SORT[order.field].sql.startsWith('d.');
}

/**
 * True when, in this selection and order, each selected deal has all of its collaterals, one
 * after another (keepsDealRowsAdjacent). A reader can then total a deal from its own rows
 * instead of reading its collaterals again.
 */
export function keepsDealsWhole(selection: ReportSelection, order?: ReportOrder): boolean {
  return !restrictsCollaterals(selection) && keepsDealRowsAdjacent(order);
}

/** The fields a report row is computed from (ReportRowInputs less the link id and what no row shows). */
export type ReportRowFields = Omit<ReportRowInputs, 'linkId' | 'status' | 'priority' | 'propertyType'>;

/**
 * A streamed row's fields with its collateral's stored figures, flat (one object a row):
 * the figures are meaningful only when `hasFigures` (the collateral has current ones).
 */
export interface StreamedReportRow extends ReportRowFields, CollateralRollupFigures {
  hasFigures: boolean;
}

/**
 * The columns of a streamed row, in the order streamedRow reads them: only what a row needs,
 * since each column costs in the sort and in the copy to JavaScript.
 */
const STREAMED_COLUMNS = `d.id, d.seed_name, d.loan_id, d.state, d.owner_id, d.loan_type, d.gross_loan, d.risk_rating,
    d.rate_index, d.index_rate, d.rate_spread, d.interest_rate_floor, d.loan_payment_structure,
    d.amortization_term, d.debt_service_method, d.user_debt_service, d.project_total_cost,
    d.user_selected_ltv, d.loan_term, d.origination_date,
    c.id, c.name, c.full_address, c.city, c.state, c.zip_code, c.property_type,
    f.version, f.net_operating_income, f.net_income, f.income_valuation, f.alternative_valuation,
    f.sales_valuation, f.total_sf, f.total_unit`;

/**
 * A raw row of STREAMED_COLUMNS as an object. Raw rows and an object literal, because
 * better-sqlite3 builds a named row through one native call per column, which measured
 * ~0.6 s of a 100,000-row export (as much as the query itself).
 */
function streamedRow(v: unknown[]): StreamedReportRow {
  return {
    id: v[0] as string,
    seedName: v[1] as string,
    loanId: v[2] as string | null,
    state: v[3] as string,
    ownerId: v[4] as string,
    loanType: v[5] as string,
    grossLoan: v[6] as number,
    riskRating: v[7] as string | null,
    rateIndex: v[8] as string,
    indexRate: v[9] as number,
    rateSpread: v[10] as number,
    interestRateFloor: v[11] as number,
    loanPaymentStructure: v[12] as string,
    amortizationTerm: v[13] as number,
    debtServiceMethod: v[14] as string,
    userDebtService: v[15] as number,
    projectTotalCost: v[16] as number,
    userSelectedLtv: v[17] as string,
    loanTerm: v[18] as number,
    originationDate: v[19] as string | null,
    collateralId: v[20] as string,
    collateralName: v[21] as string,
    fullAddress: v[22] as string | null,
    city: v[23] as string | null,
    usState: v[24] as string | null,
    zipCode: v[25] as string | null,
    collateralPropertyType: v[26] as string,
    // f.version is null when the LEFT JOIN found no current figures.
    hasFigures: v[27] !== null,
    netOperatingIncome: v[28] as number,
    netIncome: v[29] as number,
    incomeValuation: v[30] as number,
    alternativeValuation: v[31] as number,
    salesValuation: v[32] as number,
    totalSF: v[33] as number,
    totalUnit: v[34] as number,
  };
}

/**
 * The fields of every selected row with its collateral's stored figures of `figuresVersion`,
 * ordered by a stored column or by default, read one row at a time: an export streams them
 * without holding the selection (the statement's cursor stays open until the iterator is done).
 */
export function* iterateReportRows(db: Db, selection: ReportSelection, order: ReportOrder | undefined, figuresVersion: number): Generator<StreamedReportRow, void, undefined> {
  const where = whereClause(selection);
  const statement = db.$client.prepare(
    `SELECT ${STREAMED_COLUMNS} ${FROM}
      LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ?
      ${where.sql} ${orderClause(order)}`,
  );
  for (const values of statement.raw().iterate(figuresVersion, ...where.params) as IterableIterator<unknown[]>) yield streamedRow(values);
}

/**
 * Rows a batch of iterateReportRowBatches: the port hands the rows over a batch at a time, since
 * a promise per row (the port's calls are async) cost the export about a quarter of its time.
 */
export const REPORT_BATCH_ROWS = 100;

/** iterateReportRows, `batchRows` rows at a time (the last batch may have fewer; none is empty). */
export function* iterateReportRowBatches(
  db: Db,
  selection: ReportSelection,
  order: ReportOrder | undefined,
  figuresVersion: number,
  batchRows = REPORT_BATCH_ROWS,
): Generator<StreamedReportRow[], void, undefined> {
  let batch: StreamedReportRow[] = [];
  for (const row of iterateReportRows(db, selection, order, figuresVersion)) {
    batch.push(row);
    if (batch.length >= batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * How many rows the selection has. Joins only the tables the criteria look at: every link has
 * its deal and its collateral (foreign keys, enforced on every connection, delete the links
 * with them), so the joins would change no count, and without them the count reads one small
 * index instead of two lookups per link.
 */
export function countReportLinks(db: Db, selection: ReportSelection): number {
  const where = whereClause(selection);
  const joins = [
    restrictsDeals(selection) ? 'JOIN deals d ON d.id = dc.deal_id' : '',
    restrictsCollaterals(selection) ? 'JOIN collaterals c ON c.id = dc.collateral_id' : '',
  ];
  return db.$client.prepare(`SELECT count(*) FROM deal_collaterals dc ${joins.join(' ')} ${where.sql}`).pluck().get(...where.params) as number;
}

/** The inputs of the given links' rows, in the given order; a link deleted meanwhile is skipped. */
export function reportRowInputs(db: Db, linkIds: readonly number[]): ReportRowInputs[] {
  if (linkIds.length === 0) return [];
  const rows = prepared(db, SELECT_ROW_INPUTS).all(JSON.stringify(linkIds)) as ReportRowInputs[];
  const byId = new Map(rows.map((r) => [r.linkId, r]));
  return linkIds.map((id) => byId.get(id)).filter((r): r is ReportRowInputs => r !== undefined);
}

/**
 * Holds one read snapshot on this connection until the returned function is called, so a
 * report streamed across many batches sees one consistent state of the store (WAL: writers on
 * other connections go on). Only for a connection of its own, such as the `uw report` command:
 * on a shared connection other code's writes would join the open transaction.
 */
export function beginReadSnapshot(db: Db): () => void {
  const client = db.$client;
  client.exec('BEGIN DEFERRED');
  // A deferred transaction takes its snapshot at the first read.
  client.prepare('SELECT count(*) FROM deals').pluck().get();
  return () => {
    if (client.inTransaction) client.exec('COMMIT');
  };
}

/**
 * A token that changes whenever the store's content may have changed: any commit by another
 * connection (data_version) or any row written by this one (total_changes). Equal tokens mean
 * equal content, so a result computed from the store may be reused while the token holds.
 */
export function storeVersion(db: Db): string {
  const dataVersion = db.$client.pragma('data_version', { simple: true }) as number;
  const changes = db.$client.prepare('SELECT total_changes()').pluck().get() as number;
  return `${dataVersion}:${changes}`;
}
