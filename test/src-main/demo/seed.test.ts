import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableColumns, getTableName } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { DEMO_TABLE_ORDER, generateDemoPortfolio } from '../../../src-main/demo/generate';
import { insertDemoPortfolio, seedDemoPortfolio } from '../../../src-main/demo/seed';
import { BULK_TABLES } from '../../../src-main/store/bulk-insert';
import * as schema from '../../../src-main/store/schema';
import { ensureUsers } from '../../../src-main/store/users';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-demo-seed-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
});

afterEach(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const countRows = (table: string) =>
  (db.$client.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
const sqlName = (key: (typeof DEMO_TABLE_ORDER)[number]) => getTableName(BULK_TABLES[key]);

describe('seeding the demo portfolio', async () => {
  it('inserts every generated row into a real SQLite file with foreign keys intact', async () => {
    const result = await seedDemoPortfolio(createSqliteStore(db), { deals: 40 });
    expect(result.seeded).toBe(true);
    if (!result.seeded) return;
    const expected = generateDemoPortfolio({ deals: 40 });
    for (const key of DEMO_TABLE_ORDER) {
      expect(result.counts[key], key).toBe(expected[key].length);
      expect(countRows(sqlName(key)), key).toBe(expected[key].length);
    }
    expect(result.rows).toBe(DEMO_TABLE_ORDER.reduce((s, k) => s + expected[k].length, 0));
    expect(db.$client.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('gives two data directories the same deals and figures under ids that none of their records share', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'uw-demo-seed-'));
    const other = openDb({ file: join(otherDir, 'uw.sqlite') });
    try {
      await seedDemoPortfolio(createSqliteStore(db), { deals: 12 });
      await seedDemoPortfolio(createSqliteStore(other), { deals: 12 });
      const content = (d: Db) => d.$client.prepare('SELECT seed_name, gross_loan, loan_term FROM deals ORDER BY created_at, seed_name').all();
      expect(content(other)).toEqual(content(db));
      expect(content(db)).toHaveLength(12);
      for (const key of DEMO_TABLE_ORDER) {
        const table = BULK_TABLES[key];
        // Users are e-mail addresses, not generated ids; link tables have no id of their own.
        const id = (getTableColumns(table) as Record<string, { name: string }>).id;
        if (key === 'users' || !id) continue;
        const ids = (d: Db) => new Set(d.$client.prepare(`SELECT "${id.name}" FROM "${getTableName(table)}"`).pluck().all() as string[]);
        const mine = ids(db);
        expect([...ids(other)].filter((id) => mine.has(id)), key).toEqual([]);
      }
    } finally {
      closeDb(other);
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('returns seeded: false and changes nothing when the store already has deals', async () => {
    expect((await seedDemoPortfolio(createSqliteStore(db), { deals: 10 })).seeded).toBe(true);
    const before = countRows('deals');
    expect(await seedDemoPortfolio(createSqliteStore(db), { deals: 10 })).toEqual({ seeded: false });
    expect(await seedDemoPortfolio(createSqliteStore(db), { deals: 10, seed: 5 })).toEqual({ seeded: false });
    expect(countRows('deals')).toBe(before);
  });

  it('reads back what was generated: JSON documents, booleans, defaults and timestamps', async () => {
    await seedDemoPortfolio(createSqliteStore(db), { deals: 15 });
    // The store's identity salts the ids (as seedDemoPortfolio salts them).
    const generated = generateDemoPortfolio({ deals: 15, idSalt: (await createSqliteStore(db).changeFeedHead()).storeId });
    const market = generated.marketData[0]!;
    const stored = db.select().from(schema.marketData).where(eq(schema.marketData.componentId, market.componentId)).get()!;
    expect(stored.mainMarket).toEqual(market.mainMarket);
    expect(stored.subMarket).toEqual(market.subMarket);
    expect(stored.forecast).toEqual(market.forecast);
    expect(stored.trendSummary).toEqual(market.trendSummary);
    const valuation = generated.revenueValuations[0]!;
    const v = db.select().from(schema.revenueValuations).where(eq(schema.revenueValuations.id, valuation.id)).get()!;
    expect(v.isMain).toBe(valuation.isMain);
    expect(v.revenueGrowth).toEqual(valuation.revenueGrowth);
    const tx = generated.cashFlowTransactions[0]!;
    const t = db.select().from(schema.cashFlowTransactions).where(eq(schema.cashFlowTransactions.id, tx.id)).get()!;
    expect(t.annualizedByYear).toEqual(tx.annualizedByYear);
    const deal = generated.deals[0]!;
    const d = db.select().from(schema.deals).where(eq(schema.deals.id, deal.id)).get()!;
    expect(d).toMatchObject(deal);
    // Columns the generator leaves out take the schema's defaults.
    const person = db.select().from(schema.people).limit(1).get()!;
    expect(person.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('keeps users who already exist and makes the extra owners users', async () => {
    ensureUsers(db, ['pat.lee@bank.example']);
    const result = await seedDemoPortfolio(createSqliteStore(db), { deals: 20, ownerIds: ['pat.lee@bank.example', 'sam.ortiz@bank.example'] });
    expect(result.seeded).toBe(true);
    const users = db.select().from(schema.users).all();
    expect(users.filter((u) => u.id === 'pat.lee@bank.example')).toHaveLength(1);
    expect(users.map((u) => u.id)).toContain('sam.ortiz@bank.example');
    expect(users.map((u) => u.id)).toContain('jane.doe@demo-lender.com');
  });

  it('reports progress up to the total, chunk by chunk', async () => {
    const calls: [number, number][] = [];
    const result = await seedDemoPortfolio(createSqliteStore(db), { deals: 30, onProgress: (done, total) => calls.push([done, total]) });
    if (!result.seeded) throw new Error('not seeded');
    expect(calls[0]).toEqual([0, result.rows]);
    expect(calls.at(-1)).toEqual([result.rows, result.rows]);
    for (let i = 1; i < calls.length; i++) expect(calls[i]![0]).toBeGreaterThan(calls[i - 1]![0]);
  });

  it('writes all or nothing: a bad row late in the portfolio leaves the store empty', async () => {
    const portfolio = generateDemoPortfolio({ deals: 12 });
    (portfolio.fundUses.at(-1) as { fundsId: string }).fundsId = 'no-such-funds-analysis';
    await expect(insertDemoPortfolio(createSqliteStore(db), portfolio)).rejects.toThrow(/FOREIGN KEY/);
    expect(countRows('deals')).toBe(0);
    expect(countRows('rent_roll_items')).toBe(0);
    expect(countRows('users')).toBe(0);
    // ... and the store can still be seeded afterwards.
    expect((await seedDemoPortfolio(createSqliteStore(db), { deals: 12 })).seeded).toBe(true);
  });
});
