import { getTableColumns } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TABLE_ORDER, generateDemoPortfolio } from '../../../../src-main/demo/generate';
import * as sqlite from '../../../../src-main/store/bulk-insert';
import { BULK_TABLES, type BulkTableName } from '../../../../src-main/store/bulk-insert';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import { insertIntoEmptyStore, ROWS_PER_STATEMENT, storeHasDeals } from '../../../../src-main/store/postgres/bulk-insert';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import * as pgSchema from '../../../../src-main/store/postgres/schema';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

let cluster: PostgresCluster;
let database: TestDatabase;
let pg: PgDb;
let dir: string;
let db: Db;
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
  pg = pgDbOf(database.pool);
  dir = mkdtempSync(join(tmpdir(), 'uw-bulk-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

const MAY_EXIST = new Set<BulkTableName>(['users', 'loansPackages']);
const byKey = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();

describe('the bulk insert on PostgreSQL', () => {
  it('seeds a demo portfolio whose every table reads back as the SQLite store holds it', async () => {
    const portfolio = generateDemoPortfolio({ deals: 8 });
    // A user that `uw serve --user` created first is kept as it is.
    await database.pool.query(`INSERT INTO users (id, name) VALUES ($1, 'Already here')`, [portfolio.users[0]!.id]);
    db.$client.prepare(`INSERT INTO users (id, name) VALUES (?, 'Already here')`).run(portfolio.users[0]!.id);

    expect(await storeHasDeals(pg)).toBe(false);
    const progress: number[] = [];
    const plan = { order: DEMO_TABLE_ORDER, rows: portfolio, mayExist: MAY_EXIST };
    const result = await insertIntoEmptyStore(pg, { ...plan, onProgress: (done) => progress.push(done) });
    expect(result).toEqual(sqlite.insertIntoEmptyStore(db, plan));
    expect(result).toMatchObject({ inserted: true });
    expect(progress.at(-1)).toBe((result as { rows: number }).rows);
    expect(await storeHasDeals(pg)).toBe(true);

    for (const name of Object.keys(BULK_TABLES) as BulkTableName[]) {
      const pgRows = (await pg.select().from(pgSchema[name])) as Record<string, unknown>[];
      const sqliteRows = db.select().from(BULK_TABLES[name]).all() as Record<string, unknown>[];
      expect(pgRows.length, name).toBe(sqliteRows.length);
      // Columns the rows left out take each engine's default: the time of the insert.
      const given = new Set(portfolio[name as keyof typeof portfolio]?.flatMap((r) => Object.keys(r)) ?? []);
      const compared = Object.keys(getTableColumns(BULK_TABLES[name])).filter((k) => given.has(k) || !['createdAt', 'updatedAt'].includes(k));
      const pick = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(compared.map((k) => [k, r[k]])));
      expect(byKey(pick(pgRows)), name).toEqual(byKey(pick(sqliteRows)));
    }
    const { rows } = await database.pool.query(`SELECT name FROM users WHERE id = $1`, [portfolio.users[0]!.id]);
    expect(rows[0].name).toBe('Already here');
  });

  it('leaves a store with deals alone', async () => {
    const before = (await database.pool.query('SELECT count(*)::int AS n FROM deals')).rows[0].n;
    const other = generateDemoPortfolio({ deals: 2, seed: 7 });
    expect(await insertIntoEmptyStore(pg, { order: DEMO_TABLE_ORDER, rows: other, mayExist: MAY_EXIST })).toEqual({ inserted: false });
    expect((await database.pool.query('SELECT count(*)::int AS n FROM deals')).rows[0].n).toBe(before);
  });

  it('inserts all or nothing, in statements of many rows, and lets one of two instances seeding together seed', async () => {
    const fresh = await cluster.createDatabase();
    try {
      const a = pgDbOf(cluster.pool(fresh.name, { max: 2 }));
      const b = pgDbOf(cluster.pool(fresh.name, { max: 2 }));
      // A failing row in the last table rolls the whole plan back.
      const broken = generateDemoPortfolio({ deals: 3 });
      const bad = { ...broken, fundUses: [...broken.fundUses, { ...broken.fundUses[0]!, fundsId: 'no-such-funds' }] };
      await expect(insertIntoEmptyStore(a, { order: DEMO_TABLE_ORDER, rows: bad, mayExist: MAY_EXIST })).rejects.toThrow();
      expect((await fresh.pool.query('SELECT count(*)::int AS n FROM collaterals')).rows[0].n).toBe(0);

      const portfolio = generateDemoPortfolio({ deals: 180 });
      expect(Math.max(...DEMO_TABLE_ORDER.map((t) => portfolio[t].length))).toBeGreaterThan(ROWS_PER_STATEMENT);
      const results = await Promise.all([a, b].map((one) => insertIntoEmptyStore(one, { order: DEMO_TABLE_ORDER, rows: portfolio, mayExist: MAY_EXIST })));
      expect(results.filter((r) => r.inserted)).toHaveLength(1);
      expect((await fresh.pool.query('SELECT count(*)::int AS n FROM deals')).rows[0].n).toBe(180);
    } finally {
      await fresh.drop();
    }
  });
});
