import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedDemo } from '../../../src-main/gateway';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';
import { FEED_CURSOR_KEY, getSyncState, REMOTE_FEED_KEY, setSyncState } from '../../../src-main/store/sync-state';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { CLIENT, startTestService, tempDir, OWNER, type TestService } from '../../support/service';
import { runSync, type SyncOptions } from '../../../src-main/sync';
import { bulkUpdate, dealIds, dealInfo, differingReads, FAST_RETRY, readEverything, startPair, totalChanges, type Pair } from './helpers';

// Pull through the platform's change feed and bulk graph reads (docs/sync.md, "What a sync
// costs"): two real servers on port 0, a real workstation store, and the fault proxy between
// them counting every request the sync makes (the token request included).

const DEMO = 100;

/** Requests the proxy saw after `from`, by path without the query string. */
function requestsSince(pair: Pair, from: number): string[] {
  return pair.proxy!.log.slice(from).map((e) => e.path.replace(/^\/api\/apiGateway/, '').replace(/\?.*$/, ''));
}

/** The dealIds of each getDealGraphs call the platform received while `work` ran. */
async function graphRequests<T>(pair: Pair, work: () => Promise<T>): Promise<{ result: T; asked: string[][] }> {
  const asked: string[][] = [];
  pair.proxy!.beforeForward = (request) => {
    if (request.path.includes('/getDealGraphs')) asked.push((JSON.parse(request.body) as { dealIds: string[] }).dealIds);
  };
  try {
    return { result: await work(), asked };
  } finally {
    pair.proxy!.beforeForward = null;
  }
}

describe('a pull through the change feed', () => {
  let pair: Pair;
  let ids: string[];

  beforeAll(async () => {
    pair = await startPair({ demoDeals: DEMO, proxy: true });
    ids = await dealIds(pair.remote);
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });

  test('the first sync learns that the platform offers the feed and reads every graph in bulk, in calls that start small and double, equal to the platform', async () => {
    const { result: summary, asked } = await graphRequests(pair, () => pair.sync());
    expect(summary).toMatchObject({ remoteDeals: DEMO, pulled: DEMO, removed: 0 });
    expect(getSyncState(pair.local.db, REMOTE_FEED_KEY)).toBe('yes');
    expect(getSyncState(pair.local.db, FEED_CURSOR_KEY)).toBeTruthy();
    const paths = requestsSince(pair, 0);
    // No single graph read went out: every deal came through getDealGraphs, pages of at most 100.
    expect(paths.filter((p) => /^\/get(DealInfo|DealFunds|CollateralCashFlow|PersonInfo)\//.test(p))).toEqual([]);
    expect(asked.flat().sort()).toEqual([...ids].sort());
    // The first call is small, so that both sides work from the start; each next one doubles.
    expect(asked.map((call) => call.length)).toEqual([10, 20, 40, 30]);
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remote, local)).toEqual([]);
  }, 120_000);

  test('a re-sync of an unchanged book makes at most 5 requests and writes nothing', async () => {
    const from = pair.proxy!.log.length;
    const before = totalChanges(pair.local);
    const summary = await pair.sync();
    const paths = requestsSince(pair, from);
    expect(paths.length).toBeLessThanOrEqual(5);
    // A token, the deal ids and one page of the feed, which lists nothing.
    expect([...paths].sort()).toEqual(['/getAllDealIds', '/getDealChanges', '/oauth/token']);
    expect(summary).toMatchObject({ pulled: 0, removed: 0 });
    expect(totalChanges(pair.local)).toBe(before);
  });

  test('with 1 % of the deals changed on the platform, only that deal\'s graph is read', async () => {
    const id = ids[37]!;
    await bulkUpdate(pair.remote, [{ id, updates: { Note: 'changed on the platform' } }]);
    const from = pair.proxy!.log.length;
    const { result: summary, asked } = await graphRequests(pair, () => pair.sync());
    expect(asked).toEqual([[id]]);
    expect(summary).toMatchObject({ pulled: 1, unchanged: 0 });
    expect(requestsSince(pair, from).length).toBeLessThanOrEqual(5);
    expect((await dealInfo(pair.local, id)).note).toBe('changed on the platform');
  });

  test('a deal whose own fields changed is pulled without rewriting the rows under its collaterals; a change under them rewrites them as the platform has them', async () => {
    const id = ids[23]!;
    const componentIds = pair.local.db.$client
      .prepare('SELECT id FROM components WHERE collateral_id IN (SELECT collateral_id FROM deal_collaterals WHERE deal_id = ?) ORDER BY id')
      .pluck()
      .all(id) as string[];
    expect(componentIds.length).toBeGreaterThan(0);
    const vacancyOf = () => componentIds.map((c) => pair.local.db.$client.prepare('SELECT market_vacancy FROM components WHERE id = ?').pluck().get(c) as number);
    const synced = vacancyOf();
    // A value no pull wrote: a pull that reconciled the rows under the collaterals would put the platform's back.
    pair.local.db.$client.prepare('UPDATE components SET market_vacancy = market_vacancy + 0.5 WHERE collateral_id IN (SELECT collateral_id FROM deal_collaterals WHERE deal_id = ?)').run(id);

    await bulkUpdate(pair.remote, [{ id, updates: { Note: 'only the deal changed' } }]);
    expect(await pair.sync()).toMatchObject({ pulled: 1 });
    expect((await dealInfo(pair.local, id)).note).toBe('only the deal changed');
    expect(vacancyOf()).toEqual(synced.map((v) => v + 0.5));

    const started = await pair.remote.api('POST', '/importCollaterals', {
      collaterals: [{ clientItemId: 'annex', collateralCreateData: { dealIds: [id], name: 'Feed Annex', propertyType: 'Office', address: { fullAddress: '7 Feed Street, Springfield, IL 62701' } } }],
    });
    expect(started.body.success).toBe(true);
    let report = (await pair.remote.api('GET', `/getImportReport/${started.body.reportId}`)).body;
    for (let i = 0; i < 1000 && report.status !== 'Completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      report = (await pair.remote.api('GET', `/getImportReport/${started.body.reportId}`)).body;
    }
    expect(report.createdEntities.length, JSON.stringify(report.errors)).toBe(1);
    expect(await pair.sync()).toMatchObject({ pulled: 1 });
    expect(vacancyOf()).toEqual(synced);
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remote, local)).toEqual([]);
  });

  test('a deal deleted on the platform is removed locally once the bulk read confirms it', async () => {
    const id = ids[41]!;
    pair.remote.db.$client.prepare('DELETE FROM deals WHERE id = ?').run(id);
    const { result: summary, asked } = await graphRequests(pair, () => pair.sync());
    expect(asked).toEqual([[id]]);
    expect(summary).toMatchObject({ removed: 1, remoteDeals: DEMO - 1 });
    expect((await pair.local.api('GET', `/getDealInfo/${id}`)).body.error.code).toBe('MissingEntity');
    // The deals after it moved up in the platform's list without being read again: the local list keeps its order.
    expect(await dealIds(pair.local)).toEqual(await dealIds(pair.remote));
  });

  test('a change made on the platform between the feed read and the graph read is picked up by the next pull', async () => {
    const [first, second] = [ids[50]!, ids[51]!];
    await bulkUpdate(pair.remote, [{ id: first, updates: { Note: 'first' } }]);
    let edited = false;
    pair.proxy!.beforeForward = async (request) => {
      if (!edited && request.path.includes('/getDealGraphs')) {
        edited = true;
        await bulkUpdate(pair.remote, [{ id: second, updates: { Note: 'made while the graphs were read' } }]);
      }
    };
    try {
      await pair.sync();
    } finally {
      pair.proxy!.beforeForward = null;
    }
    expect(edited).toBe(true);
    expect((await dealInfo(pair.local, first)).note).toBe('first');
    // The cursor stored is the feed page's, taken before the edit: the edit is still ahead of it.
    expect((await dealInfo(pair.local, second)).note).not.toBe('made while the graphs were read');
    const { result: summary, asked } = await graphRequests(pair, () => pair.sync());
    expect(asked).toEqual([[second]]);
    expect(summary).toMatchObject({ pulled: 1 });
    expect((await dealInfo(pair.local, second)).note).toBe('made while the graphs were read');
  });

  test('a deal\'s own pushed edit is read back once, then no more', async () => {
    const id = ids[60]!;
    await bulkUpdate(pair.local, [{ id, updates: { Note: 'edited on the workstation' } }]);
    expect(await pair.sync()).toMatchObject({ pushed: 1 });
    expect((await dealInfo(pair.remote, id)).note).toBe('edited on the workstation');
    // The push changed the platform's feed: the next pull reads that deal once, finds it as the shadow has it, writes nothing.
    const before = totalChanges(pair.local);
    const { result: again, asked } = await graphRequests(pair, () => pair.sync());
    expect(asked).toEqual([[id]]);
    expect(again).toMatchObject({ pulled: 0, unchanged: 1 });
    // One row written: the feed's new cursor; the deal's graph hashes as the shadow has it.
    expect(totalChanges(pair.local) - before).toBe(1);
    const { asked: then } = await graphRequests(pair, () => pair.sync());
    expect(then).toEqual([]);
  });

  test('a pull killed after the graphs were written but before a cursor resumes from the stored cursor and loses nothing', async () => {
    const id = ids[70]!;
    const cursor = getSyncState(pair.local.db, FEED_CURSOR_KEY)!;
    await bulkUpdate(pair.remote, [{ id, updates: { Note: 'before the kill' } }]);
    // The graph read fails for good: the pull stops with the cursor where it was.
    pair.proxy!.inject({ path: '/getDealGraphs', fault: { kind: 'status', status: 500 }, times: Infinity });
    await expect(pair.sync()).rejects.toThrow(/getDealGraphs/);
    pair.proxy!.clear();
    expect(getSyncState(pair.local.db, FEED_CURSOR_KEY)).toBe(cursor);
    const { asked } = await graphRequests(pair, () => pair.sync());
    expect(asked).toEqual([[id]]);
    expect((await dealInfo(pair.local, id)).note).toBe('before the kill');
  });

  test('a cursor the platform refuses gives one full walk through the feed, then the feed again', async () => {
    setSyncState(pair.local.db, FEED_CURSOR_KEY, 'not-a-cursor-of-this-store');
    const { result: summary, asked } = await graphRequests(pair, () => pair.sync());
    // From its beginning the feed lists every deal, and the deal deleted earlier (its Delete, nothing left to remove).
    expect(asked.flat().sort()).toEqual([...(await dealIds(pair.remote)), ids[41]!].sort());
    expect(summary).toMatchObject({ pulled: 0, unchanged: DEMO - 1 });
    expect(getSyncState(pair.local.db, FEED_CURSOR_KEY)).not.toBe('not-a-cursor-of-this-store');
    const { asked: next } = await graphRequests(pair, () => pair.sync());
    expect(next).toEqual([]);
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remote, local)).toEqual([]);
  });

  test('a platform that stops offering the feed gets the full walk in the same sync, and is asked again by the next', async () => {
    pair.proxy!.inject({ path: /\/getDeal(Changes|Graphs)/, fault: { kind: 'status', status: 404 }, times: Infinity });
    const from = pair.proxy!.log.length;
    try {
      expect(await pair.sync()).toMatchObject({ pulled: 0, unchanged: DEMO - 1 });
    } finally {
      pair.proxy!.clear();
    }
    expect(pair.proxy!.log.slice(from).some((e) => e.path.includes('/getDealInfo/'))).toBe(true);
    expect(getSyncState(pair.local.db, REMOTE_FEED_KEY)).toBeUndefined();
    expect(getSyncState(pair.local.db, FEED_CURSOR_KEY)).toBeUndefined();
    // Offered again: learned again, and the feed from its beginning reads every graph once in bulk.
    const { asked } = await graphRequests(pair, () => pair.sync());
    expect(asked.flat().length).toBeGreaterThanOrEqual(DEMO - 1);
    expect(getSyncState(pair.local.db, REMOTE_FEED_KEY)).toBe('yes');
    const { asked: next } = await graphRequests(pair, () => pair.sync());
    expect(next).toEqual([]);
  });
});

describe('a platform whose store was replaced behind the same address', () => {
  test('refuses the cursor: one full walk converges on the new store, and the feed is used again after it', async () => {
    const proxy: FaultProxy = await startFaultProxy();
    const first = await startTestService({ demoDeals: 6, publicUrl: proxy.origin });
    proxy.target = first.origin;
    const dir = tempDir('uw-sync-local-');
    const local = await startTestService({ dataDir: dir.path, users: [OWNER] });
    const sync = (o: Partial<SyncOptions> = {}) =>
      runSync({ db: local.db, remote: { baseUrl: proxy.origin, clientId: CLIENT.clientId, clientSecret: CLIENT.secret }, retry: FAST_RETRY, timeoutMs: 5_000, ...o });
    let second: TestService | undefined;
    try {
      await sync();
      const oldCursor = getSyncState(local.db, FEED_CURSOR_KEY);
      // A new store (its own feed identity) answers at the same address, with one deal fewer and one changed:
      // the same book rebuilt, its demo's ids salted as the first store's were (a store's own salt would give other ids).
      second = await startTestService({ publicUrl: proxy.origin });
      const [{ store_id: salt }] = await first.sql<{ store_id: string }>('SELECT store_id FROM change_feed WHERE id = 1');
      await seedDemo(createSqliteStore(second.db), { deals: 6, idSalt: salt });
      const secondIds = await dealIds(second);
      second.db.$client.prepare('DELETE FROM deals WHERE id = ?').run(secondIds[0]!);
      await bulkUpdate(second, [{ id: secondIds[1]!, updates: { Note: 'the new store' } }]);
      proxy.target = second.origin;
      const from = proxy.log.length;
      const summary = await sync();
      const feedReads = proxy.log.slice(from).filter((e) => e.path.includes('/getDealChanges'));
      expect(feedReads.map((e) => e.path.includes('since='))).toEqual([true, false]);
      expect(summary).toMatchObject({ removed: 1 });
      expect(getSyncState(local.db, FEED_CURSOR_KEY)).not.toBe(oldCursor);
      const [remote, mine] = await Promise.all([readEverything(second), readEverything(local)]);
      expect(differingReads(remote, mine)).toEqual([]);
      const again = proxy.log.length;
      await sync();
      expect(proxy.log.slice(again).filter((e) => e.path.includes('/getDealGraphs'))).toEqual([]);
    } finally {
      await local.stop();
      dir.remove();
      await first.stop();
      await second?.stop();
      await proxy.close();
    }
  }, 120_000);
});

describe('a platform without the extensions', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair({ demoDeals: 6, proxy: true });
    // As the Blooma platform does: an endpoint it does not know answers 404.
    pair.proxy!.inject({ path: /\/getDeal(Changes|Graphs)/, fault: { kind: 'status', status: 404 }, times: Infinity });
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });

  test('gets the full walk, and the answer is remembered with the link', async () => {
    const summary = await pair.sync();
    expect(summary).toMatchObject({ pulled: 6 });
    expect(getSyncState(pair.local.db, REMOTE_FEED_KEY)).toBe('no');
    expect(pair.proxy!.log.filter((e) => e.path.includes('/getDealChanges'))).toHaveLength(1);
    expect(pair.proxy!.log.some((e) => e.path.includes('/getDealInfo/'))).toBe(true);
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remote, local)).toEqual([]);

    const from = pair.proxy!.log.length;
    expect(await pair.sync()).toMatchObject({ pulled: 0, unchanged: 6 });
    const paths = pair.proxy!.log.slice(from).map((e) => e.path);
    expect(paths.some((p) => p.includes('/getDealChanges') || p.includes('/getDealGraphs'))).toBe(false);
    expect(paths.some((p) => p.includes('/getDealInfo/'))).toBe(true);
  });
});

describe('a first sync through the feed, cancelled midway', () => {
  // Small pages (20 changes, 5 deals a getDealGraphs call) make 60 deals three feed pages of four calls each.
  const PAGING = { changes: 20, graphs: 5 };
  const BOOK = 60;
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair({ demoDeals: BOOK, proxy: true });
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });

  test('reports its progress against the platform\'s deals, asks for nothing more once cancelled, and the next sync resumes after the last page it finished', async () => {
    // Cancelled as the workstation cancels a sync (app/sync-service/): its AbortSignal is aborted.
    const abort = new AbortController();
    const progress: { done: number; total: number }[] = [];
    const { result: cancelled, asked } = await graphRequests(pair, () =>
      pair
        .sync({
          feedPaging: PAGING,
          signal: abort.signal,
          onEvent: (event) => {
            if (event.type !== 'progress' || event.phase !== 'pull') return;
            progress.push({ done: event.done, total: event.total });
            // Five calls applied: the first page and one call of the second.
            if (event.done === 25) abort.abort();
          },
        })
        .then(
          () => 'completed',
          (error: unknown) => error,
        ),
    );
    expect(cancelled).toMatchObject({ kind: 'aborted' });
    expect(progress).toEqual([5, 10, 15, 20, 25].map((done) => ({ done, total: BOOK })));
    // Nothing was asked after the cancel but the one call already in flight (read ahead while the fifth was applied).
    expect(asked.map((ids) => ids.length)).toEqual([5, 5, 5, 5, 5, 5]);
    const firstPage = asked.slice(0, 4).flat();
    const appliedOfSecond = asked[4]!;
    expect(getSyncState(pair.local.db, FEED_CURSOR_KEY)).toBeTruthy();

    const resumedProgress: { done: number; total: number }[] = [];
    const { result: resumed, asked: resumedAsked } = await graphRequests(pair, () =>
      pair.sync({
        feedPaging: PAGING,
        onEvent: (event) => {
          if (event.type === 'progress' && event.phase === 'pull') resumedProgress.push({ done: event.done, total: event.total });
        },
      }),
    );
    // From the stored cursor (after the first page): the second page again, its five deals applied before the cancel read but unchanged, then the third.
    const again = resumedAsked.flat();
    expect(again).toHaveLength(BOOK - firstPage.length);
    expect(again.filter((id) => firstPage.includes(id))).toEqual([]);
    expect(again.slice(0, 5)).toEqual(appliedOfSecond);
    expect(resumed).toMatchObject({ pulled: BOOK - 25, unchanged: 5, remoteDeals: BOOK });
    expect(resumedProgress.at(-1)).toEqual({ done: BOOK - firstPage.length, total: BOOK - firstPage.length });
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remote, local)).toEqual([]);
    const { asked: after } = await graphRequests(pair, () => pair.sync({ feedPaging: PAGING }));
    expect(after).toEqual([]);
  }, 120_000);
});
