import type { Db } from './db';

/** The store's schema version: how many migrations it has applied (0 for a store never migrated); the sealed credit file records it. */
export function schemaVersion(db: Db): number {
  const table = db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`).get();
  if (!table) return 0;
  return (db.$client.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
}
