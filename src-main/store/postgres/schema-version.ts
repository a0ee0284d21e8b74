import { sql } from 'drizzle-orm';
import type { PgDb } from './db';

/** The database's schema version: how many migrations it has applied (the SQLite store's schemaVersion). */
export async function schemaVersion(pg: PgDb): Promise<number> {
  const { rows } = await pg.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return rows[0]!.n;
}
