import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startUwServe, stop, type Running } from '../../support/cli';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../support/postgres';
import { CLIENT, fetchToken, OWNER, tempDir, type TestService } from '../../support/service';
import { bulkUpdate, dealIds, dealInfo, differingReads, readEverything } from './helpers';
import { recordExtensions, requestsSince, startWorkstation, type Workstation } from './workstations';

// The change feed across the instances of a team server (issue 17): two `uw serve --database`
// processes on ONE PostgreSQL database, behind one address (the recording proxy, pointed at
// one instance or the other, as a load balancer would). Workstation A pushes through instance
// 1, workstation B pulls through instance 2 from the feed: the feed and its cursors are the
// database's, so whichever instance answers, B reads only what changed, and a deal deleted in
// the database reaches B as a confirmed delete. At the end every read is equal everywhere.

const DEALS = 6;

let cluster: PostgresCluster;
let database: TestDatabase;
let proxy: FaultProxy;
let one: Running;
let two: Running;
let a: Workstation;
let b: Workstation;
let ids: string[];
const dirs: { remove(): void }[] = [];

/** An instance as the helpers read it (readEverything, bulkUpdate: its `api`), straight at its own port. */
function instance(running: Running, token: string): TestService {
  return {
    async api(method: string, path: string, body?: unknown) {
      const res = await fetch(`${running.origin}/api/apiGateway${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
  } as TestService;
}
let first: TestService;
let second: TestService;

beforeAll(async () => {
  [cluster, proxy] = await Promise.all([startPostgres(), startFaultProxy()]);
  database = await cluster.createDatabase({ migrated: false });
  const serve = async (extra: string[]) => {
    const dir = tempDir('uw-team-');
    dirs.push(dir);
    return startUwServe(
      ['--port', '0', '--data-dir', dir.path, '--database', database.url, '--public-url', proxy.origin, '--client', `${CLIENT.clientId}:${CLIENT.secret}`, '--user', OWNER, ...extra],
      { PGPASSWORD: cluster.password },
    );
  };
  // The first migrates the database and seeds it; the second serves what is there.
  one = await serve(['--demo', '--demo-deals', String(DEALS)]);
  two = await serve([]);
  const token = await fetchToken(one.origin, proxy.origin);
  [first, second] = [instance(one, token), instance(two, token)];
  [a, b] = await Promise.all([startWorkstation('a'), startWorkstation('b')]);
  ids = await dealIds(second);
  expect(ids).toHaveLength(DEALS);
}, 240_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  for (const r of [one, two]) if (r) await stop(r);
  await proxy?.close();
  for (const d of dirs) d.remove();
  await database?.drop();
  await cluster?.stop();
}, 60_000);

/** The proxy's address now answers from this instance. */
const through = (r: Running) => {
  proxy.target = r.origin;
};

describe('two platform instances on one PostgreSQL database', () => {
  test('A\'s first sync goes through instance 1 and B\'s through instance 2, each through the feed and one bulk read', { timeout: 120_000 }, async () => {
    for (const [ws, r] of [[a, one], [b, two]] as const) {
      through(r);
      const { result: summary, graphs } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
      expect(summary).toMatchObject({ remoteDeals: DEALS, pulled: DEALS, conflicts: 0 });
      expect(ws.remoteFeed()).toBe('yes');
      expect(graphs.flat().sort()).toEqual([...ids].sort());
    }
  });

  test('an edit A pushes through instance 1 is pulled by B through instance 2 from the feed, in a handful of requests', { timeout: 120_000 }, async () => {
    const id = ids[2]!;
    expect((await bulkUpdate(a.service, [{ id, updates: { Note: 'Pushed through instance 1', RateSpread: '2.75' } }])).errors).toEqual([]);
    through(one);
    expect(await a.sync(proxy.origin)).toMatchObject({ pushed: 2, conflicts: 0, queued: 0 });
    expect(await dealInfo(second, id)).toMatchObject({ note: 'Pushed through instance 1', rateSpread: 0.0275 });

    through(two);
    const cursor = b.cursor();
    const from = proxy.log.length;
    const { result: summary, graphs, feedReads } = await recordExtensions(proxy, () => b.sync(proxy.origin));
    // B's cursor, handed out by instance 2 before A's push, continues on instance 2 after it.
    expect(feedReads).toEqual([{ since: true }]);
    expect(graphs).toEqual([[id]]);
    expect([...requestsSince(proxy, from)].sort()).toEqual(['GET /getAllDealIds', 'GET /getDealChanges', 'POST /getDealGraphs', 'POST /oauth/token']);
    expect(summary).toMatchObject({ pulled: 1, unchanged: 0 });
    expect(b.cursor()).not.toBe(cursor);
    expect(await dealInfo(b.service, id)).toMatchObject({ note: 'Pushed through instance 1', rateSpread: 0.0275 });
  });

  test('a cursor handed out by one instance is honoured by the other: no full walk when the address moves', { timeout: 120_000 }, async () => {
    const id = ids[4]!;
    expect((await bulkUpdate(second, [{ id, updates: { SeedName: 'Renamed through instance 2' } }])).errors).toEqual([]);
    // B's cursor came from instance 2; this sync is answered by instance 1.
    through(one);
    const { result: summary, graphs, feedReads } = await recordExtensions(proxy, () => b.sync(proxy.origin));
    expect(feedReads).toEqual([{ since: true }]);
    expect(graphs).toEqual([[id]]);
    expect(summary).toMatchObject({ pulled: 1 });
    expect((await dealInfo(b.service, id)).seedName).toBe('Renamed through instance 2');
  });

  test('a deal deleted in the shared database reaches B through instance 2 as a confirmed delete', { timeout: 120_000 }, async () => {
    const id = ids[DEALS - 1]!;
    // The API has no delete: the deal goes from the database both instances serve (the feed's trigger lists a Delete).
    await database.pool.query('DELETE FROM deals WHERE id = $1', [id]);
    expect((await first.api('GET', `/getDealInfo/${id}`)).body.error.code).toBe('MissingEntity');
    through(two);
    const { result: summary, graphs } = await recordExtensions(proxy, () => b.sync(proxy.origin));
    // Its getDealGraphs answer (MissingEntity) is the read that confirms the delete.
    expect(graphs.flat()).toContain(id);
    expect(summary).toMatchObject({ removed: 1, remoteDeals: DEALS - 1, conflicts: 0 });
    expect((await b.service.api('GET', `/getDealInfo/${id}`)).body.error.code).toBe('MissingEntity');
    through(one);
    expect(await a.sync(proxy.origin)).toMatchObject({ removed: 1, remoteDeals: DEALS - 1 });
  });

  test('at the end every read is equal on both instances and both workstations, and a re-sync reads no graph', { timeout: 120_000 }, async () => {
    through(two);
    const [viaOne, viaTwo, onA, onB] = await Promise.all([readEverything(first), readEverything(second), readEverything(a.service), readEverything(b.service)]);
    expect(viaOne.size).toBeGreaterThan(50);
    expect(differingReads(viaOne, viaTwo)).toEqual([]);
    expect(differingReads(viaOne, onA)).toEqual([]);
    expect(differingReads(viaOne, onB)).toEqual([]);
    for (const ws of [a, b]) {
      const { result: summary, graphs } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
      // A reads back its own push of the second test once at most; nothing else changed.
      expect(graphs.flat().filter((id) => id !== ids[2])).toEqual([]);
      expect(summary).toMatchObject({ pulled: 0, pushed: 0, removed: 0 });
    }
  });
});
