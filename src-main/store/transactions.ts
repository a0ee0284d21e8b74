import type { Db } from './db';

// The store's transactions and connection state, for the layers above it: none of them touches
// the raw better-sqlite3 handle. Every `work` is synchronous: better-sqlite3 runs one transaction
// at a time on its connection, and an await inside would let other requests' statements join it.

/** Whether a transaction is open on the store's connection (a caller's, or the one `work` runs in). */
export function inTransaction(db: Db): boolean {
  return db.$client.inTransaction;
}

/**
 * Runs `work` inside one deferred transaction: one consistent snapshot of the store. It becomes
 * a write transaction only if `work` writes. Inside a caller's transaction `work` joins it.
 */
export function readSnapshot<T>(db: Db, work: () => T): T {
  const client = db.$client;
  if (client.inTransaction) return work();
  return client.transaction(work)();
}

/** Whether the store's connection is still open (a background job stops when it is closed). */
export function storeIsOpen(db: Db): boolean {
  return db.$client.open;
}
