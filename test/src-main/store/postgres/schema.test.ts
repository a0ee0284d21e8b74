import { eq } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import fc from 'fast-check';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import * as pgSchema from '../../../../src-main/store/postgres/schema';
import * as sqliteSchema from '../../../../src-main/store/schema';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

// A value written through drizzle reads back from PostgreSQL exactly as from SQLite: doubles
// bit for bit, integers and booleans as such, JSON documents with their key order, timestamps
// in the same ISO format.
let cluster: PostgresCluster;
let database: TestDatabase;
let pg: NodePgDatabase<typeof pgSchema>;
let sqlite: Db;

beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
  pg = drizzle({ client: database.pool, schema: pgSchema });
  sqlite = openDb({ file: ':memory:' });
  const collateral = { id: 'c1', name: 'Harbor Point', propertyType: 'Multifamily' };
  sqlite.insert(sqliteSchema.collaterals).values(collateral).run();
  await pg.insert(pgSchema.collaterals).values(collateral);
});
afterAll(async () => {
  if (sqlite) closeDb(sqlite);
  await cluster?.stop();
});

let ids = 0;
const nextId = (prefix: string) => `${prefix}${(ids += 1)}`;
/** SQLite keeps no negative zero (nor does node-postgres send one): both read back 0. */
const stored = (x: number) => (Object.is(x, -0) ? 0 : x);
const double = fc.double({ noNaN: true });
/** Timestamps are the time of the write, different on each engine. */
const withoutTimestamps = <T extends { createdAt: string; updatedAt: string }>({ createdAt: _c, updatedAt: _u, ...rest }: T) => rest;

describe('values written through the PostgreSQL schema', () => {
  it('read back as SQLite reads them: every double bit for bit, integers, booleans and JSON arrays of doubles', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          capRate: double,
          discountRate: double,
          exitCapRate: fc.constantFrom(0.055, 0.1 + 0.2, 5e-324, 2.2250738585072014e-308, Number.MAX_VALUE, -Number.MIN_VALUE, 1e21),
          sellingCosts: double,
          isMain: fc.boolean(),
          archive: fc.boolean(),
          years: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
          revenueGrowth: fc.array(double, { maxLength: 12 }),
          expenseGrowth: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 12 }),
        }),
        async (values) => {
          const row = { id: nextId('v'), collateralId: 'c1', name: 'Main', ...values };
          sqlite.insert(sqliteSchema.revenueValuations).values(row).run();
          await pg.insert(pgSchema.revenueValuations).values(row);
          const fromSqlite = sqlite.select().from(sqliteSchema.revenueValuations).where(eq(sqliteSchema.revenueValuations.id, row.id)).get()!;
          const [fromPg] = await pg.select().from(pgSchema.revenueValuations).where(eq(pgSchema.revenueValuations.id, row.id));
          expect(fromPg).toEqual(fromSqlite);
          for (const key of ['capRate', 'discountRate', 'exitCapRate', 'sellingCosts'] as const) expect(fromPg![key]).toBe(stored(values[key]));
          expect(fromPg!.expenseGrowth).toEqual(values.expenseGrowth.map(stored));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keep JSON documents as SQLite does: the same keys in the same order, NUL characters and lone surrogates in strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ stringUnit: 'binary', maxDepth: 3 }).filter((v) => v !== null), async (value) => {
        const row = { id: nextId('r'), status: 'Completed', request: value, createdEntities: [], errors: { first: 1, a: [value] } };
        sqlite.insert(sqliteSchema.importReports).values(row).run();
        await pg.insert(pgSchema.importReports).values(row);
        const fromSqlite = sqlite.select().from(sqliteSchema.importReports).where(eq(sqliteSchema.importReports.id, row.id)).get()!;
        const [fromPg] = await pg.select().from(pgSchema.importReports).where(eq(pgSchema.importReports.id, row.id));
        expect(JSON.stringify(fromPg!.request)).toBe(JSON.stringify(fromSqlite.request));
        expect(JSON.stringify(fromPg!.errors)).toBe(JSON.stringify(fromSqlite.errors));
        expect(withoutTimestamps(fromPg!)).toEqual(withoutTimestamps(fromSqlite));
      }),
      { numRuns: 80 },
    );
  });

  it('read integers beyond 2^31 and identity ids as numbers, and default timestamps in SQLite\'s format', async () => {
    const file = { id: 'f1', name: 'rent-roll.xlsx', contentType: 'application/vnd.ms-excel', size: 3_500_000_000 };
    sqlite.insert(sqliteSchema.files).values(file).run();
    await pg.insert(pgSchema.files).values(file);
    const fromSqlite = sqlite.select().from(sqliteSchema.files).where(eq(sqliteSchema.files.id, 'f1')).get()!;
    const [fromPg] = await pg.select().from(pgSchema.files).where(eq(pgSchema.files.id, 'f1'));
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(fromSqlite.createdAt).toMatch(iso);
    expect(fromPg!.createdAt).toMatch(iso);
    expect(Math.abs(Date.parse(fromPg!.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(withoutTimestamps(fromPg!)).toEqual(withoutTimestamps(fromSqlite));

    const edit = { entityType: 'deal', entityId: 'd1', field: 'note', newValue: '"x"' };
    const sqliteIds = [1, 2].map((n) => sqlite.insert(sqliteSchema.outbox).values({ ...edit, field: `f${n}` }).returning({ id: sqliteSchema.outbox.id }).get().id);
    const pgIds = [];
    for (const n of [1, 2]) pgIds.push((await pg.insert(pgSchema.outbox).values({ ...edit, field: `f${n}` }).returning({ id: pgSchema.outbox.id }))[0]!.id);
    expect(pgIds).toEqual(sqliteIds);
  });

  it('read the same through a raw query on an engine connection: bigint and double as numbers, json parsed', async () => {
    const { rows } = await database.pool.query(
      `SELECT f.size, count(*) OVER () AS n, v.cap_rate, v.revenue_growth, v.is_main FROM files f, revenue_valuations v WHERE f.id = 'f1' ORDER BY v.id LIMIT 1`,
    );
    const fromSqlite = sqlite.$client
      .prepare(`SELECT f.size, v.cap_rate, v.revenue_growth, v.is_main FROM files f, revenue_valuations v WHERE f.id = 'f1' ORDER BY v.id LIMIT 1`)
      .get() as { size: number; cap_rate: number; revenue_growth: string; is_main: number };
    expect(rows[0]).toEqual({
      size: fromSqlite.size,
      n: expect.any(Number),
      cap_rate: fromSqlite.cap_rate,
      revenue_growth: JSON.parse(fromSqlite.revenue_growth),
      is_main: fromSqlite.is_main === 1,
    });
  });

  it('keep doubles exact on a database whose settings would round them, through the engine\'s connection settings', async () => {
    const rounding = await cluster.createDatabase({ migrated: false });
    try {
      await rounding.pool.query(`ALTER DATABASE ${rounding.name} SET extra_float_digits = 0`);
      const sum = 'SELECT 0.1::float8 + 0.2::float8 AS x';
      const plain = new Pool({ ...rounding.config, options: undefined });
      try {
        expect((await plain.query(sum)).rows[0].x).toBe(0.3); // what the setting does to a bare connection
      } finally {
        await plain.end();
      }
      const engine = cluster.pool(rounding.name);
      expect((await engine.query(sum)).rows[0].x).toBe(0.1 + 0.2);
      await engine.end();
    } finally {
      await rounding.drop();
    }
  });
});
