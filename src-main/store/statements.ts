import type { Statement } from 'better-sqlite3';
import { Column, getTableColumns, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './db';

// Hot reads skip building their query on every call: building a drizzle query, or compiling
// SQL, costs more than running a point lookup. Each connection keeps its compiled statements.
const cache = new WeakMap<Db['$client'], Map<string, unknown>>();

/** What `build` makes for this connection, made once. */
export function perConnection<T>(db: Db, key: string, build: () => T): T {
  let entries = cache.get(db.$client);
  if (!entries) cache.set(db.$client, (entries = new Map()));
  if (!entries.has(key)) entries.set(key, build());
  return entries.get(key) as T;
}

/** A raw SQL statement, compiled once per connection. */
export function prepared(db: Db, sql: string): Statement {
  return perConnection(db, sql, () => db.$client.prepare(sql));
}

/**
 * `column IN (ids)` with the ids bound as one JSON array (placeholder `ids`, see jsonList): one
 * prepared statement serves any number of ids, beyond SQLite's limit on bound parameters too.
 */
export function inIds(column: SQLiteColumn): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`;
}

/** The value of inIds' placeholder. */
export function jsonList(ids: readonly string[]): { ids: string } {
  return { ids: JSON.stringify(ids) };
}

/**
 * A whole table row in a raw statement (one that reads arrays): `list` is its columns for the
 * SELECT (`count` of them), `read` turns those values, from `offset` on, into the row drizzle's select would give.
 * For a hot read of a wide table: drizzle maps each field through its generic result mapper,
 * about a third of a deal read's time (deals: 39 columns).
 */
export function rawTableRow<T extends SQLiteTable>(table: T, alias: string): { list: string; count: number; read(values: unknown[], offset?: number): InferSelectModel<T> } {
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  // Only columns whose stored form differs from their value (booleans) are decoded.
  const decoders = columns.map(([, c]) => (c.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : c));
  return {
    list: columns.map(([, c]) => `${alias}."${c.name}"`).join(', '),
    count: columns.length,
    read(values, offset = 0) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const value = values[offset + i];
        row[columns[i]![0]] = value === null || !decoders[i] ? value : decoders[i]!.mapFromDriverValue(value);
      }
      return row as InferSelectModel<T>;
    },
  };
}
