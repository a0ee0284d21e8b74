import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { CREATED_FIELD } from '../contract';
import type { Db } from './db';
import { recordHistory, type HistoryActor, type HistoryChange } from './deal-history';
import * as schema from './schema';
import {
  alternativeValuations,
  cashFlowTransactions,
  collaterals,
  companies,
  components,
  dealCollaterals,
  dealCompanies,
  dealPeople,
  deals,
  fundSources,
  fundUses,
  fundsAnalyses,
  livingUnits,
  loansPackages,
  marketData,
  people,
  rentRollItems,
  rentRolls,
  revenueValuations,
  salesComps,
  users,
} from './schema';

// The working copy of a deal pulled from the central platform (docs/sync.md). The sync
// layer turns the platform's reads into the rows below; this module writes them as a DIFF
// against what is stored: a row that is already as desired is not written, a row the platform
// no longer has is deleted, rows the platform never had (local imports) are left alone.
// Callers run it inside their transaction.

export interface MirrorCollateral {
  collateral: typeof collaterals.$inferInsert;
  components: (typeof components.$inferInsert)[];
  marketData: (typeof marketData.$inferInsert)[];
  salesComps: (typeof salesComps.$inferInsert)[];
  livingUnits: (typeof livingUnits.$inferInsert)[];
  rentRolls: (typeof rentRolls.$inferInsert)[];
  rentRollItems: (typeof rentRollItems.$inferInsert)[];
  revenueValuations: (typeof revenueValuations.$inferInsert)[];
  cashFlowTransactions: (typeof cashFlowTransactions.$inferInsert)[];
  alternativeValuations: (typeof alternativeValuations.$inferInsert)[];
}

export interface MirrorDeal {
  deal: typeof deals.$inferInsert;
  /** Users the deal refers to (its owner): created when missing, as the platform has them. */
  users: string[];
  loansPackageIds: string[];
  people: (typeof people.$inferInsert)[];
  companies: (typeof companies.$inferInsert)[];
  personIds: string[];
  companyIds: string[];
  /** In the deal's order. */
  collaterals: MirrorCollateral[];
  funds: { analysis: typeof fundsAnalyses.$inferInsert; sources: (typeof fundSources.$inferInsert)[]; uses: (typeof fundUses.$inferInsert)[] } | null;
}

/** What an earlier pull brought for a deal: removed from it when the platform no longer has it. */
export interface MirrorScope {
  collateralIds: readonly string[];
  personIds: readonly string[];
  companyIds: readonly string[];
}

type Row = Record<string, unknown>;
type Client = Db['$client'];

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const record = value as Row;
  return `{${Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(record[k])}`)
    .join(',')}}`;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' || typeof b === 'object') return stable(a) === stable(b);
  return false;
}

// The pull writes about a hundred rows per deal: drizzle's query builder (building and compiling
// each statement anew) cost more than SQLite's work. The mirror's statements are compiled once per
// connection and cached; the column mapping (names, JSON and boolean modes) is drizzle's own,
// read from the schema, so rows go in and come out exactly as drizzle would write and read them.

interface ColumnInfo {
  prop: string;
  name: string;
  column: SQLiteColumn;
}

interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  byProp: Map<string, ColumnInfo>;
  /** SELECT list of every column, in `columns` order. */
  selectList: string;
  touch: boolean;
}

const tableInfos = new WeakMap<SQLiteTable, TableInfo>();

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function infoOf(table: SQLiteTable): TableInfo {
  let info = tableInfos.get(table);
  if (!info) {
    const columns = Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).map(([prop, column]) => ({ prop, name: column.name, column }));
    info = {
      name: getTableName(table),
      columns,
      byProp: new Map(columns.map((c) => [c.prop, c])),
      selectList: columns.map((c) => quote(c.name)).join(', '),
      touch: columns.some((c) => c.prop === 'updatedAt'),
    };
    tableInfos.set(table, info);
  }
  return info;
}

const statementCache = new WeakMap<Client, Map<string, Statement>>();

function statement(db: Db, sqlText: string): Statement {
  let statements = statementCache.get(db.$client);
  if (!statements) statementCache.set(db.$client, (statements = new Map()));
  let s = statements.get(sqlText);
  if (!s) statements.set(sqlText, (s = db.$client.prepare(sqlText)));
  return s;
}

function encode(c: ColumnInfo, value: unknown): unknown {
  return value === null || value === undefined ? null : c.column.mapToDriverValue(value);
}

function decodeRows(info: TableInfo, rows: unknown[][]): Row[] {
  const { columns } = info;
  return rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < columns.length; i++) {
      const v = values[i];
      row[columns[i]!.prop] = v === null ? null : columns[i]!.column.mapFromDriverValue(v);
    }
    return row;
  });
}

const selectInCache = new WeakMap<Client, Map<SQLiteTable, Map<string, Statement>>>();

/** A statement of `table` keyed by `key`, compiled once per connection (no SQL text built per call). */
function perTable(db: Db, cache: WeakMap<Client, Map<SQLiteTable, Map<string, Statement>>>, table: SQLiteTable, key: string, build: () => Statement): Statement {
  let byTable = cache.get(db.$client);
  if (!byTable) cache.set(db.$client, (byTable = new Map()));
  let byKey = byTable.get(table);
  if (!byKey) byTable.set(table, (byKey = new Map()));
  let s = byKey.get(key);
  if (!s) byKey.set(key, (s = build()));
  return s;
}

/** Rows of `table` whose `prop` column is one of `ids` (one compiled statement for any count). */
function selectIn(db: Db, table: SQLiteTable, prop: string, ids: readonly string[]): Row[] {
  if (ids.length === 0) return [];
  const info = infoOf(table);
  const s = perTable(db, selectInCache, table, prop, () => {
    const column = info.byProp.get(prop)!;
    return db.$client.prepare(`SELECT ${info.selectList} FROM ${quote(info.name)} WHERE ${quote(column.name)} IN (SELECT value FROM json_each(?))`).raw(true);
  });
  return decodeRows(info, s.all(JSON.stringify(ids.length === 1 ? ids : [...new Set(ids)])) as unknown[][]);
}

function deleteIn(db: Db, table: SQLiteTable, prop: string, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const info = infoOf(table);
  statement(db, `DELETE FROM ${quote(info.name)} WHERE ${quote(info.byProp.get(prop)!.name)} IN (SELECT value FROM json_each(?))`).run(JSON.stringify(ids));
}

const insertCache = new WeakMap<Client, Map<SQLiteTable, Map<string, Statement>>>();

/**
 * Inserts rows (absent and undefined members take the column's default, as drizzle does). The
 * INSERT is compiled once per connection and set of columns present (rows of a table mostly
 * share it), keyed by a mask of which columns the row sets.
 */
function insertRows(db: Db, table: SQLiteTable, rows: readonly Row[], onKeyTaken?: (row: Row) => void): void {
  const info = infoOf(table);
  for (const row of rows) {
    let mask = '';
    const values: unknown[] = [];
    for (const c of info.columns) {
      const value = row[c.prop];
      if (value === undefined) mask += '0';
      else {
        mask += '1';
        values.push(encode(c, value));
      }
    }
    const s = perTable(db, insertCache, table, mask, () => {
      const columns = info.columns.filter((_, i) => mask[i] === '1');
      return db.$client.prepare(`INSERT INTO ${quote(info.name)} (${columns.map((c) => quote(c.name)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    });
    try {
      s.run(values);
    } catch (error) {
      // The failed statement alone is undone (SQLite's ABORT): the row is written once the key is free.
      if (!onKeyTaken || !isKeyTaken(error)) throw error;
      onKeyTaken(row);
      s.run(values);
    }
  }
}

/** Sets `changes` (props to values) on the rows whose `keyProp` column equals `key`. */
function updateRow(db: Db, table: SQLiteTable, keyProp: string, key: unknown, changes: Row): void {
  const info = infoOf(table);
  const columns = info.columns.filter((c) => changes[c.prop] !== undefined);
  if (columns.length === 0) return;
  const keyColumn = info.byProp.get(keyProp)!;
  const s = statement(db, `UPDATE ${quote(info.name)} SET ${columns.map((c) => `${quote(c.name)} = ?`).join(', ')} WHERE ${quote(keyColumn.name)} = ?`);
  s.run([...columns.map((c) => encode(c, changes[c.prop])), encode(keyColumn, key)]);
}

/** A column that holds another table's id without a declared foreign key (moved with it). */
const SOFT_REFERENCES: readonly { from: SQLiteTable; prop: string; to: SQLiteTable }[] = [{ from: components, prop: 'selectedRentRollId', to: rentRolls }];

/** Per table, the columns of other tables that hold its ids (foreign keys, and the soft references above). */
let referencesTo: Map<SQLiteTable, { table: SQLiteTable; column: string }[]> | undefined;

function referencesOf(table: SQLiteTable): readonly { table: SQLiteTable; column: string }[] {
  if (!referencesTo) {
    referencesTo = new Map();
    const add = (to: SQLiteTable, from: SQLiteTable, column: string) => {
      const list = referencesTo!.get(to) ?? [];
      list.push({ table: from, column });
      referencesTo!.set(to, list);
    };
    for (const value of Object.values(schema)) {
      if (!is(value, SQLiteTable)) continue;
      for (const fk of getTableConfig(value).foreignKeys) {
        const ref = fk.reference();
        ref.columns.forEach((column) => add(ref.foreignTable, value, column.name));
      }
    }
    for (const soft of SOFT_REFERENCES) add(soft.to, soft.from, infoOf(soft.from).byProp.get(soft.prop)!.name);
  }
  return referencesTo.get(table) ?? [];
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A new id for a row moved aside that sorts where the old one did (reads list some rows by id):
 * a UUID keeps its first 24 characters and gets 48 random bits; any other id a random suffix.
 */
function asideId(id: string): string {
  const random = randomUUID().replace(/-/g, '');
  return UUID_SHAPE.test(id) ? `${id.slice(0, 24)}${random.slice(0, 12)}` : `${id}~${random.slice(0, 12)}`;
}

/**
 * Gives the local row of `table` whose `key` is `id` a new id, with every row that refers to it:
 * the platform's row with that id can then be written, and the local one stays as it was, under
 * another id. A pulled row meets such a row only when both stores drew ids from the same source
 * (two copies of one store, or two stores of a demo generated with the same salt) and the id is a
 * different record here (under another parent): the two have no common ancestor, so neither
 * replaces the other. Foreign keys are checked once every reference follows (defer_foreign_keys while it moves).
 */
function moveAside(db: Db, table: SQLiteTable, key: string, id: string): string {
  const info = infoOf(table);
  const moved = asideId(id);
  const deferred = db.$client.pragma('defer_foreign_keys', { simple: true }) as number;
  db.$client.pragma('defer_foreign_keys = ON');
  statement(db, `UPDATE ${quote(info.name)} SET ${quote(info.byProp.get(key)!.name)} = ? WHERE ${quote(info.byProp.get(key)!.name)} = ?`).run(moved, id);
  // Rows refer to a table's id column (market_data, keyed by its component, has no referrers).
  for (const ref of key === 'id' ? referencesOf(table) : []) {
    statement(db, `UPDATE ${quote(infoOf(ref.table).name)} SET ${quote(ref.column)} = ? WHERE ${quote(ref.column)} = ?`).run(moved, id);
  }
  // Every reference follows: the checks are immediate again for the rest of the transaction.
  if (!deferred) db.$client.pragma('defer_foreign_keys = OFF');
  return moved;
}

/** Whether an insert failed on the table's primary key (the id is held by a row outside the scope). */
function isKeyTaken(error: unknown): boolean {
  return (error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Makes the rows of `table` in scope (`existing`) equal to `desired`, keyed by `key`: deletes,
 * then updates of the differing columns (only the columns `desired` names), then inserts.
 * Returns the number of rows written; `changedKeys` gets the keys of the rows deleted or
 * updated (not inserted: no other row can refer to a row before it exists).
 */
function reconcile(db: Db, table: SQLiteTable, key: string, existing: readonly Row[], desired: readonly Row[], now: string, changedKeys?: string[]): number {
  const info = infoOf(table);
  const touch = info.touch;
  const want = new Map(desired.map((r) => [r[key] as string, r]));
  const have = new Map(existing.map((r) => [r[key] as string, r]));
  let written = 0;
  const gone = [...have.keys()].filter((id) => !want.has(id));
  if (gone.length) {
    deleteIn(db, table, key, gone);
    written += gone.length;
    changedKeys?.push(...gone);
  }
  const inserts: Row[] = [];
  for (const [id, row] of want) {
    const current = have.get(id);
    if (!current) {
      inserts.push(touch ? { createdAt: now, updatedAt: now, ...row } : row);
      continue;
    }
    let changes: Row | undefined;
    for (const column in row) {
      const value = row[column];
      if (value !== undefined && info.byProp.has(column) && !same(current[column], value)) (changes ??= {})[column] = value;
    }
    if (!changes) continue;
    if (touch && !('updatedAt' in changes)) changes.updatedAt = now;
    updateRow(db, table, key, id, changes);
    written += 1;
    changedKeys?.push(id);
  }
  if (inserts.length) {
    // An id this scope does not hold may be held elsewhere in the table: that row is moved aside.
    insertRows(db, table, inserts, (row) => moveAside(db, table, key, row[key] as string));
    written += inserts.length;
  }
  return written;
}

function ensureIds(db: Db, table: typeof users | typeof loansPackages, ids: readonly string[], row: (id: string) => Row): number {
  const wanted = [...new Set(ids.filter(Boolean))];
  if (wanted.length === 0) return 0;
  const have = new Set(selectIn(db, table, 'id', wanted).map((r) => r.id as string));
  const missing = wanted.filter((id) => !have.has(id));
  if (missing.length) insertRows(db, table, missing.map(row));
  return missing.length;
}

/** Links of one deal (deal_people / deal_companies): exactly `ids`. */
function reconcileLinks(db: Db, table: typeof dealPeople | typeof dealCompanies, dealId: string, ids: readonly string[]): number {
  const key = table === dealPeople ? 'personId' : 'companyId';
  const info = infoOf(table);
  const other = quote(info.byProp.get(key)!.name);
  const dealColumn = quote(info.byProp.get('dealId')!.name);
  const existing = new Set(statement(db, `SELECT ${other} FROM ${quote(info.name)} WHERE ${dealColumn} = ?`).pluck().all(dealId) as string[]);
  const wanted = new Set(ids);
  let written = 0;
  const gone = [...existing].filter((id) => !wanted.has(id));
  if (gone.length) {
    statement(db, `DELETE FROM ${quote(info.name)} WHERE ${dealColumn} = ? AND ${other} IN (SELECT value FROM json_each(?))`).run(dealId, JSON.stringify(gone));
    written += gone.length;
  }
  const added = [...wanted].filter((id) => !existing.has(id));
  if (added.length) {
    insertRows(db, table, added.map((id) => ({ dealId, [key]: id })));
    written += added.length;
  }
  return written;
}

/** Whether any row of `table` has `id` in its `prop` column. */
function linked(db: Db, table: SQLiteTable, prop: string, id: string): boolean {
  const info = infoOf(table);
  return statement(db, `SELECT 1 FROM ${quote(info.name)} WHERE ${quote(info.byProp.get(prop)!.name)} = ? LIMIT 1`).get(id) !== undefined;
}

function deleteById(db: Db, table: SQLiteTable, id: string): number {
  const info = infoOf(table);
  return statement(db, `DELETE FROM ${quote(info.name)} WHERE ${quote(info.byProp.get('id')!.name)} = ?`).run(id).changes;
}

/** Deletes the collaterals (with everything under them) that no deal links any more. */
function deleteUnlinkedCollaterals(db: Db, ids: readonly string[]): number {
  let written = 0;
  for (const id of new Set(ids)) {
    if (linked(db, dealCollaterals, 'collateralId', id)) continue;
    written += deleteById(db, collaterals, id);
  }
  return written;
}

function deleteUnlinkedParties(db: Db, personIds: readonly string[], companyIds: readonly string[]): number {
  let written = 0;
  for (const id of new Set(personIds)) {
    if (!linked(db, dealPeople, 'personId', id)) written += deleteById(db, people, id);
  }
  for (const id of new Set(companyIds)) {
    if (!linked(db, dealCompanies, 'companyId', id)) written += deleteById(db, companies, id);
  }
  return written;
}

/** The rows under a deal's collaterals (components, rent rolls, valuations, ...), each table scoped by its parents. */
function reconcileUnderCollaterals(db: Db, m: MirrorDeal, collateralIds: readonly string[], now: string): number {
  const all = <K extends keyof MirrorCollateral>(key: K) => m.collaterals.flatMap((c) => c[key] as Row[]);
  const idsOf = (rows: readonly Row[]) => rows.map((r) => r.id as string);
  /** Makes the rows of `table` whose `parentProp` is one of `parentIds` equal to `rows`, keyed by `key`. */
  const under = (table: SQLiteTable, parentProp: string, parentIds: readonly string[], rows: readonly Row[], key = 'id') =>
    reconcile(db, table, key, selectIn(db, table, parentProp, parentIds), rows, now);
  const componentRows = all('components');
  const componentIds = idsOf(componentRows);
  const rollRows = all('rentRolls');
  const valuationRows = all('revenueValuations');
  return (
    under(components, 'collateralId', collateralIds, componentRows) +
    under(marketData, 'componentId', componentIds, all('marketData'), 'componentId') +
    under(salesComps, 'componentId', componentIds, all('salesComps')) +
    under(livingUnits, 'componentId', componentIds, all('livingUnits')) +
    under(rentRolls, 'componentId', componentIds, rollRows) +
    under(rentRollItems, 'rentRollId', idsOf(rollRows), all('rentRollItems')) +
    under(revenueValuations, 'collateralId', collateralIds, valuationRows) +
    under(cashFlowTransactions, 'valuationId', idsOf(valuationRows), all('cashFlowTransactions')) +
    under(alternativeValuations, 'collateralId', collateralIds, all('alternativeValuations'))
  );
}

/** How a pull records its changes in the deal history: as whom, and each column's field name. */
export interface MirrorHistory {
  actor: HistoryActor;
  fieldOf: (column: string) => string;
}

const NOT_HISTORY = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * The changes a pulled deal row makes to the stored one: each column that differs, or one
 * creation entry for a deal new here.
 */
function mirrorDealChanges(deal: MirrorDeal['deal'], before: Row | null, fieldOf: (column: string) => string): HistoryChange[] {
  const dealId = deal.id;
  if (!before) return [{ dealId, field: CREATED_FIELD, newValue: { name: deal.seedName, loanAmount: deal.grossLoan, from: 'platform' } }];
  const changes: HistoryChange[] = [];
  for (const [column, value] of Object.entries(deal)) {
    if (value === undefined || NOT_HISTORY.has(column) || same(before[column], value)) continue;
    changes.push({ dealId, field: fieldOf(column), oldValue: before[column] ?? null, newValue: value });
  }
  return changes;
}

export interface MirrorOptions {
  /**
   * The collaterals and every row under them are as the last pull of these same reads wrote
   * them (the caller compared the reads' hashes with the shadow's): only the deal's links to
   * them are reconciled, and their rows are not read back. A pull of a deal whose own fields
   * changed (a note, a rate) then reads and writes a few rows instead of about a hundred.
   */
  collateralsAsStored?: boolean;
  /**
   * The collaterals, people and companies of the graph that this store never read from the
   * platform (no shadow). One of them held here under the same id but linked only to other deals
   * is another record from the same source of ids (a copy, a demo generated alike): it is moved
   * aside (new id, its links with it) instead of being overwritten with the platform's.
   */
  neverRead?: { collateralIds: ReadonlySet<string>; personIds: ReadonlySet<string>; companyIds: ReadonlySet<string> };
}

/**
 * Moves aside the rows of `table` among `ids` (those that exist) that are linked (through
 * `links.prop`) to deals but not to `dealId`: records of other deals that only share the id.
 */
function moveAsideOthers(db: Db, table: SQLiteTable, links: SQLiteTable, prop: string, dealId: string, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  const existing = selectIn(db, table, 'id', [...ids]).map((r) => r.id as string);
  if (existing.length === 0) return;
  const info = infoOf(links);
  const dealsOf = statement(db, `SELECT ${quote(info.byProp.get('dealId')!.name)} FROM ${quote(info.name)} WHERE ${quote(info.byProp.get(prop)!.name)} = ?`).pluck();
  for (const id of existing) {
    const linkedTo = dealsOf.all(id) as string[];
    if (linkedTo.length > 0 && !linkedTo.includes(dealId)) moveAside(db, table, 'id', id);
  }
}

/**
 * Writes the working copy of one pulled deal as a diff. `previous` is what the last pull of the
 * deal brought (null for a deal new here). Returns the number of rows written (0: unchanged).
 */
export function applyMirrorDeal(db: Db, m: MirrorDeal, previous: MirrorScope | null, now: string, history?: MirrorHistory, options: MirrorOptions = {}): number {
  const dealId = m.deal.id;
  let written = 0;
  // What the change feed's triggers would have marked, for a pull that pauses them: a person
  // or company updated marks every deal linked to it (one inserted is linked to none yet).
  const changedPeople: string[] = [];
  const changedCompanies: string[] = [];
  // The deal's row as it was, for the history of what this pull changes (same transaction).
  const before = history ? (selectIn(db, deals, 'id', [dealId])[0] ?? null) : null;
  if (history) recordHistory(db, history.actor, now, mirrorDealChanges(m.deal, before, history.fieldOf));
  if (options.neverRead) {
    moveAsideOthers(db, people, dealPeople, 'personId', dealId, options.neverRead.personIds);
    moveAsideOthers(db, companies, dealCompanies, 'companyId', dealId, options.neverRead.companyIds);
    moveAsideOthers(db, collaterals, dealCollaterals, 'collateralId', dealId, options.neverRead.collateralIds);
  }
  written += ensureIds(db, users, m.users, (id) => ({ id }));
  written += ensureIds(db, loansPackages, m.loansPackageIds, (id) => ({ id, name: id }));
  written += reconcile(db, people, 'id', selectIn(db, people, 'id', m.people.map((p) => p.id)), m.people, now, changedPeople);
  written += reconcile(db, companies, 'id', selectIn(db, companies, 'id', m.companies.map((c) => c.id)), m.companies, now, changedCompanies);
  written += reconcile(db, deals, 'id', selectIn(db, deals, 'id', [dealId]), [m.deal], now);
  const beforeCollaterals = written;

  const collateralRows = m.collaterals.map((c) => c.collateral);
  const collateralIds = collateralRows.map((c) => c.id!);
  if (!options.collateralsAsStored) written += reconcile(db, collaterals, 'id', selectIn(db, collaterals, 'id', collateralIds), collateralRows, now);

  // deal_collaterals: the platform's collaterals in its order; links to collaterals it never had stay.
  const links = selectIn(db, dealCollaterals, 'dealId', [dealId]) as { collateralId: string; position: number }[];
  const wantedPosition = new Map(collateralIds.map((id, position) => [id, position]));
  const known = new Set([...(previous?.collateralIds ?? []), ...collateralIds]);
  const removedCollaterals: string[] = [];
  const linkTable = infoOf(dealCollaterals);
  const linkWhere = `${quote(linkTable.byProp.get('dealId')!.name)} = ? AND ${quote(linkTable.byProp.get('collateralId')!.name)} = ?`;
  for (const link of links) {
    const position = wantedPosition.get(link.collateralId);
    if (position === undefined) {
      if (!known.has(link.collateralId)) continue;
      statement(db, `DELETE FROM ${quote(linkTable.name)} WHERE ${linkWhere}`).run(dealId, link.collateralId);
      removedCollaterals.push(link.collateralId);
      written += 1;
    } else if (link.position !== position) {
      statement(db, `UPDATE ${quote(linkTable.name)} SET ${quote(linkTable.byProp.get('position')!.name)} = ? WHERE ${linkWhere}`).run(position, dealId, link.collateralId);
      written += 1;
    }
  }
  const linkedIds = new Set(links.map((l) => l.collateralId));
  const newLinks = collateralIds.filter((id) => !linkedIds.has(id)).map((id) => ({ dealId, collateralId: id, position: wantedPosition.get(id)! }));
  if (newLinks.length) {
    insertRows(db, dealCollaterals, newLinks);
    written += newLinks.length;
  }
  for (const id of previous?.collateralIds ?? []) if (!wantedPosition.has(id)) removedCollaterals.push(id);

  const beforeLinks = written;
  written += reconcileLinks(db, dealPeople, dealId, m.personIds);
  written += reconcileLinks(db, dealCompanies, dealId, m.companyIds);
  const linksWritten = written - beforeLinks;

  if (!options.collateralsAsStored) written += reconcileUnderCollaterals(db, m, collateralIds, now);

  const fundsRows = m.funds ? [m.funds.analysis as Row] : [];
  written += reconcile(db, fundsAnalyses, 'id', selectIn(db, fundsAnalyses, 'dealId', [dealId]), fundsRows, now);
  if (m.funds) {
    const fundsId = m.funds.analysis.id!;
    written += reconcile(db, fundSources, 'id', selectIn(db, fundSources, 'fundsId', [fundsId]), m.funds.sources, now);
    written += reconcile(db, fundUses, 'id', selectIn(db, fundUses, 'fundsId', [fundsId]), m.funds.uses, now);
  }

  // Collaterals and the rows under them (the links to them and the party links excluded): the triggers mark every deal linked to such a collateral.
  const collateralsWritten = written - beforeCollaterals - linksWritten;
  written += deleteUnlinkedCollaterals(db, removedCollaterals);
  if (written > 0 && feedPaused(db)) markPulledDeal(db, dealId, collateralsWritten > 0 ? collateralIds : [], changedPeople, changedCompanies);
  const keptPeople = new Set(m.personIds);
  const keptCompanies = new Set(m.companyIds);
  written += deleteUnlinkedParties(
    db,
    (previous?.personIds ?? []).filter((id) => !keptPeople.has(id)),
    (previous?.companyIds ?? []).filter((id) => !keptCompanies.has(id)),
  );
  return written;
}

/** Removes a deal the platform no longer has, with what only it used of `scope`. */
export function removeMirrorDeal(db: Db, dealId: string, scope: MirrorScope): number {
  let written = deleteById(db, deals, dealId);
  written += deleteUnlinkedCollaterals(db, scope.collateralIds);
  written += deleteUnlinkedParties(db, scope.personIds, scope.companyIds);
  return written;
}

/** Removes a deal created here (replaced by the platform's copy) and the collaterals only it had. */
export function removeLocalDeal(db: Db, dealId: string): number {
  const collateralIds = db
    .select({ id: dealCollaterals.collateralId })
    .from(dealCollaterals)
    .where(eq(dealCollaterals.dealId, dealId))
    .all()
    .map((r) => r.id);
  const written = db.delete(deals).where(eq(deals.id, dealId)).run().changes;
  return written + deleteUnlinkedCollaterals(db, collateralIds);
}

/**
 * Checkpoints the WAL every `pages` pages (instead of SQLite's 1,000) until the returned function
 * is called, which restores the setting and checkpoints once. A pull commits a deal at a time:
 * with the default, a checkpoint (copying pages to the database file, and an fsync) runs every
 * few commits and copies the pages the next commits change again.
 */
export function spaceCheckpoints(db: Db, pages: number): () => void {
  const client = db.$client;
  const previous = client.pragma('wal_autocheckpoint', { simple: true }) as number;
  // Disabled on purpose (0): left alone.
  if (previous <= 0 || pages <= previous) return () => undefined;
  client.pragma(`wal_autocheckpoint = ${Math.floor(pages)}`);
  return () => {
    client.pragma(`wal_autocheckpoint = ${previous}`);
    // PASSIVE: never waits for another connection's readers (what is left goes at the next one).
    client.pragma('wal_checkpoint(PASSIVE)');
  };
}

/**
 * The change feed's row whose presence pauses its per-row triggers (migration
 * 0008_change_feed_pause); the head is row 1. It exists only inside pausedChangeFeed, which
 * runs in the caller's transaction: no other connection ever sees it.
 */
const FEED_PAUSE_ID = 2;
const pauseDepth = new WeakMap<Client, number>();

function feedPaused(db: Db): boolean {
  return (pauseDepth.get(db.$client) ?? 0) > 0;
}

/**
 * Runs `work` (inside the caller's transaction) with the change feed's per-row triggers
 * paused: a pulled deal writes about a hundred rows, and each row's trigger took a sequence
 * number and upserted the deal's feed row (15-25 % of a pull's CPU). Instead applyMirrorDeal
 * marks each deal it wrote once, with what its rows' triggers would have marked: the deal,
 * the deals linked to a person or company whose row it updated, and, when it wrote a collateral
 * or rows under one, the deals linked to its collaterals. Only applyMirrorDeal may write the
 * deal graph's tables inside `work`. A rollback (of `work`, a savepoint or the transaction)
 * takes its marks back with its rows.
 */
export function pausedChangeFeed<T>(db: Db, work: () => T): T {
  const client = db.$client;
  if (!client.inTransaction) throw new Error('the change feed is paused only inside a transaction');
  const depth = pauseDepth.get(client) ?? 0;
  if (depth === 0) statement(db, `INSERT INTO change_feed (id, store_id, seq) VALUES (${FEED_PAUSE_ID}, '', 0)`).run();
  pauseDepth.set(client, depth + 1);
  try {
    return work();
  } finally {
    pauseDepth.set(client, depth);
    if (depth === 0 && client.inTransaction) statement(db, `DELETE FROM change_feed WHERE id = ${FEED_PAUSE_ID}`).run();
  }
}

/**
 * Marks, as the feed's triggers do, the deal and the deals linked to the given collaterals,
 * people and companies, under one new sequence number. The links to people and companies
 * have no index by person or company (the triggers scan them too): those are read only for
 * the parties a pull changed, which a first pull almost never does.
 */
function markPulledDeal(db: Db, dealId: string, collateralIds: readonly string[], personIds: readonly string[], companyIds: readonly string[]): void {
  statement(db, 'UPDATE change_feed SET seq = seq + 1 WHERE id = 1').run();
  const mark = (deals: string) =>
    `INSERT INTO deal_changes (deal_id, seq, kind)
       SELECT d.id, (SELECT seq FROM change_feed WHERE id = 1), 'Upsert' FROM deals d WHERE d.id IN (${deals})
       ON CONFLICT (deal_id) DO UPDATE SET seq = excluded.seq, kind = excluded.kind`;
  if (collateralIds.length === 0) statement(db, mark('?')).run(dealId);
  else statement(db, mark('SELECT ? UNION SELECT deal_id FROM deal_collaterals WHERE collateral_id IN (SELECT value FROM json_each(?))')).run(dealId, JSON.stringify(collateralIds));
  if (personIds.length > 0) statement(db, mark('SELECT deal_id FROM deal_people WHERE person_id IN (SELECT value FROM json_each(?))')).run(JSON.stringify(personIds));
  if (companyIds.length > 0) statement(db, mark('SELECT deal_id FROM deal_companies WHERE company_id IN (SELECT value FROM json_each(?))')).run(JSON.stringify(companyIds));
}

/** Runs `work` in one IMMEDIATE transaction (better-sqlite3 nests it as a savepoint when needed). */
export function inSyncTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(() => work(), { behavior: 'immediate' });
}

/** Sets the created_at of deals (their place in getAllDealIds), leaving every other column as it is. */
export function setDealCreatedAt(db: Db, values: ReadonlyMap<string, string>): void {
  for (const [id, createdAt] of values) db.update(deals).set({ createdAt }).where(eq(deals.id, id)).run();
}

/** The created_at of deals (the order getAllDealIds lists them in). */
export function dealCreatedAt(db: Db, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  // Two columns, not the whole row: a pull through the feed checks every listed deal's place.
  const info = infoOf(deals);
  const rows = statement(
    db,
    `SELECT ${quote(info.byProp.get('id')!.name)}, ${quote(info.byProp.get('createdAt')!.name)} FROM ${quote(info.name)} WHERE ${quote(info.byProp.get('id')!.name)} IN (SELECT value FROM json_each(?))`,
  )
    .raw(true)
    .all(JSON.stringify(ids)) as [string, string][];
  return new Map(rows);
}

/** Sets a deal's working-copy columns (take theirs). */
export function setDealColumns(db: Db, dealId: string, values: Partial<typeof deals.$inferInsert>): void {
  db.update(deals)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(eq(deals.id, dealId))
    .run();
}

