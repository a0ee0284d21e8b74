import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './db';
import * as schema from './schema';
import { components, rentRolls } from './schema';

// The generic reconcile engine of the SQLite store: makes the rows of a table in a scope equal
// to a desired set (deletes, updates of the differing columns, inserts), with statements compiled
// once per connection, and moves aside a local row whose id a desired row needs (with every row
// that refers to it). It knows tables only through drizzle's schema; what a scope is (a deal
// pulled from the platform) is the caller's: sync-mirror.ts.

/** A row as drizzle reads and writes it: column props to values. */
export type Row = Record<string, unknown>;
/** The better-sqlite3 connection under a drizzle database (caches are kept per connection). */
export type Client = Db['$client'];

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

export function same(a: unknown, b: unknown): boolean {
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

export function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function infoOf(table: SQLiteTable): TableInfo {
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

export function statement(db: Db, sqlText: string): Statement {
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
export function selectIn(db: Db, table: SQLiteTable, prop: string, ids: readonly string[]): Row[] {
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
export function insertRows(db: Db, table: SQLiteTable, rows: readonly Row[], onKeyTaken?: (row: Row) => void): void {
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
export function moveAside(db: Db, table: SQLiteTable, key: string, id: string): string {
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
export function reconcile(db: Db, table: SQLiteTable, key: string, existing: readonly Row[], desired: readonly Row[], now: string, changedKeys?: string[]): number {
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
