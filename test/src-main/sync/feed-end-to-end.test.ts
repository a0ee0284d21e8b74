import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { startTestService, type Engine, type TestService } from '../../support/service';
import { bulkUpdate, dealIds, dealInfo, differingReads, readEverything } from './helpers';
import { recordExtensions, requestsSince, startWorkstation, type Workstation } from './workstations';

// The change feed and the bulk graph reads end to end (issue 17), on a platform of each storage
// engine: two workstations (two SQLite data directories, each synced by `uw sync`) and the
// platform, with a recording proxy between them and the platform that counts every request.
// Workstation A edits and syncs; B syncs and sees the change through the feed and one bulk read,
// in a handful of requests; a deal deleted on the platform reaches both as a confirmed delete;
// at the end every read of every record is equal on all three.

const DEALS = 12;
/** The reads of a deal's graph the full walk makes one by one (none of them may go out with the feed). */
const SINGLE_READS = /^GET \/get(DealInfo|DealFunds|DealCollateralSummary|DealComponentSummary|CollateralCashFlow|CollateralComponentSummary|BaseComponentInfo|PersonInfo|CompanyInfo)$/;

describe.each<Engine>(['sqlite', 'postgres'])('two workstations and a platform on %s, through the change feed', (engine) => {
  let proxy: FaultProxy;
  let platform: TestService;
  let a: Workstation;
  let b: Workstation;
  let ids: string[];

  beforeAll(async () => {
    proxy = await startFaultProxy();
    platform = await startTestService({ engine, demoDeals: DEALS, publicUrl: proxy.origin });
    proxy.target = platform.origin;
    [a, b] = await Promise.all([startWorkstation('a'), startWorkstation('b')]);
    ids = await dealIds(platform);
    expect(platform.engine).toBe(engine);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await platform?.stop();
    await proxy?.close();
  }, 60_000);

  test('the first sync of each workstation learns the feed and reads every graph in bulk, no graph read one by one', { timeout: 120_000 }, async () => {
    for (const ws of [a, b]) {
      const from = proxy.log.length;
      const { result: summary, graphs } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
      expect(summary).toMatchObject({ remoteDeals: DEALS, pulled: DEALS, removed: 0, conflicts: 0 });
      expect(ws.remoteFeed()).toBe('yes');
      expect(ws.cursor()).toBeTruthy();
      expect(graphs.flat().sort()).toEqual([...ids].sort());
      const requests = requestsSince(proxy, from);
      expect(requests.filter((r) => SINGLE_READS.test(r))).toEqual([]);
      // A token, the deal ids, the feed check, one feed page, and the 12 graphs in two getDealGraphs
      // (a pull's first call asks for 10 deals, the next for twice as many).
      expect([...requests].sort()).toEqual([
        'GET /getAllDealIds',
        'GET /getDealChanges',
        'GET /getDealChanges',
        'POST /getDealGraphs',
        'POST /getDealGraphs',
        'POST /oauth/token',
      ]);
      expect(graphs.map((g) => g.length)).toEqual([10, 2]);
      expect(summary.requests).toBe(requests.length);
    }
  });

  test('an edit made on workstation A reaches workstation B through one feed page and one bulk read, and B\'s cursor advances', { timeout: 120_000 }, async () => {
    const id = ids[3]!;
    expect((await bulkUpdate(a.service, [{ id, updates: { Note: `Edited on workstation A (${engine})`, GrossLoan: '12345678.9' } }])).errors).toEqual([]);
    expect(await a.sync(proxy.origin)).toMatchObject({ pushed: 2, conflicts: 0, rejected: 0, queued: 0 });
    expect(await dealInfo(platform, id)).toMatchObject({ note: `Edited on workstation A (${engine})`, grossLoan: 12345678.9 });

    const cursor = b.cursor();
    const from = proxy.log.length;
    const { result: summary, graphs, feedReads } = await recordExtensions(proxy, () => b.sync(proxy.origin));
    const requests = requestsSince(proxy, from);
    // A handful of requests, not ~10 per deal: a token, the deal ids, the feed from B's cursor, the one changed graph.
    expect([...requests].sort()).toEqual(['GET /getAllDealIds', 'GET /getDealChanges', 'POST /getDealGraphs', 'POST /oauth/token']);
    expect(feedReads).toEqual([{ since: true }]);
    expect(graphs).toEqual([[id]]);
    expect(summary).toMatchObject({ pulled: 1, unchanged: 0, pushed: 0, conflicts: 0 });
    expect(b.cursor()).toBeTruthy();
    expect(b.cursor()).not.toBe(cursor);
    expect(await dealInfo(b.service, id)).toMatchObject({ note: `Edited on workstation A (${engine})`, grossLoan: 12345678.9 });

    // B is current: its next sync reads the feed from the new cursor, finds nothing, keeps the cursor.
    const advanced = b.cursor();
    const { result: again, graphs: none } = await recordExtensions(proxy, () => b.sync(proxy.origin));
    expect(none).toEqual([]);
    expect(again).toMatchObject({ pulled: 0, unchanged: 0 });
    expect(b.cursor()).toBe(advanced);
  });

  test('edits of both workstations and of the platform converge: each side sees the others\' after one sync each', { timeout: 120_000 }, async () => {
    const [ofA, ofB, ofPlatform] = [ids[5]!, ids[6]!, ids[7]!];
    expect((await bulkUpdate(a.service, [{ id: ofA, updates: { SeedName: 'Renamed on A' } }])).errors).toEqual([]);
    expect((await bulkUpdate(b.service, [{ id: ofB, updates: { Priority: 'High' } }])).errors).toEqual([]);
    expect((await bulkUpdate(platform, [{ id: ofPlatform, updates: { RiskRating: '6' } }])).errors).toEqual([]);
    expect(await a.sync(proxy.origin)).toMatchObject({ pushed: 1, conflicts: 0, queued: 0 });
    expect(await b.sync(proxy.origin)).toMatchObject({ pushed: 1, conflicts: 0, queued: 0 });
    // A learns B's edit (and reads back its own push once); B already has A's and the platform's.
    const { graphs } = await recordExtensions(proxy, () => a.sync(proxy.origin));
    expect(graphs.flat().sort()).toEqual([ofA, ofB].sort());
    for (const ws of [a, b]) {
      expect((await dealInfo(ws.service, ofA)).seedName).toBe('Renamed on A');
      expect((await dealInfo(ws.service, ofB)).priority).toBe('High');
      expect((await dealInfo(ws.service, ofPlatform)).riskRating).toBe('6');
    }
  });

  test('a deal deleted on the platform reaches both workstations as a confirmed delete, read in bulk', { timeout: 120_000 }, async () => {
    const id = ids[9]!;
    // The API has no delete: the platform's store removes the deal (its graph cascades, the feed lists a Delete).
    await platform.sql('DELETE FROM deals WHERE id = ?', [id]);
    for (const ws of [a, b]) {
      const { result: summary, graphs } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
      // The Delete's getDealGraphs answers MissingEntity for it: the confirming read.
      expect(graphs.flat()).toContain(id);
      expect(summary).toMatchObject({ removed: 1, remoteDeals: DEALS - 1, conflicts: 0 });
      expect((await ws.service.api('GET', `/getDealInfo/${id}`)).body.error.code).toBe('MissingEntity');
      expect(await dealIds(ws.service)).toEqual(await dealIds(platform));
    }
  });

  test('at the end every read of every record is equal on the platform and on both workstations', { timeout: 120_000 }, async () => {
    // B reads back its own push of the last round; after that both are current.
    await b.sync(proxy.origin);
    const [onPlatform, onA, onB] = await Promise.all([readEverything(platform), readEverything(a.service), readEverything(b.service)]);
    expect(onPlatform.size).toBeGreaterThan(100);
    expect(differingReads(onPlatform, onA)).toEqual([]);
    expect(differingReads(onPlatform, onB)).toEqual([]);
    for (const ws of [a, b]) {
      const { result: summary, graphs } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
      expect(graphs).toEqual([]);
      expect(summary).toMatchObject({ pulled: 0, unchanged: 0, pushed: 0, removed: 0 });
    }
  });
});
