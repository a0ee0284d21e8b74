import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool, PoolClient } from 'pg';

/**
 * The advisory lock every server instance takes while it migrates (pg_advisory_lock's bigint
 * key space is shared by everything on the database: this value is ours alone).
 */
export const MIGRATION_LOCK_KEY = '7583001600';

export function defaultPostgresMigrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // Bundled (out/cli, scripts/cli-build.mjs), this module sits beside the SQLite engine's
  // `migrations`: the build puts these in `postgres-migrations`. From source, they are ours.
  const bundled = join(here, 'postgres-migrations');
  return existsSync(bundled) ? bundled : join(here, 'migrations');
}

export class PostgresSchemaTooNewError extends Error {
  constructor(known: number, found: number) {
    super(
      `This database was migrated by a newer version of Underwriting Workstation ` +
        `(schema ${found}, this version knows ${known}). Update this server before starting it on that database.`,
    );
    this.name = 'PostgresSchemaTooNewError';
  }
}

/**
 * Applies the pending migrations once, however many instances start together: each waits for
 * the advisory lock, and the first one through applies them all in one transaction (drizzle's
 * migrator); the others then find nothing to do. The lock belongs to the session, so an
 * instance killed mid-migration releases it with its connection (and its transaction rolls
 * back). Refuses a database migrated by a newer version.
 */
export async function migratePostgres(pool: Pool, options: { migrationsFolder?: string } = {}): Promise<void> {
  const folder = options.migrationsFolder ?? defaultPostgresMigrationsFolder();
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    await refuseNewerSchema(client, folder);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // After a failure the connection is closed rather than reused: that ends the session and
    // with it the lock, whatever state the failure left it in.
    client.release(failure ?? false);
  }
}

interface Journal {
  entries: { when: number }[];
}

async function refuseNewerSchema(client: PoolClient, folder: string): Promise<void> {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const known = journal.entries.length;
  const lastKnown = Math.max(0, ...journal.entries.map((e) => e.when));
  const { rows } = await client.query<{ table: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations') AS "table"`);
  if (rows[0]!.table === null) return;
  const applied = await client.query<{ n: string; last: string | null }>(
    'SELECT count(*) AS n, max(created_at) AS last FROM drizzle.__drizzle_migrations',
  );
  const n = Number(applied.rows[0]!.n);
  if (n > known || Number(applied.rows[0]!.last ?? 0) > lastKnown) throw new PostgresSchemaTooNewError(known, n);
}
