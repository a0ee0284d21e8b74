import type { Statement } from 'better-sqlite3';
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
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
