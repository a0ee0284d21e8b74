import type { Statement } from 'better-sqlite3';
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
