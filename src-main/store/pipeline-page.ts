import type { PipelineSortKey } from '../contract';
import type { Db } from './db';
import { changeFeedHead } from './change-feed';
import { collateralAddressesByDeal, PIPELINE_DEAL_COLUMNS, type PipelineDealRow } from './pipeline-query';
import { perConnection, prepared } from './statements';

/*
 * The pipeline, a page at a time (issue 17): filtering, search, sorting, counting and paging in
 * SQLite, so the main process answers the rows the renderer shows and never builds every row.
 *
 * Per-connection TEMP tables hold what a query cannot read from the deals table itself;
 * they live in SQLite's temp database (not in the data directory's file, not in the JS heap) and
 * are brought up to date by the caller before a query that needs them:
 *
 * - pipeline_search: one lower-case text per deal, the same words the renderer searched before
 *   (name, loan id, owner, status, state, property and loan type, every collateral's address);
 *   a search term matches a deal when the text contains it. Kept current through the change feed.
 * - pipeline_figures: each deal's DSCR, debt yield and LTV (null while its collaterals' roll-ups
 *   are missing), filled by the app from the stored roll-ups: the sort keys of the figure columns,
 *   refilled when pipelineStoreVersion moved.
 * - pipeline_order: the ids of the current query's deals in its order, by position, so a page at
 *   any depth is a range of positions (materializePipelineOrder).
 *
 * The order is the old screen's: nulls last in both directions, ties by deal name (ignoring ASCII
 * case), then the default order (created_at, id).
 */

export type { PipelineSortKey };

export interface PipelineFilterLists {
  states: readonly string[];
  statuses: readonly string[];
  propertyTypes: readonly string[];
  loanTypes: readonly string[];
  owners: readonly string[];
  riskRatings: readonly string[];
  priorities: readonly string[];
}

export interface PipelineSelection {
  filter: PipelineFilterLists;
  /** Lower-case search terms; each must be in the deal's search text. Empty: no search. */
  terms: readonly string[];
  sort: { key: PipelineSortKey; direction: 'asc' | 'desc' } | null;
}

/** The figure columns: sorting by them needs pipeline_figures filled. */
export const FIGURE_SORT_KEYS: ReadonlySet<PipelineSortKey> = new Set(['dscr', 'debtYield', 'ltv']);

const SORT_EXPRESSIONS: Record<PipelineSortKey, string> = {
  seedName: 'd.seed_name COLLATE NOCASE',
  state: 'd.state COLLATE NOCASE',
  status: 'd.status COLLATE NOCASE',
  priority: "CASE d.priority WHEN 'Low' THEN 0 WHEN 'Medium' THEN 1 WHEN 'High' THEN 2 END",
  owner: 'd.owner_id COLLATE NOCASE',
  loanType: 'd.loan_type COLLATE NOCASE',
  propertyType: 'd.property_type COLLATE NOCASE',
  grossLoan: 'd.gross_loan',
  // noteRate (domain/note-rate.ts) in SQL: the same double additions, so the same order.
  interestRate: "CASE WHEN d.rate_index = 'Fixed' THEN d.rate_spread ELSE max(d.index_rate + d.rate_spread, d.interest_rate_floor) END",
  dscr: 'k.dscr',
  debtYield: 'k.debt_yield',
  ltv: 'k.ltv',
  riskRating: "CAST(NULLIF(d.risk_rating, '') AS REAL)",
};

const FILTER_COLUMNS: Record<keyof PipelineFilterLists, string> = {
  states: 'd.state',
  statuses: 'd.status',
  propertyTypes: 'd.property_type',
  loanTypes: 'd.loan_type',
  owners: 'd.owner_id',
  riskRatings: 'd.risk_rating',
  priorities: 'd.priority',
};
const FILTER_KEYS = Object.keys(FILTER_COLUMNS) as (keyof PipelineFilterLists)[];

function ensureTempTables(db: Db): void {
  perConnection(db, 'pipeline-page.temp-tables', () => {
    db.$client.exec(`CREATE TEMP TABLE IF NOT EXISTS pipeline_search (deal_id TEXT PRIMARY KEY, haystack TEXT NOT NULL);
      CREATE TEMP TABLE IF NOT EXISTS pipeline_figures (deal_id TEXT PRIMARY KEY, dscr REAL, debt_yield REAL, ltv REAL, pending INTEGER NOT NULL);
      CREATE TEMP TABLE IF NOT EXISTS pipeline_order (pos INTEGER PRIMARY KEY, deal_id TEXT NOT NULL)`);
    return true;
  });
}

/**
 * The SQL of a selection: FROM, WHERE and ORDER BY, with its parameters. Filter lists are bound
 * as one JSON array each, so one prepared statement serves any number of values.
 */
function selectionSql(selection: PipelineSelection): { from: string; where: string; order: string; params: unknown[] } {
  const joins: string[] = [];
  const clauses: string[] = [];
  let searching = false;
  const params: unknown[] = [];
  for (const key of FILTER_KEYS) {
    if (selection.filter[key].length === 0) continue;
    clauses.push(`${FILTER_COLUMNS[key]} IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(selection.filter[key]));
  }
  if (selection.terms.length > 0) {
    searching = true;
    // One instr() per term (a statement per number of terms): a JSON list here would be parsed
    // again for every deal, several times the cost of the search itself.
    for (const term of selection.terms) {
      clauses.push('instr(s.haystack, ?) > 0');
      params.push(term);
    }
  }
  let order = 'd.created_at, d.id';
  if (selection.sort) {
    if (FIGURE_SORT_KEYS.has(selection.sort.key)) joins.push('LEFT JOIN temp.pipeline_figures k ON k.deal_id = d.id');
    const expr = SORT_EXPRESSIONS[selection.sort.key];
    order = `(${expr}) IS NULL, ${expr} ${selection.sort.direction === 'asc' ? 'ASC' : 'DESC'}, d.seed_name COLLATE NOCASE, d.created_at, d.id`;
  }
  // A search reads the texts first (CROSS JOIN fixes the order), then looks up only the deals they match.
  const base = searching ? 'temp.pipeline_search s CROSS JOIN deals d ON d.id = s.deal_id' : 'deals d';
  return { from: `${base} ${joins.join(' ')}`, where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', order, params };
}

/** How many deals the selection holds (filters and search; the sort does not matter). */
export function pipelineCount(db: Db, selection: PipelineSelection): number {
  ensureTempTables(db);
  const { from, where, params } = selectionSql({ ...selection, sort: null });
  return prepared(db, `SELECT count(*) FROM ${from} ${where}`).pluck().get(...params) as number;
}

/**
 * Puts the ids of the selection's deals, in its order, into pipeline_order (positions from 1):
 * one scan and one sort of the store per query, after which any page of it, at any depth, is
 * a range of positions (scrolling to the 50,000th row reads 100 rows, not 50,000). Returns how
 * many deals it holds.
 */
export function materializePipelineOrder(db: Db, selection: PipelineSelection): number {
  ensureTempTables(db);
  const { from, where, order, params } = selectionSql(selection);
  return trackOwnChanges(db, () =>
    db.$client.transaction(() => {
      prepared(db, 'DELETE FROM temp.pipeline_order').run();
      // pos is the rowid: an emptied table numbers the rows 1, 2, ... in the order the sorted
      // SELECT hands them over (no window function: half the work).
      return prepared(db, `INSERT INTO temp.pipeline_order (deal_id) SELECT d.id FROM ${from} ${where} ORDER BY ${order}`).run(...params).changes;
    })(),
  );
}

/** The deal rows of pipeline_order from `offset` on, at most `limit`. */
export function pipelineOrderRows(db: Db, offset: number, limit: number): PipelineDealRow[] {
  ensureTempTables(db);
  return prepared(db, `SELECT ${PIPELINE_DEAL_COLUMNS} FROM temp.pipeline_order o JOIN deals d ON d.id = o.deal_id WHERE o.pos > ? ORDER BY o.pos LIMIT ?`).all(
    offset,
    limit,
  ) as PipelineDealRow[];
}

/** The ids and states of pipeline_order's deals from `offset` on (at most `limit`; -1: all). */
export function pipelineOrderIds(db: Db, offset = 0, limit = -1): [id: string, state: string][] {
  ensureTempTables(db);
  return prepared(db, 'SELECT d.id, d.state FROM temp.pipeline_order o JOIN deals d ON d.id = o.deal_id WHERE o.pos > ? ORDER BY o.pos LIMIT ?')
    .raw()
    .all(offset, limit) as [string, string][];
}

/** Each deal's collateral addresses (collateralAddressesByDeal's lines), for a page's deals only. */
const SELECT_PAGE_ADDRESSES = `SELECT dc.deal_id, c.full_address, c.street_number, c.street, c.city, c.state, c.zip_code
  FROM deal_collaterals dc JOIN collaterals c ON c.id = dc.collateral_id
  WHERE dc.deal_id IN (SELECT value FROM json_each(?))
  ORDER BY dc.deal_id, dc.position, c.id`;
export function addressesOfDeals(db: Db, dealIds: readonly string[]): Map<string, string[]> {
  const byDeal = new Map<string, string[]>();
  for (const [dealId, fullAddress, ...parts] of prepared(db, SELECT_PAGE_ADDRESSES).raw().all(JSON.stringify(dealIds)) as [string, ...(string | number | null)[]][]) {
    const line = addressLine(fullAddress, parts);
    if (line === '') continue;
    const list = byDeal.get(dealId);
    if (list) list.push(line);
    else byDeal.set(dealId, [line]);
  }
  return byDeal;
}

/** The full address, then whatever part of street number, street, city, state and ZIP it does not already hold. */
export function addressLine(fullAddress: string | number | null | undefined, parts: readonly (string | number | null)[]): string {
  const full = fullAddress === null || fullAddress === undefined ? '' : String(fullAddress);
  const missing = parts.filter((p) => p !== null && p !== '' && !full.includes(String(p))).join(' ');
  return [full, missing].filter(Boolean).join(' ');
}

/** The words a search looks in, lower case: the deal's text columns and every collateral address. */
export function searchText(deal: Pick<PipelineDealRow, 'seedName' | 'loanId' | 'ownerId' | 'status' | 'state' | 'propertyType' | 'loanType'>, addresses: readonly string[]): string {
  return [deal.seedName, deal.loanId ?? '', deal.ownerId, deal.status ?? '', deal.state, deal.propertyType.replace(/_/g, ' '), deal.loanType.replace(/_/g, ' '), ...addresses]
    .join(' ')
    .toLowerCase();
}

const SEARCH_FIELDS = `d.id AS id, d.seed_name AS seedName, d.loan_id AS loanId, d.owner_id AS ownerId, d.status AS status,
  d.state AS state, d.property_type AS propertyType, d.loan_type AS loanType`;
const SELECT_SEARCH_FIELDS = `SELECT ${SEARCH_FIELDS} FROM deals d`;
const SELECT_SEARCH_FIELDS_OF = `SELECT ${SEARCH_FIELDS} FROM deals d WHERE d.id IN (SELECT value FROM json_each(?))`;
const SELECT_CHANGED = 'SELECT DISTINCT deal_id FROM deal_changes WHERE seq > ?';
const DELETE_SEARCH_OF = 'DELETE FROM temp.pipeline_search WHERE deal_id IN (SELECT value FROM json_each(?))';
/** Past this many changed deals a full rebuild is as quick as the piecemeal one. */
const FULL_REBUILD_AFTER = 5_000;

/** Where pipeline_search stands in the change feed. */
export interface SearchPosition {
  storeId: string;
  seq: number;
}

/**
 * Brings pipeline_search up to the change feed's head (migration 0005's triggers record every
 * write to a deal's graph, collaterals and their addresses included): all of it when `since` is
 * null or of another store, else only the deals changed after it. One transaction, so the texts
 * and the position returned belong to one snapshot. The texts are built in JavaScript
 * (toLowerCase, not SQLite's ASCII-only lower()); the deals' text columns and addresses are held
 * only while it runs.
 */
export function refreshPipelineSearch(db: Db, since: SearchPosition | null): SearchPosition {
  ensureTempTables(db);
  return trackOwnChanges(db, () =>
    db.$client.transaction(() => {
      const head = changeFeedHead(db);
      if (since && since.storeId === head.storeId && since.seq === head.seq) return head;
      const insert = prepared(db, 'INSERT INTO temp.pipeline_search (deal_id, haystack) VALUES (?, ?)');
      const changed = since && since.storeId === head.storeId && since.seq < head.seq ? (prepared(db, SELECT_CHANGED).pluck().all(since.seq) as string[]) : null;
      if (changed === null || changed.length > FULL_REBUILD_AFTER) {
        prepared(db, 'DELETE FROM temp.pipeline_search').run();
        const addresses = collateralAddressesByDeal(db);
        // all(), not iterate(): the connection cannot insert while a read is open on it.
        for (const deal of prepared(db, SELECT_SEARCH_FIELDS).all() as PipelineDealRow[]) insert.run(deal.id, searchText(deal, addresses.get(deal.id) ?? []));
      } else {
        const ids = JSON.stringify(changed);
        prepared(db, DELETE_SEARCH_OF).run(ids);
        const addresses = addressesOfDeals(db, changed);
        // A deleted deal is no longer in deals: it only loses its text.
        for (const deal of prepared(db, SELECT_SEARCH_FIELDS_OF).all(ids) as PipelineDealRow[]) insert.run(deal.id, searchText(deal, addresses.get(deal.id) ?? []));
      }
      return head;
    })(),
  );
}

/** The change feed's head: where a pipeline_search built from now on stands. */
export function pipelineSearchHead(db: Db): SearchPosition {
  return changeFeedHead(db);
}

/**
 * One slice of a full build of pipeline_search, for a warm-up that leaves the event loop free in
 * between: `after` '' empties the table first; adds the texts of up to `limit` deals with ids after
 * `after`, and returns the last id (null: no deal left). The caller records the head it started
 * from (pipelineSearchHead), so a later refreshPipelineSearch redoes deals changed meanwhile.
 */
export function addPipelineSearchSlice(db: Db, after: string, limit: number): string | null {
  ensureTempTables(db);
  return trackOwnChanges(db, () =>
    db.$client.transaction(() => {
      if (after === '') prepared(db, 'DELETE FROM temp.pipeline_search').run();
      const deals = prepared(db, `${SELECT_SEARCH_FIELDS} WHERE d.id > ? ORDER BY d.id LIMIT ?`).all(after, limit) as PipelineDealRow[];
      if (deals.length === 0) return null;
      const addresses = addressesOfDeals(
        db,
        deals.map((d) => d.id),
      );
      const insert = prepared(db, 'INSERT INTO temp.pipeline_search (deal_id, haystack) VALUES (?, ?)');
      for (const deal of deals) insert.run(deal.id, searchText(deal, addresses.get(deal.id) ?? []));
      return deals.at(-1)!.id;
    })(),
  );
}

/** A deal's sort keys: null figures and `pending` while a collateral of it has no stored roll-up. */
export type PipelineFigureKeys = [dealId: string, dscr: number | null, debtYield: number | null, ltv: number | null, pending: boolean];

/**
 * Writes sort keys into pipeline_figures: `clear` empties it first (a full build), `remove` drops
 * the keys of these deals (changed or deleted) before the new ones go in.
 */
export function putPipelineFigures(db: Db, keys: readonly PipelineFigureKeys[], options: { clear?: boolean; remove?: readonly string[] } = {}): void {
  ensureTempTables(db);
  trackOwnChanges(db, () =>
    db.$client.transaction(() => {
      if (options.clear) prepared(db, 'DELETE FROM temp.pipeline_figures').run();
      if (options.remove?.length) prepared(db, 'DELETE FROM temp.pipeline_figures WHERE deal_id IN (SELECT value FROM json_each(?))').run(JSON.stringify(options.remove));
      const insert = prepared(db, 'INSERT OR REPLACE INTO temp.pipeline_figures (deal_id, dscr, debt_yield, ltv, pending) VALUES (?, ?, ?, ?, ?)');
      for (const [id, dscr, debtYield, ltv, pending] of keys) insert.run(id, dscr, debtYield, ltv, pending ? 1 : 0);
    })(),
  );
}

/** The deals whose sort keys wait for roll-ups. */
export function pendingFigureKeys(db: Db): string[] {
  ensureTempTables(db);
  return prepared(db, 'SELECT deal_id FROM temp.pipeline_figures WHERE pending = 1').pluck().all() as string[];
}

/** Ids of the deals changed after `seq` in the change feed (deleted ones included). */
export function dealsChangedAfter(db: Db, seq: number): string[] {
  return prepared(db, SELECT_CHANGED).pluck().all(seq) as string[];
}

/** The pipeline columns of up to `limit` deals with ids after `after`, in id order (a slice of a full build). */
export function pipelineDealsAfter(db: Db, after: string, limit: number): PipelineDealRow[] {
  return prepared(db, `SELECT ${PIPELINE_DEAL_COLUMNS} FROM deals d WHERE d.id > ? ORDER BY d.id LIMIT ?`).all(after, limit) as PipelineDealRow[];
}

/** The pipeline columns of these deals (those that exist). */
export function pipelineDealsOf(db: Db, ids: readonly string[]): PipelineDealRow[] {
  return prepared(db, `SELECT ${PIPELINE_DEAL_COLUMNS} FROM deals d WHERE d.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as PipelineDealRow[];
}

/** How many deals have a collateral without current stored figures (their figures are pending). */
const SELECT_PENDING = `SELECT count(DISTINCT dc.deal_id) FROM deal_collaterals dc
  LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ? WHERE f.collateral_id IS NULL`;
export function dealsWithoutFigures(db: Db, version: number): number {
  return prepared(db, SELECT_PENDING).pluck().get(version) as number;
}

/**
 * The distinct values of the filterable columns, sorted, for the filter pickers: one scan of the
 * deals with a DISTINCT aggregate per column (each keeps only its own few values; a DISTINCT over
 * the six columns together would keep every combination).
 */
const SELECT_FACETS = `SELECT json_group_array(DISTINCT state), json_group_array(DISTINCT status), json_group_array(DISTINCT property_type),
  json_group_array(DISTINCT loan_type), json_group_array(DISTINCT owner_id), json_group_array(DISTINCT risk_rating) FROM deals`;
export function pipelineFacets(db: Db): Record<'states' | 'statuses' | 'propertyTypes' | 'loanTypes' | 'owners' | 'riskRatings', string[]> {
  const lists = (prepared(db, SELECT_FACETS).raw().get() as string[]).map((json) =>
    (JSON.parse(json) as (string | null)[])
      .filter((v): v is string => v !== null && v !== '')
      // Code-unit order, as SQLite's ORDER BY of text (BINARY) gives.
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const [states, statuses, propertyTypes, loanTypes, owners, riskRatings] = lists;
  return { states: states!, statuses: statuses!, propertyTypes: propertyTypes!, loanTypes: loanTypes!, owners: owners!, riskRatings: riskRatings! };
}

/*
 * A version of the store that ignores this module's own writes to its TEMP tables, which bump
 * the connection's total_changes() as any write does: otherwise rebuilding one table would make
 * the other look stale.
 */
function ownChanges(db: Db): { n: number } {
  return perConnection(db, 'pipeline-page.own-changes', () => ({ n: 0 }));
}

function trackOwnChanges<T>(db: Db, work: () => T): T {
  const total = prepared(db, 'SELECT total_changes()').pluck();
  const before = total.get() as number;
  try {
    return work();
  } finally {
    ownChanges(db).n += (total.get() as number) - before;
  }
}

/** Changes with every write to the store (this connection's or another's), except the pipeline's TEMP tables. */
export function pipelineStoreVersion(db: Db): string {
  const dataVersion = db.$client.pragma('data_version', { simple: true }) as number;
  const changes = prepared(db, 'SELECT total_changes()').pluck().get() as number;
  return `${dataVersion}:${changes - ownChanges(db).n}`;
}

/** What an import file may name a deal by (the import screen's DealRef). */
export interface DealNameRow {
  id: string;
  loanId: string | null;
  seedName: string;
}

const SELECT_DEAL_NAMES = 'SELECT id, loan_id AS loanId, seed_name AS seedName FROM deals';

/**
 * The deals an import file names: those whose id is one of `references`, or whose loan id or name
 * is one, ignoring case and surrounding spaces. One pass over three columns of the deals, the
 * matching in JavaScript (toLowerCase folds every script, SQLite's lower() only ASCII, and the
 * screen resolves with toLowerCase); only the matches are kept.
 */
export function dealsNamed(db: Db, references: readonly string[]): DealNameRow[] {
  const ids = new Set(references);
  const keys = new Set(references.map((r) => r.trim().toLowerCase()).filter((k) => k !== ''));
  const key = (value: string | null) => (value === null ? '' : value.trim().toLowerCase());
  const found: DealNameRow[] = [];
  for (const row of prepared(db, SELECT_DEAL_NAMES).iterate() as IterableIterator<DealNameRow>) {
    if (ids.has(row.id) || keys.has(key(row.loanId)) || keys.has(key(row.seedName))) found.push(row);
  }
  return found;
}
