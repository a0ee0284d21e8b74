import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPortfolio } from '../../src-main/demo/seed';
import { closeDb, openDb, type Db } from '../../src-main/store/db';
import * as pgSchema from '../../src-main/store/postgres/schema';
import * as sqliteSchema from '../../src-main/store/schema';
import { copyToPostgres } from './copy-to-postgres';
import { startPostgres, type PostgresCluster } from './postgres';

// The parity tests' copy of a SQLite store into PostgreSQL: every row of every table, and
// identity columns that go on after the copied ids.

let cluster: PostgresCluster;
let sqlite: Db;
let dir: string;
beforeAll(async () => {
  cluster = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'uw-copy-'));
  sqlite = openDb({ file: join(dir, 'uw.sqlite') });
  seedDemoPortfolio(sqlite, { deals: 3 });
  sqlite.insert(sqliteSchema.outbox).values([
    { id: 7, entityType: 'deal', entityId: 'd1', field: 'note', newValue: '"a"' },
    { id: 41, entityType: 'deal', entityId: 'd2', field: 'note', newValue: '"b"' },
  ]).run();
}, 120_000);
afterAll(async () => {
  if (sqlite) closeDb(sqlite);
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('copyToPostgres', () => {
  it('copies every row of every table but the ones the engine fills, and identities go on after the copied ids', async () => {
    const database = await cluster.createDatabase();
    const pg = drizzle({ client: database.pool, schema: pgSchema });
    const copied = await copyToPostgres(sqlite, pg);
    expect(copied.deals).toBe(3);
    expect(Object.keys(copied)).not.toContain('collateral_figures');
    expect(Object.keys(copied).length).toBeGreaterThan(20);
    for (const name of Object.keys(copied)) {
      const inSqlite = sqlite.$client.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number;
      const { rows } = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
      expect(rows[0]!.n, name).toBe(inSqlite);
    }
    const [next] = await pg.insert(pgSchema.outbox).values({ entityType: 'deal', entityId: 'd3', field: 'note' }).returning({ id: pgSchema.outbox.id });
    expect(next!.id).toBe(42);
    await database.drop();
  });
});
