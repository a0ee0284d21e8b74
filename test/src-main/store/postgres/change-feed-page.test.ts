import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sqlite from '../../../../src-main/store/change-feed';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import { changeFeedHead, dealChangesAfter, readChangePage } from '../../../../src-main/store/postgres/change-feed';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

// The change feed's reads on PostgreSQL (the feed's triggers: change-feed.test.ts).

let cluster: PostgresCluster;
let database: TestDatabase;
let pg: PgDb;
let dir: string;
let db: Db;
const statements = [
  `INSERT INTO users (id) VALUES ('ann@lender.test')`,
  ...['d-b', 'd-A', 'd-a', 'd-c'].map(
    (id) => `INSERT INTO deals (id, seed_name, loan_type, property_type, owner_id, gross_loan, loan_term)
             VALUES ('${id}', 'Deal ${id}', 'Bridge', 'Office', 'ann@lender.test', 1000000, 36)`,
  ),
  `UPDATE deals SET seed_name = 'Renamed' WHERE id = 'd-b'`,
  `DELETE FROM deals WHERE id = 'd-c'`,
];
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
  pg = pgDbOf(database.pool);
  dir = mkdtempSync(join(tmpdir(), 'uw-feed-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  for (const statement of statements) {
    await database.pool.query(statement);
    db.$client.exec(statement);
  }
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

const strip = (rows: { dealId: string; kind: string }[]) => rows.map((r) => `${r.dealId} ${r.kind}`);

describe('reading the change feed on PostgreSQL', () => {
  it('pages through the changes in the order the SQLite store gives them', async () => {
    const whole = await readChangePage(pg, { seq: 0, dealId: '' }, 100);
    const sqliteWhole = sqlite.readChangePage(db, { seq: 0, dealId: '' }, 100);
    expect(strip(whole.rows)).toEqual(strip(sqliteWhole.rows));
    expect(strip(whole.rows)).toEqual(['d-A Upsert', 'd-a Upsert', 'd-b Upsert', 'd-c Delete']);
    expect(whole.head.storeId).toMatch(/^[0-9a-f]{32}$/);
    expect(whole.head.seq).toBeGreaterThanOrEqual(whole.rows.at(-1)!.seq);
    expect(whole.head).toEqual(await changeFeedHead(pg));

    const pages: string[] = [];
    let after = { seq: 0, dealId: '' };
    for (;;) {
      const page = await readChangePage(pg, after, 1);
      if (page.rows.length === 0) break;
      pages.push(...strip(page.rows));
      after = page.rows.at(-1)!;
    }
    expect(pages).toEqual(strip(whole.rows));
    expect(await dealChangesAfter(pg, { seq: 0, dealId: '' }, 2)).toEqual(whole.rows.slice(0, 2));
  });

  it('answers an empty page with the head when nothing changed after the position', async () => {
    const head = await changeFeedHead(pg);
    expect(await readChangePage(pg, { seq: head.seq, dealId: '\u{10FFFF}' }, 10)).toEqual({ head, rows: [] });
  });
});
