import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../../../src-main/gateway';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';
import { localOnlyCounts } from '../../../src-main/store/sync-outbox';
import { CREATE_BODY, dealIds, startPair, type Pair } from './helpers';

// What the outbox tells beyond the edits: the deals and collaterals that are only on this
// workstation (created before the link, imported into the platform's deals, the demo's sample)
// and the new deals waiting for their create: the Sync screen says "empty" only when all of it
// is nothing (src-renderer/features/sync/sync.ts, outboxHeadline).

let pair: Pair;

beforeAll(async () => {
  pair = await startPair({ demoDeals: 3 });
}, 60_000);

afterAll(async () => {
  await pair?.stop();
});

async function importInto(dealId: string, name: string): Promise<void> {
  const started = await pair.local.api('POST', '/importCollaterals', {
    collaterals: [{ clientItemId: name, collateralCreateData: { dealIds: [dealId], name, propertyType: 'Office', address: { fullAddress: '7 Annex Street, Springfield, IL 62701' } } }],
  });
  expect(started.body.success).toBe(true);
  let report = (await pair.local.api('GET', `/getImportReport/${started.body.reportId}`)).body;
  for (let i = 0; i < 1000 && report.status !== 'Completed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    report = (await pair.local.api('GET', `/getImportReport/${started.body.reportId}`)).body;
  }
  expect(report.createdEntities.length, JSON.stringify(report.errors)).toBe(1);
}

describe('what only this workstation holds', () => {
  test('counts the demo sample, deals created before the link, collaterals imported into platform deals and new deals waiting', async () => {
    // Before the first sync: the workstation's own demo (its own ids) and a deal created here.
    await seedDemo(createSqliteStore(pair.local.db), { deals: 2 });
    const created = await pair.local.api('POST', '/createResidentialDeal', CREATE_BODY);
    expect(created.body.success, JSON.stringify(created.body.error)).toBe(true);
    expect(localOnlyCounts(pair.local.db)).toEqual({ newDealsWaiting: 0, createdHere: 1, otherDeals: 2, importedCollaterals: 0 });

    expect(await pair.sync({ mode: 'pull-only' })).toMatchObject({ pulled: 3, conflicts: 0 });
    // The platform's deals are the platform's; ours stay as they were, and nothing is sent for them.
    expect(localOnlyCounts(pair.local.db)).toEqual({ newDealsWaiting: 0, createdHere: 1, otherDeals: 2, importedCollaterals: 0 });

    const [platformDeal] = await dealIds(pair.remote);
    await importInto(platformDeal!, 'Annex Kept Here');
    expect((await pair.local.api('POST', '/createResidentialDeal', { ...CREATE_BODY, dealName: 'After The Link Plaza', address: { fullAddress: '400 Link Ave, Austin, TX 78701' } })).body.success).toBe(true);
    expect(localOnlyCounts(pair.local.db)).toEqual({ newDealsWaiting: 1, createdHere: 1, otherDeals: 2, importedCollaterals: 1 });

    // The create goes; the rest stays here, sync after sync.
    expect(await pair.sync()).toMatchObject({ created: 1 });
    expect(localOnlyCounts(pair.local.db)).toEqual({ newDealsWaiting: 0, createdHere: 1, otherDeals: 2, importedCollaterals: 1 });
  });
});
