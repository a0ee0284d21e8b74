import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getDealHistory, undoHistoryEntry, type GatewayContext } from '../../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { setLocalUserName } from '../../../src-main/store/deal-history';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { keepMine, listConflicts, takeTheirs } from '../../../src-main/sync';
import { bulkUpdate, dealIds, dealInfo, outboxRows, startPair, type Pair } from './helpers';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

// The deal history across a sync: a real platform server and a real local workstation server,
// synced in process (see helpers.ts).

const DEMO = 4;
let pair: Pair;
let ids: string[];
let ctx: GatewayContext;

beforeAll(async () => {
  pair = await startPair({ demoDeals: DEMO });
  setLocalUserName(pair.local.db, 'Dana Underwriter');
  await pair.sync();
  ids = await dealIds(pair.local);
  ctx = { store: createSqliteStore(pair.local.db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: () => new Date() };
}, 60_000);

afterAll(async () => {
  await pair?.stop();
});

describe('the deal history across a sync', () => {
  test('a first pull records each deal as created by the platform', () => {
    expect(ids).toHaveLength(DEMO);
    for (const id of ids) {
      expect(await getDealHistory(ctx, id)).toMatchObject([{ field: '$created', actor: 'platform', source: 'sync' }]);
    }
  });

  test('a pull records what the platform changed, old and new value, and nothing for an unchanged deal', async () => {
    const id = ids[0]!;
    const before = await dealInfo(pair.local, id);
    const name = `${before.seedName as string} (renamed)`;
    expect((await bulkUpdate(pair.remote, [{ id, updates: { SeedName: name, RateSpread: '2.375' } }])).errors).toEqual([]);
    await pair.sync();
    const pulled = (await getDealHistory(ctx, id, { source: 'sync' })).filter((e) => e.field !== '$created');
    expect(Object.fromEntries(pulled.map((e) => [e.field, [e.actor, e.oldValue, e.newValue]]))).toEqual({
      SeedName: ['platform', before.seedName, name],
      RateSpread: ['platform', before.rateSpread, 0.02375],
    });
    // Nothing recorded for the deals the platform did not change.
    for (const other of ids.slice(1)) expect(await getDealHistory(ctx, other)).toHaveLength(1);
  });

  test('keep mine records the decision, theirs -> mine, under the local user', async () => {
    const id = ids[1]!;
    const [mine, theirs] = (await dealInfo(pair.local, id)).riskRating === '3' ? ['4', '6'] : ['3', '6'];
    await bulkUpdate(pair.local, [{ id, updates: { RiskRating: mine! } }]);
    await bulkUpdate(pair.remote, [{ id, updates: { RiskRating: theirs! } }]);
    expect(await pair.sync()).toMatchObject({ conflicts: 1 });
    const [conflict] = listConflicts(pair.local.db);
    keepMine(pair.local.db, conflict!.id);
    const [decision] = await getDealHistory(ctx, id, { field: 'RiskRating' });
    expect(decision).toMatchObject({ source: 'keep-mine', actor: 'Dana Underwriter', oldValue: theirs, newValue: mine });
    // The edit itself was recorded too (through the local API, as its client).
    expect(await getDealHistory(ctx, id, { field: 'RiskRating', source: 'api' })).toMatchObject([{ newValue: mine }]);
    expect(await undoHistoryEntry(ctx, decision!.id)).toMatchObject({ ok: false, code: 'NotUndoable' });
  });

  test('take theirs records the working copy taking the platform value', async () => {
    const id = ids[2]!;
    await bulkUpdate(pair.local, [{ id, updates: { LoanTerm: '83' } }]);
    await bulkUpdate(pair.remote, [{ id, updates: { LoanTerm: '97' } }]);
    expect(await pair.sync()).toMatchObject({ conflicts: 1 });
    const [conflict] = listConflicts(pair.local.db);
    takeTheirs(pair.local.db, conflict!.id);
    expect((await dealInfo(pair.local, id)).loanTerm).toBe(97);
    expect(await getDealHistory(ctx, id, { field: 'LoanTerm' })).toMatchObject([
      { source: 'take-theirs', actor: 'Dana Underwriter', oldValue: 83, newValue: 97 },
      { source: 'api', oldValue: expect.any(Number), newValue: 83 },
    ]);
  });

  test('an undo of a pulled change is an edit: it goes to the outbox and reaches the platform', async () => {
    const id = ids[0]!;
    const [pulled] = await getDealHistory(ctx, id, { field: 'RateSpread', source: 'sync' });
    const undone = await undoHistoryEntry(ctx, pulled!.id);
    expect(undone).toMatchObject({ ok: true, entry: { source: 'undo', undoOf: pulled!.id, newValue: pulled!.oldValue } });
    expect(outboxRows(pair.local).filter((r) => r.entityId === id)).toMatchObject([{ field: 'RateSpread', value: pulled!.oldValue, status: 'pending' }]);
    expect(await pair.sync()).toMatchObject({ pushed: 1, conflicts: 0 });
    expect((await dealInfo(pair.remote, id)).rateSpread).toBe(pulled!.oldValue);
  });
});
