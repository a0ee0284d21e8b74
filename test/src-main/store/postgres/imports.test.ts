import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCollateralsRequestDto } from '../../../../src-main/contract';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import * as sqlite from '../../../../src-main/store/imports';
import type { ImportItemOutcome } from '../../../../src-main/store/imports';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { dealHistory } from '../../../../src-main/store/postgres/deal-history';
import {
  applyImportItem,
  claimableImportReportIds,
  claimImportReport,
  collateralIdByMigrationReference,
  completeImportReport,
  existingDealIdSet,
  importReport,
  insertImportReport,
  pendingImportReportIds,
  releaseImportClaim,
} from '../../../../src-main/store/postgres/imports';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

let cluster: PostgresCluster;
let database: TestDatabase;
let pg: PgDb;
let dir: string;
let db: Db;
const setup = `INSERT INTO users (id) VALUES ('ann@lender.test');
  INSERT INTO deals (id, seed_name, loan_type, property_type, owner_id, gross_loan, loan_term)
  VALUES ('d1', 'Harbor', 'Bridge', 'Multifamily', 'ann@lender.test', 12500000, 36);
  INSERT INTO collaterals (id, name, property_type) VALUES ('c0', 'Existing', 'Office');
  INSERT INTO deal_collaterals (deal_id, collateral_id, position) VALUES ('d1', 'c0', 0)`;
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
  pg = pgDbOf(database.pool);
  dir = mkdtempSync(join(tmpdir(), 'uw-imports-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await database.pool.query(setup);
  db.$client.exec(setup);
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

const request = (n: number): ImportCollateralsRequestDto => ({
  collaterals: Array.from({ length: n }, (_, i) => ({ clientItemId: `item-${i}` })) as unknown as ImportCollateralsRequestDto['collaterals'],
});

/** Item i of report r: a collateral for deal d1, except every third item, which fails. */
function outcome(reportId: string, i: number): ImportItemOutcome {
  if (i % 3 === 2) return { kind: 'failed', errors: [{ target: 'collaterals', code: 'ValidationError', message: `item ${i} is invalid`, details: [], clientItemId: `item-${i}` }] };
  const id = `${reportId}-c${i}`;
  return {
    kind: 'created',
    clientItemId: `item-${i}`,
    graph: {
      collateral: { id, name: `Imported ${i}`, propertyType: 'Office', migrationReference: `ref-${id}` },
      component: { id: `${id}-k`, collateralId: id, componentType: 'Commercial', assetType: 'Office' },
      alternativeValuation: null,
      dealIds: ['d1'],
    },
  } as ImportItemOutcome;
}

const now = '2026-11-26T10:00:00.000Z';

describe('import reports on PostgreSQL', () => {
  it('logs each item once with its rows and reads the report back as the SQLite store does', async () => {
    await insertImportReport(pg, { id: 'r1', request: request(3), now });
    sqlite.insertImportReport(db, { id: 'r1', request: request(3), now });
    expect(await pendingImportReportIds(pg)).toEqual(['r1']);
    for (let i = 0; i < 3; i += 1) {
      expect(await applyImportItem(pg, 'r1', i, now, () => outcome('r1', i))).toEqual(outcome('r1', i));
      sqlite.applyImportItem(db, 'r1', i, now, () => outcome('r1', i));
    }
    let called = false;
    expect(await applyImportItem(pg, 'r1', 0, now, () => ((called = true), outcome('r1', 0)))).toBe('already-processed');
    expect(called).toBe(false);
    expect(await applyImportItem(pg, 'nope', 0, now, () => outcome('nope', 0))).toBe('no-report');

    await completeImportReport(pg, 'r1', now);
    sqlite.completeImportReport(db, 'r1', now);
    expect(await importReport(pg, 'r1')).toEqual(sqlite.importReport(db, 'r1'));
    expect(await importReport(pg, 'r1')).toMatchObject({ status: 'Completed', createdEntities: [{ entityId: 'r1-c0', itemIndex: 0 }, { entityId: 'r1-c1', itemIndex: 1 }], errors: [{ itemIndex: 2 }] });
    expect(await pendingImportReportIds(pg)).toEqual([]);
    expect(await importReport(pg, 'nope')).toBeUndefined();

    // Appended after the deal's collateral, with the deal's history.
    const { rows } = await database.pool.query(`SELECT collateral_id, position FROM deal_collaterals WHERE deal_id = 'd1' ORDER BY position`);
    expect(rows).toEqual([{ collateral_id: 'c0', position: 0 }, { collateral_id: 'r1-c0', position: 1 }, { collateral_id: 'r1-c1', position: 2 }]);
    expect((await dealHistory(pg, 'd1', { source: 'import' })).map((e) => e.newValue)).toEqual([{ id: 'r1-c1', name: 'Imported 1' }, { id: 'r1-c0', name: 'Imported 0' }]);
    expect(await existingDealIdSet(pg, ['d1', 'd9'])).toEqual(new Set(['d1']));
    expect(await collateralIdByMigrationReference(pg, 'ref-r1-c1')).toBe('r1-c1');
    expect(await collateralIdByMigrationReference(pg, 'ref-none')).toBeUndefined();
  });

  it('lets one instance hold a report until its lease runs out, then another take it over', async () => {
    await insertImportReport(pg, { id: 'r2', request: request(1), now });
    expect(await claimImportReport(pg, 'r2', 'instance-a', 60_000)).toBe(true);
    expect(await claimImportReport(pg, 'r2', 'instance-b', 60_000)).toBe(false);
    expect(await claimableImportReportIds(pg)).not.toContain('r2');
    expect(await claimImportReport(pg, 'r2', 'instance-a', 60_000)).toBe(true); // a renewal
    // instance-a dies: its last renewal ran out (a lease already over stands in for the wait).
    expect(await claimImportReport(pg, 'r2', 'instance-a', -1)).toBe(true);
    expect(await claimableImportReportIds(pg)).toContain('r2');
    expect(await claimImportReport(pg, 'r2', 'instance-b', 60_000)).toBe(true);
    expect(await claimImportReport(pg, 'r2', 'instance-a', 60_000)).toBe(false);
    await releaseImportClaim(pg, 'r2', 'instance-b');
    expect(await claimImportReport(pg, 'r2', 'instance-c', 60_000)).toBe(true);
    await completeImportReport(pg, 'r2', now);
    expect(await claimImportReport(pg, 'r2', 'instance-c', 60_000)).toBe(false);
  });

  it('processes every report exactly once when two instances work through the queue together', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `q${String(i).padStart(2, '0')}`);
    for (const id of ids) await insertImportReport(pg, { id, request: request(4), now });
    const decided: string[] = [];
    const instance = async (name: string, pool: PgDb) => {
      for (const id of await claimableImportReportIds(pool)) {
        if (!(await claimImportReport(pool, id, name, 60_000))) continue;
        for (let i = 0; i < 4; i += 1) await applyImportItem(pool, id, i, now, () => (decided.push(`${id}/${i}`), outcome(id, i)));
        await completeImportReport(pool, id, now);
      }
    };
    const a = pgDbOf(cluster.pool(database.name, { max: 3 }));
    const b = pgDbOf(cluster.pool(database.name, { max: 3 }));
    await Promise.all([instance('a', a), instance('b', b)]);
    expect(decided.sort()).toEqual(ids.flatMap((id) => [0, 1, 2, 3].map((i) => `${id}/${i}`)));
    for (const id of ids) {
      const report = await importReport(pg, id);
      expect(report?.status).toBe('Completed');
      expect([...report!.createdEntities, ...report!.errors].map((e) => e.itemIndex).sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it('writes an item once when two instances apply it at the same time', async () => {
    await insertImportReport(pg, { id: 'r3', request: request(1), now });
    const a = pgDbOf(cluster.pool(database.name, { max: 1 }));
    const b = pgDbOf(cluster.pool(database.name, { max: 1 }));
    const results = await Promise.all([a, b].map((one) => applyImportItem(one, 'r3', 0, now, () => outcome('r3', 0))));
    expect(results.filter((r) => r === 'already-processed')).toHaveLength(1);
    expect((await importReport(pg, 'r3'))?.createdEntities).toHaveLength(1);
  });
});
