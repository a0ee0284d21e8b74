import type { Db } from './db';

// The workstation's SQLite connection as the layers above the store hold it. The workstation-only
// features (sync, the pipeline screen, the New deal form's lookups) run store functions on the
// connection; they get it as this opaque handle (from `workstationDb`), pass it back to the store
// functions of the store's entry, and cannot run SQL on it or reach its raw better-sqlite3 client:
// it has no members. Inside the store the same object is a `Db` (store/db.ts), which carries the
// brand so that a `Db` is a handle too (tests and the store pass theirs on).

declare const handle: unique symbol;

/** The store's SQLite connection, opaque outside src-main/store (docs/architecture.md). */
export interface SqliteHandle {
  readonly [handle]: 'the SQLite connection of the store';
}

/**
 * `f` (a store function whose first parameter is the connection) typed for the opaque handle;
 * the same function at run time. Generic functions stay generic.
 */
export function onHandle<A extends unknown[], R>(f: (db: Db, ...args: A) => R): (db: SqliteHandle, ...args: A) => R {
  return f as (db: SqliteHandle, ...args: A) => R;
}
