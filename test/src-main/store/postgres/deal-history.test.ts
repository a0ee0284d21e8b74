import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import * as sqlite from '../../../../src-main/store/deal-history';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import {
  currentDealValue,
  dealHistory,
  dealNotes,
  historyEntry,
  insertDealNote,
  laterEntryOfField,
  localUserName,
  recordHistory,
  setLocalUserName,
} from '../../../../src-main/store/postgres/deal-history';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
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
  dir = mkdtempSync(join(tmpdir(), 'uw-history-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  const deal = `INSERT INTO users (id) VALUES ('ann@lender.test');
    INSERT INTO deals (id, seed_name, loan_type, property_type, owner_id, gross_loan, loan_term)
    VALUES ('d1', 'Harbor', 'Bridge', 'Multifamily', 'ann@lender.test', 12500000.25, 36)`;
  await database.pool.query(deal);
  db.$client.exec(deal);
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

const at = '2026-11-26T10:00:00.000Z';
const ann = { who: 'ann@lender.test', source: 'api' as const };

describe('the deal history on PostgreSQL', () => {
  it('records changes and reads them back newest first, filtered, as the SQLite store does', async () => {
    const changes = [
      { dealId: 'd1', field: 'grossLoan', oldValue: 12500000.25, newValue: 0.1 + 0.2 },
      { dealId: 'd1', field: 'seedName', oldValue: 'Harbor', newValue: 'Harbor II' },
      { dealId: 'd1', field: 'notes', newValue: { a: [1, null], z: 'x' } },
      { dealId: 'd2', field: 'grossLoan', oldValue: null },
    ];
    await recordHistory(pg, ann, at, changes);
    sqlite.recordHistory(db, ann, at, changes);
    await recordHistory(pg, { who: 'import', source: 'import' }, at, []);

    const strip = <T extends { id: number }>(entries: T[]) => entries.map(({ id: _id, ...rest }) => rest);
    expect(await dealHistory(pg, 'd1')).toEqual(sqlite.dealHistory(db, 'd1'));
    expect(strip(await dealHistory(pg, 'd1')).map((e) => e.field)).toEqual(['notes', 'seedName', 'grossLoan']);
    expect((await dealHistory(pg, 'd1', { field: 'grossLoan' }))[0]).toMatchObject({ oldValue: 12500000.25, newValue: 0.30000000000000004, actor: 'ann@lender.test', undoOf: null });
    expect(await dealHistory(pg, 'd1', { source: 'import' })).toEqual([]);
    expect(await dealHistory(pg, 'd2')).toEqual(sqlite.dealHistory(db, 'd2'));
    expect((await dealHistory(pg, 'd2'))[0]).not.toHaveProperty('newValue');
  });

  it('keeps the order of a large change set (batched) and links an undo to its entry', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => ({ dealId: 'd3', field: `f${i % 7}`, newValue: i }));
    await recordHistory(pg, ann, at, many);
    const read = await dealHistory(pg, 'd3');
    expect(read).toHaveLength(12_000);
    expect(read.map((e) => e.newValue)).toEqual(many.map((c) => c.newValue).reverse());

    const first = (await dealHistory(pg, 'd1', { field: 'seedName' }))[0]!;
    await recordHistory(pg, { ...ann, source: 'ui', undoOf: first.id }, at, [{ dealId: 'd1', field: 'seedName', oldValue: 'Harbor II', newValue: 'Harbor' }]);
    const later = await laterEntryOfField(pg, first);
    expect(later).toMatchObject({ undoOf: first.id, newValue: 'Harbor', source: 'ui' });
    expect(await laterEntryOfField(pg, later!)).toBeUndefined();
    expect(await historyEntry(pg, first.id)).toEqual(first);
    expect(await historyEntry(pg, 10_000_000)).toBeUndefined();
  });

  it('refuses to update, delete or truncate a recorded change', async () => {
    await expect(database.pool.query(`UPDATE deal_history SET actor = 'mallory'`)).rejects.toThrow(/append-only: a recorded change cannot be updated/);
    await expect(database.pool.query(`DELETE FROM deal_history`)).rejects.toThrow(/append-only: a recorded change cannot be deleted/);
    await expect(database.pool.query(`TRUNCATE deal_history`)).rejects.toThrow(/append-only/);
    expect((await dealHistory(pg, 'd1')).length).toBeGreaterThan(0);
  });

  it('adds notes and lists them newest first', async () => {
    const one = await insertDealNote(pg, { dealId: 'd1', at, author: 'ann@lender.test', text: 'Sponsor call went well.' });
    const two = await insertDealNote(pg, { dealId: 'd1', at, author: 'bob@lender.test', text: 'Appraisal due Friday.' });
    expect(two.id).toBeGreaterThan(one.id);
    expect(await dealNotes(pg, 'd1')).toEqual([two, one]);
    expect(await dealNotes(pg, 'd2')).toEqual([]);
  });

  it('reads the current value of a deal column and the name changes are recorded under', async () => {
    expect(await currentDealValue(pg, 'd1', 'grossLoan')).toBe(sqlite.currentDealValue(db, 'd1', 'grossLoan'));
    expect(await currentDealValue(pg, 'd1', 'seedName')).toBe('Harbor');
    expect(await currentDealValue(pg, 'nope', 'seedName')).toBeUndefined();
    expect(await localUserName(pg)).toBe(sqlite.localUserName(db));
    expect(await setLocalUserName(pg, '  Ann Lee ')).toBe('Ann Lee');
    expect(await setLocalUserName(pg, '   ')).toBe(sqlite.localUserName(db));
  });
});
