import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCollateralsRequestDto } from '../../../../src-main/contract';
import type { ImportItemOutcome } from '../../../../src-main/store/imports';
import { createPostgresStore, type PostgresStore } from '../../../../src-main/store/postgres/store';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

// The PostgreSQL engine of the storage port, two instances (two pools, two stores) on one database.

let cluster: PostgresCluster;
let database: TestDatabase;
let one: PostgresStore;
let two: PostgresStore;
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
  one = createPostgresStore(cluster.pool(database.name, { max: 4 }), { instanceId: 'one' });
  two = createPostgresStore(cluster.pool(database.name, { max: 4 }), { instanceId: 'two' });
  await database.pool.query(`INSERT INTO users (id) VALUES ('ann@lender.test');
    INSERT INTO deals (id, seed_name, loan_type, property_type, owner_id, gross_loan, loan_term)
    VALUES ('d1', 'Harbor', 'Bridge', 'Multifamily', 'ann@lender.test', 12500000, 36)`);
}, 120_000);
afterAll(async () => {
  await database?.drop();
  await cluster?.stop();
});

const now = '2026-11-26T10:00:00.000Z';

describe('the PostgreSQL store', () => {
  it('gives two instances starting together one signing key', async () => {
    const [a, b] = await Promise.all([one.settingOrInsert('oauth.signingKey', 'key-of-one'), two.settingOrInsert('oauth.signingKey', 'key-of-two')]);
    expect(a).toBe(b);
    expect(await one.getSetting('oauth.signingKey')).toBe(a);
  });

  it('commits a transaction whole or not at all, and its tx joins it', async () => {
    await one.transaction(async (tx) => {
      await tx.setSetting('unit.a', 1);
      await tx.transaction((inner) => inner.setSetting('unit.b', 2));
      expect(tx.inUnit()).toBe(true);
      // Not committed yet: the other instance does not see it.
      expect(await two.getSetting('unit.a')).toBeUndefined();
    });
    expect([await two.getSetting('unit.a'), await two.getSetting('unit.b')]).toEqual([1, 2]);
    await expect(
      one.transaction(async (tx) => {
        await tx.setSetting('unit.c', 3);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await one.getSetting('unit.c')).toBeUndefined();
    // read_only_sql_transaction, under drizzle's query error
    await expect(one.snapshot((tx) => tx.setSetting('unit.d', 4))).rejects.toMatchObject({ cause: { code: '25006' } });
  });

  it('changes its version token with every write and only then', async () => {
    const before = await one.storeVersion();
    expect(await two.storeVersion()).toBe(before);
    await two.setSetting('version.probe', true);
    const after = await one.storeVersion();
    expect(after).not.toBe(before);
    expect(await one.storeVersion()).toBe(after);
    expect(await one.schemaVersion()).toBeGreaterThan(5);
  });

  it('processes an import once: the instance that accepted it holds it, another takes it over when its claim runs out', async () => {
    const request = { collaterals: [{ clientItemId: 'a' }, { clientItemId: 'b' }] } as unknown as ImportCollateralsRequestDto;
    await one.insertImportReport({ id: 'r1', request, now });
    expect(await two.pendingImportReportIds()).toEqual([]);
    expect(await one.pendingImportReportIds()).toEqual(['r1']);

    const decide = (i: number) => async (tx: PostgresStore | Parameters<Parameters<PostgresStore['applyImportItem']>[3]>[0]): Promise<ImportItemOutcome> => {
      const dealIds = [...(await tx.existingDealIdSet(['d1', 'd9']))];
      const id = `r1-c${i}`;
      return {
        kind: 'created',
        clientItemId: i === 0 ? 'a' : 'b',
        graph: { collateral: { id, name: `Imported ${i}`, propertyType: 'Office' }, component: { id: `${id}-k`, collateralId: id, componentType: 'Commercial', assetType: 'Office' }, alternativeValuation: null, dealIds },
      } as ImportItemOutcome;
    };
    expect(await one.applyImportItem('r1', 0, now, decide(0))).toMatchObject({ kind: 'created' });

    // Instance one dies here. A store whose claims last no time stands in for the wait until its lease has run out.
    const late = createPostgresStore(cluster.pool(database.name, { max: 2 }), { instanceId: 'one', importLeaseMs: -1 });
    await late.pendingImportReportIds();
    expect(await two.pendingImportReportIds()).toEqual(['r1']);
    expect(await two.applyImportItem('r1', 0, now, decide(0))).toBe('already-processed');
    expect(await two.applyImportItem('r1', 1, now, decide(1))).toMatchObject({ kind: 'created' });
    await two.completeImportReport('r1', now);

    const report = await one.importReport('r1');
    expect(report).toEqual(await two.importReport('r1'));
    expect(report).toMatchObject({ status: 'Completed', createdEntities: [{ entityId: 'r1-c0', itemIndex: 0 }, { entityId: 'r1-c1', itemIndex: 1 }], errors: [] });
    expect((await one.dealHistory('d1', { source: 'import' })).length).toBe(2);
    expect(await one.pendingImportReportIds()).toEqual([]);
  });

  it('hands its claims back on a clean shutdown', async () => {
    const request = { collaterals: [{ clientItemId: 'x' }] } as unknown as ImportCollateralsRequestDto;
    await one.insertImportReport({ id: 'r2', request, now });
    expect(await two.pendingImportReportIds()).toEqual([]);
    await one.releaseImportClaims();
    expect(await two.pendingImportReportIds()).toEqual(['r2']);
  });
});
