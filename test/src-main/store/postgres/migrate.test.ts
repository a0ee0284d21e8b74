import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPostgresMigrationsFolder, migratePostgres, MIGRATION_LOCK_KEY, PostgresSchemaTooNewError } from '../../../../src-main/store/postgres/migrate';
import * as schema from '../../../../src-main/store/postgres/schema';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';
import { schemaShape } from '../../../support/schema-shape';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgres();
});
afterAll(async () => {
  await cluster?.stop();
});

const journal = JSON.parse(readFileSync(join(defaultPostgresMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function withEmptyDatabase(test: (db: TestDatabase) => Promise<void>): Promise<void> {
  const db = await cluster.createDatabase({ migrated: false });
  try {
    await test(db);
  } finally {
    await db.drop();
  }
}

/** What migrations leave behind: tables, triggers, functions and the migrations log. */
async function catalog(pool: Pool) {
  const list = async (sql: string) => (await pool.query<{ name: string }>(sql)).rows.map((r) => r.name);
  return {
    tables: await list(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`),
    triggers: await list(`SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`),
    functions: await list(`SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`),
    migrations: await list(`SELECT id || ':' || hash AS name FROM drizzle.__drizzle_migrations ORDER BY id`),
  };
}

/** The backends of `database` waiting for the migration lock. */
async function waitingForTheLock(pool: Pool, database: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND NOT l.granted AND a.datname = $1
       AND ((l.classid::bigint << 32) | l.objid::bigint) = $2::bigint`,
    [database, MIGRATION_LOCK_KEY],
  );
  return rows[0]!.n;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('migratePostgres', () => {
  it('creates every table of the PostgreSQL schema and the roll-up cache triggers in an empty database', async () => {
    await withEmptyDatabase(async (db) => {
      await migratePostgres(db.pool);
      const after = await catalog(db.pool);
      expect(after.tables).toEqual(Object.keys(schemaShape(schema)).sort());
      expect(after.migrations).toHaveLength(journal.entries.length);
      expect(after.triggers).toContain('living_units_update_figures');
      expect(after.triggers).toContain('rent_roll_items_update_change');
      // Roll-up cache: 6 input tables x insert/update/delete, and the new-collateral trigger;
      // change feed: 19 tables of a deal's graph x insert/update/delete; the history's
      // append-only guards: update, delete, truncate.
      expect(after.triggers).toHaveLength(19 + 57 + 3);
      expect(after.triggers).toEqual(expect.arrayContaining(['deal_history_no_update', 'deal_history_no_delete', 'deal_history_no_truncate']));
    });
  });

  it('changes nothing when run again', async () => {
    await withEmptyDatabase(async (db) => {
      await migratePostgres(db.pool);
      const first = await catalog(db.pool);
      await migratePostgres(db.pool);
      expect(await catalog(db.pool)).toEqual(first);
    });
  });

  it('applies the migrations once when two instances start together, the second waiting for the first', async () => {
    await withEmptyDatabase(async (db) => {
      const [one, two] = [cluster.pool(db.name, { max: 1 }), cluster.pool(db.name, { max: 1 })];
      // Hold the lock so that both instances are provably inside migratePostgres at once.
      const holder = await db.pool.connect();
      await holder.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      const both = Promise.all([migratePostgres(one), migratePostgres(two)]);
      await until(async () => (await waitingForTheLock(db.pool, db.name)) === 2, 'both migrators to wait for the lock');
      await holder.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
      holder.release();
      await both;
      const after = await catalog(db.pool);
      expect(after.migrations).toHaveLength(journal.entries.length);
      expect(after.tables).toEqual(Object.keys(schemaShape(schema)).sort());
      await Promise.all([one.end(), two.end()]);
    });
  });

  it('goes ahead when the instance holding the lock loses its connection', async () => {
    await withEmptyDatabase(async (db) => {
      const holder = cluster.pool(db.name, { max: 1 });
      await holder.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      const migrating = migratePostgres(db.pool);
      await until(async () => (await waitingForTheLock(db.pool, db.name)) === 1, 'the migrator to wait for the lock');
      const { rows } = await db.pool.query<{ pid: number }>(
        `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = $1::bigint`,
        [MIGRATION_LOCK_KEY],
      );
      await db.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await migrating;
      expect((await catalog(db.pool)).migrations).toHaveLength(journal.entries.length);
      await holder.end();
    });
  });

  it('refuses a database migrated by a newer version and changes nothing in it', async () => {
    await withEmptyDatabase(async (db) => {
      await migratePostgres(db.pool);
      await db.pool.query(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-version', 99999999999999)`);
      const before = await catalog(db.pool);
      await expect(migratePostgres(db.pool)).rejects.toBeInstanceOf(PostgresSchemaTooNewError);
      await expect(migratePostgres(db.pool)).rejects.toThrow(
        // The counts follow the journal: every branch that adds a migration moves them.
        new RegExp(`newer version of Underwriting Workstation \\(schema ${journal.entries.length + 1}, this version knows ${journal.entries.length}\\)`),
      );
      expect(await catalog(db.pool)).toEqual(before);
      // The failed attempts gave the lock back.
      const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`);
      expect(rows[0]!.n).toBe(0);
    });
  });
});
