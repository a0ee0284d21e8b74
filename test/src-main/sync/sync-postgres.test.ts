import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testCluster } from '../../support/service';
import { bulkUpdate, dealIds, dealInfo, differingReads, outboxRows, readEverything, startPair, type Pair } from './helpers';

// A workstation on SQLite syncing with a platform served on PostgreSQL (the team server of
// `uw serve --database`): the first sync through the platform's change feed and bulk graph
// reads, then an edit on each side and a sync that brings both sides to the same reads.

const DEMO = 8;

describe('a SQLite workstation syncing with a platform on PostgreSQL', () => {
  let pair: Pair;
  let ids: string[];
  // The pair's 5 s request timeout is meant for the fault proxy's tests; a platform on PostgreSQL
  // on a loaded CI machine may take longer to answer a bulk graph read.
  const sync = () => pair.sync({ timeoutMs: 60_000 });

  beforeAll(async () => {
    // The last test restarts the server: a cluster of this file's own, not the run's shared one.
    await testCluster({ own: true });
    pair = await startPair({ demoDeals: DEMO, remoteEngine: 'postgres', useExtensions: true });
    expect(pair.remote.engine).toBe('postgres');
    expect(pair.local.engine).toBe('sqlite');
    ids = await dealIds(pair.remote);
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
  }, 60_000);

  test('the first sync copies the platform portfolio so that every read of the workstation equals the platform', { timeout: 120_000 }, async () => {
    const first = await sync();
    expect(first).toMatchObject({ remoteDeals: DEMO, pulled: DEMO, unchanged: 0, conflicts: 0, rejected: 0, queued: 0, inexact: 0 });
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(remote.size).toBeGreaterThan(100);
    expect(differingReads(remote, local)).toEqual([]);
    // Through the change feed: a second sync finds nothing to pull.
    expect(await sync()).toMatchObject({ pulled: 0, unchanged: 0, pushed: 0, removed: 0 });
  });

  test('an edit on each side converges after one sync, and every read is equal on both sides', { timeout: 120_000 }, async () => {
    const [mine, theirs] = [ids[0]!, ids[1]!];
    const local = await bulkUpdate(pair.local, [{ id: mine, updates: { GrossLoan: '12345678.9', RateSpread: '2.75', Note: 'Edited on the workstation' } }]);
    expect(local.errors).toEqual([]);
    const remote = await bulkUpdate(pair.remote, [{ id: theirs, updates: { SeedName: 'Renamed on the platform', Priority: 'High' } }]);
    expect(remote.errors).toEqual([]);
    expect(outboxRows(pair.local)).toHaveLength(3);

    const summary = await sync();
    expect(summary).toMatchObject({ pushed: 3, pulled: 1, conflicts: 0, rejected: 0, queued: 0 });
    expect(outboxRows(pair.local)).toEqual([]);
    const pushed = await dealInfo(pair.remote, mine);
    expect([pushed.grossLoan, pushed.rateSpread, pushed.note]).toEqual([12345678.9, 0.0275, 'Edited on the workstation']);
    const pulled = await dealInfo(pair.local, theirs);
    expect([pulled.seedName, pulled.priority]).toEqual(['Renamed on the platform', 'High']);

    const [remoteReads, localReads] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remoteReads, localReads)).toEqual([]);
    // Converged: the next sync pulls only what the push itself changed on the platform, and changes nothing.
    const again = await sync();
    expect(again).toMatchObject({ pulled: 0, pushed: 0, conflicts: 0, queued: 0 });
  });

  test('a PostgreSQL restart during a sync: the request in flight answers 503 in the envelope, the server reconnects, and the next sync converges', { timeout: 180_000 }, async () => {
    const cluster = await testCluster();
    const [{ name }] = await pair.remote.sql<{ name: string }>('SELECT current_database() AS name');
    const id = ids[2]!;
    expect((await bulkUpdate(pair.remote, [{ id, updates: { SeedName: 'Renamed before the restart' } }])).errors).toEqual([]);

    // The test locks the deals table: the platform's reads of it wait, in flight, until the restart.
    const holder = cluster.pool(name, { max: 1 });
    const client = await holder.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE deals IN ACCESS EXCLUSIVE MODE');
    const inFlight = pair.remote.api('GET', `/getDealInfo/${id}`);
    const syncing = sync().catch((error: unknown) => error);
    const admin = cluster.pool('postgres', { max: 1 });
    for (let i = 0; ; i++) {
      const { rowCount } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'", [name]);
      if (rowCount) break;
      if (i > 1200) throw new Error('no request of the platform waited on the lock');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cluster.restart('fast');
    client.release(true);

    // The request in flight either answers 503 in the envelope naming the cause, or (its
    // connection replaced after the restart) the deal as it is: never a bare 500.
    const answer = await inFlight;
    if (answer.status === 503) expect(answer.body).toMatchObject({ success: false, error: { message: expect.stringMatching(/database/) } });
    else expect([answer.status, answer.body.seedName]).toEqual([200, 'Renamed before the restart']);
    console.info(`in-flight request across the PostgreSQL restart: HTTP ${answer.status}`);
    await syncing; // it may fail or, retrying, get through: the next sync is what must complete

    const after = await sync();
    expect(after).toMatchObject({ conflicts: 0, rejected: 0, queued: 0 });
    expect((await dealInfo(pair.local, id)).seedName).toBe('Renamed before the restart');
    const [remoteReads, localReads] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remoteReads, localReads)).toEqual([]);
  });
});
