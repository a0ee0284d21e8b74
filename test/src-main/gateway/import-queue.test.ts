import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../../src-main/gateway/context';
import { createDeal } from '../../../src-main/gateway/create-deal';
import { getImportReport, importCollaterals } from '../../../src-main/gateway/import-collaterals';
import { componentTypeOf } from '../../../src-main/gateway/import-items';
import { holdImportProcessing, importsIdle, processImportReport } from '../../../src-main/gateway/import-queue';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import type { PlaceLookup } from '../../../src-main/gateway/place-lookup/place-lookup';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { applyImportItem, importReport } from '../../../src-main/store/imports';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { ensureUsers } from '../../../src-main/store/users';
import { tempDir } from '../../support/service';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

const OWNER = 'owner@example.com';
let dir: ReturnType<typeof tempDir>;
let file: string;
let db: Db;
let dealId: string;

let tick = 0;
/** A clock that moves one millisecond per reading, so row timestamps show the order of writes. */
const clock = () => new Date(Date.UTC(2026, 0, 1) + tick++);

function contextOf(store: Db, places: PlaceLookup = createOfflinePlaceLookup()): GatewayContext {
  return { store: createSqliteStore(store), places, config: loadSystemConfig(), now: clock };
}

let street = 500;
function item(clientItemId: string, migrationReference: string) {
  return {
    clientItemId,
    migrationReference,
    collateralCreateData: {
      dealIds: [dealId],
      address: { fullAddress: `${street++} Guadalupe St, Austin, TX 78701` },
      propertyType: 'Retail' as const,
    },
    alternativeValuationCreateData: { name: 'Appraisal', valuation: 2_000_000 },
  };
}

async function startImport(ctx: GatewayContext, collaterals: unknown[]): Promise<string> {
  const res = await importCollaterals(ctx, { collaterals });
  if (!('reportId' in res)) throw new Error(res.error.message);
  return res.reportId;
}

const count = (store: Db, sql: string, ...params: unknown[]) => (store.$client.prepare(sql).get(...params) as { n: number }).n;
const rowCounts = (store: Db) =>
  Object.fromEntries(['collaterals', 'components', 'alternative_valuations', 'deal_collaterals'].map((t) => [t, count(store, `SELECT COUNT(*) AS n FROM ${t}`)]));

beforeEach(async () => {
  dir = tempDir();
  file = join(dir.path, 'uw.sqlite');
  db = openDb({ file });
  ensureUsers(db, [OWNER]);
  const created = await createDeal(contextOf(db), 'commercial', {
    ownerId: OWNER,
    dealName: 'Queue Deal',
    address: { fullAddress: '1 Congress Ave, Austin, TX 78701' },
    propertyType: 'Retail',
    loanType: 'Acquisition',
    loanAmount: 5_000_000,
    loanTerm: 60,
  });
  if (!('createdEntityId' in created)) throw new Error(created.error.message);
  dealId = created.createdEntityId;
});

afterEach(() => {
  closeDb(db);
  dir.remove();
});

describe('the import queue', () => {
  it('maps every property type to the component type an import creates', () => {
    expect(componentTypeOf('Multi_Family_Apartments')).toBe('Residential');
    expect(componentTypeOf('Senior_Housing')).toBe('Residential');
    expect(componentTypeOf('Hotel')).toBe('Hotel');
    for (const other of ['None', 'Mixed', 'Office', 'Retail', 'Industrial', 'Land', 'Portfolio'] as const) {
      expect(componentTypeOf(other)).toBe('Commercial');
    }
  });

  it('processes reports one at a time, in the order they were accepted', async () => {
    const ctx = contextOf(db);
    const ids = [];
    for (const name of ['first', 'second', 'third']) ids.push(await startImport(ctx, [item(name, `ORDER-${name}`)]));
    await importsIdle(db);
    for (const id of ids) expect(importReport(db, id)?.status).toBe('Completed');
    const order = db.$client
      .prepare(`SELECT migration_reference AS ref FROM collaterals WHERE migration_reference LIKE 'ORDER-%' ORDER BY created_at`)
      .all()
      .map((r) => (r as { ref: string }).ref);
    expect(order).toEqual(['ORDER-first', 'ORDER-second', 'ORDER-third']);
  });

  it('resumes a report interrupted between items without creating the finished item twice', async () => {
    const offline = createOfflinePlaceLookup();
    let calls = 0;
    // The "crash": the store goes away while the second item's address is being looked up.
    const crashing: PlaceLookup = {
      async resolve(query) {
        calls += 1;
        if (calls === 2) closeDb(db);
        return offline.resolve(query);
      },
    };
    const release = holdImportProcessing(db);
    const reportId = await startImport(contextOf(db), [item('a', 'RESUME-A'), item('b', 'RESUME-B'), item('c', 'RESUME-C')]);
    await processImportReport(contextOf(db, crashing), reportId);
    release();

    db = openDb({ file });
    const interrupted = importReport(db, reportId)!;
    expect(interrupted.status).toBe('Pending');
    expect(interrupted.createdEntities.map((e) => e.clientItemId)).toEqual(['a']);

    await processImportReport(contextOf(db), reportId);
    const report = await getImportReport(contextOf(db), reportId);
    expect(report).toMatchObject({ success: true, status: 'Completed', errors: [] });
    if (!('createdEntities' in report)) throw new Error(report.error.message);
    expect(report.createdEntities.map((e) => e.clientItemId)).toEqual(['a', 'b', 'c']);
    expect(count(db, `SELECT COUNT(*) AS n FROM collaterals WHERE migration_reference LIKE 'RESUME-%'`)).toBe(3);
  });

  it('creates each item once when the same report is processed twice at the same time', async () => {
    const release = holdImportProcessing(db);
    const reportId = await startImport(contextOf(db), [item('x', 'TWICE-X'), item('y', 'TWICE-Y')]);
    const before = rowCounts(db);
    await Promise.all([processImportReport(contextOf(db), reportId), processImportReport(contextOf(db), reportId)]);
    release();
    const report = importReport(db, reportId)!;
    expect(report.status).toBe('Completed');
    expect(report.createdEntities.map((e) => e.clientItemId)).toEqual(['x', 'y']);
    expect(report.errors).toEqual([]);
    expect(rowCounts(db)).toEqual({
      collaterals: before.collaterals! + 2,
      components: before.components! + 2,
      alternative_valuations: before.alternative_valuations! + 2,
      deal_collaterals: before.deal_collaterals! + 2,
    });
  });

  it('rolls back every row of an item whose write fails, logging nothing for it', async () => {
    holdImportProcessing(db);
    const reportId = await startImport(contextOf(db), [item('z', 'ROLLBACK-Z')]);
    const before = rowCounts(db);
    const now = clock().toISOString();
    // The last write of the item (the link to a deal that does not exist) breaks a foreign key.
    const write = () =>
      applyImportItem(db, reportId, 0, now, () => ({
        kind: 'created',
        clientItemId: 'z',
        graph: {
          collateral: { id: 'c-rollback', name: 'Rollback', propertyType: 'Retail' },
          component: { id: 'k-rollback', collateralId: 'c-rollback', componentType: 'Commercial', assetType: 'Retail' },
          alternativeValuation: { id: 'v-rollback', collateralId: 'c-rollback', isMain: true, name: 'Appraisal', valuation: 1 },
          dealIds: [dealId, 'no-such-deal'],
        },
      }));
    expect(write).toThrow(/FOREIGN KEY/);
    expect(rowCounts(db)).toEqual(before);
    expect(importReport(db, reportId)).toMatchObject({ createdEntities: [], errors: [] });
  });
});
