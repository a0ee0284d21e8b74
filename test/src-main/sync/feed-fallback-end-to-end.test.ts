import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STORE_FILE } from '../../../src-main/server/service';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { PG_BIN, type TestDatabase } from '../../support/postgres';
import { startTestService, tempDir, testCluster, type Engine, type TestService } from '../../support/service';
import { bulkUpdate, dealIds, dealInfo, differingReads, readEverything } from './helpers';
import { recordExtensions, requestsSince, startWorkstation, type Workstation } from './workstations';

// The fallbacks of the sync client end to end (issue 17), on a platform of each storage engine:
// - a platform without the change feed and the bulk graph reads (as the Blooma platform: both
//   routes answer 404, here from a proxy in front of ours, which has no switch to turn them off):
//   two workstations learn it once, walk every graph, and converge;
// - a platform restored from a backup older than a workstation's cursor: the cursor is refused
//   (ValidationError on `since`), and the workstation makes exactly one full walk (the feed from
//   its beginning, in bulk), comes back to the platform's restored state, and then reads only
//   what changes again.

const run = promisify(execFile);
const DEALS = 5;
const EXTENSIONS = /\/getDeal(Changes|Graphs)\b/;

describe.each<Engine>(['sqlite', 'postgres'])('a platform on %s without the extensions', (engine) => {
  let proxy: FaultProxy;
  let platform: TestService;
  let a: Workstation;
  let b: Workstation;
  let ids: string[];

  beforeAll(async () => {
    proxy = await startFaultProxy();
    platform = await startTestService({ engine, demoDeals: DEALS, publicUrl: proxy.origin });
    proxy.target = platform.origin;
    // A platform that does not know the two endpoints answers 404 for them.
    proxy.inject({ path: EXTENSIONS, fault: { kind: 'status', status: 404 }, times: Infinity });
    [a, b] = await Promise.all([startWorkstation('a'), startWorkstation('b')]);
    ids = await dealIds(platform);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await platform?.stop();
    await proxy?.close();
  }, 60_000);

  test('each workstation asks once, learns that the platform has no feed, and walks every graph', { timeout: 120_000 }, async () => {
    for (const ws of [a, b]) {
      const from = proxy.log.length;
      expect(await ws.sync(proxy.origin)).toMatchObject({ remoteDeals: DEALS, pulled: DEALS, conflicts: 0 });
      expect(ws.remoteFeed()).toBe('no');
      expect(ws.cursor()).toBeUndefined();
      const requests = requestsSince(proxy, from);
      expect(requests.filter((r) => r === 'GET /getDealChanges')).toHaveLength(1);
      expect(requests.filter((r) => r === 'POST /getDealGraphs')).toEqual([]);
      expect(requests.filter((r) => r === 'GET /getDealInfo')).toHaveLength(DEALS);
    }
  });

  test('an edit of workstation A reaches workstation B by the full walk, without asking for the feed again', { timeout: 120_000 }, async () => {
    const id = ids[1]!;
    expect((await bulkUpdate(a.service, [{ id, updates: { Note: `Edited on A, no feed (${engine})` } }])).errors).toEqual([]);
    expect(await a.sync(proxy.origin)).toMatchObject({ pushed: 1, conflicts: 0, queued: 0 });
    const from = proxy.log.length;
    expect(await b.sync(proxy.origin)).toMatchObject({ pulled: 1, unchanged: DEALS - 1 });
    const requests = requestsSince(proxy, from);
    expect(requests.filter((r) => /getDeal(Changes|Graphs)$/.test(r))).toEqual([]);
    // Every deal's graph read again, changed or not: the cost the feed saves.
    expect(requests.filter((r) => r === 'GET /getDealInfo')).toHaveLength(DEALS);
    expect((await dealInfo(b.service, id)).note).toBe(`Edited on A, no feed (${engine})`);
  });

  test('a deal deleted on the platform is removed from both once its read confirms it, and every read ends equal on all three', { timeout: 120_000 }, async () => {
    const id = ids[3]!;
    await platform.sql('DELETE FROM deals WHERE id = ?', [id]);
    for (const ws of [a, b]) expect(await ws.sync(proxy.origin)).toMatchObject({ removed: 1, remoteDeals: DEALS - 1, conflicts: 0 });
    const [onPlatform, onA, onB] = await Promise.all([readEverything(platform), readEverything(a.service), readEverything(b.service)]);
    expect(onPlatform.size).toBeGreaterThan(40);
    expect(differingReads(onPlatform, onA)).toEqual([]);
    expect(differingReads(onPlatform, onB)).toEqual([]);
    expect(proxy.faultsApplied()).toEqual({ 'status-404': 2 });
  });
});

describe.each<Engine>(['sqlite', 'postgres'])('a platform on %s restored from a backup older than a workstation\'s cursor', (engine) => {
  let proxy: FaultProxy;
  let ws: Workstation;
  const dirs: { path: string; remove(): void }[] = [];
  const databases: TestDatabase[] = [];
  let platform: TestService;

  /** The platform over its own store: a data directory (SQLite) or a database (PostgreSQL), so that it can be backed up and restored. */
  async function serve(store: { dir?: string; database?: TestDatabase }, demoDeals?: number): Promise<TestService> {
    const dir = store.dir ?? (dirs[dirs.push(tempDir('uw-platform-')) - 1]!.path);
    return startTestService({ engine, dataDir: dir, ...(store.database ? { database: store.database } : {}), ...(demoDeals ? { demoDeals } : {}), publicUrl: proxy.origin });
  }

  beforeAll(async () => {
    proxy = await startFaultProxy();
    let database: TestDatabase | undefined;
    if (engine === 'postgres') {
      database = await (await testCluster()).createDatabase();
      // Its own store identity (the template's copies share one), as a database migrated afresh.
      await database.pool.query("UPDATE change_feed SET store_id = replace(gen_random_uuid()::text, '-', '')");
      databases.push(database);
    }
    platform = await serve({ database }, DEALS);
    proxy.target = platform.origin;
    ws = await startWorkstation('c');
  }, 120_000);

  afterAll(async () => {
    await ws?.stop();
    await platform?.stop();
    await proxy?.close();
    for (const d of databases) await d.drop();
    for (const d of dirs) d.remove();
  }, 60_000);

  /** A backup of the platform's store as it is now: SQLite's online backup to a new data directory, or a copy of the database. */
  async function backup(): Promise<{ dir?: string; database?: TestDatabase }> {
    if (engine === 'sqlite') {
      const dir = tempDir('uw-platform-backup-');
      dirs.push(dir);
      await platform.db.$client.backup(join(dir.path, STORE_FILE));
      return { dir: dir.path };
    }
    // CREATE DATABASE ... TEMPLATE: a copy with everything in it, the change feed's identity included (as pg_dump / pg_restore would copy it).
    const copy = await (await testCluster()).createDatabase({ from: databases.at(-1)! });
    databases.push(copy);
    return { database: copy };
  }

  test('refuses the cursor, and the workstation makes exactly one full walk, back to the restored state; then only the changes again', { timeout: 120_000 }, async () => {
    expect(await ws.sync(proxy.origin)).toMatchObject({ pulled: DEALS });
    const ids = await dealIds(platform);
    const saved = await backup();
    // After the backup: an edit the workstation pulls (its cursor moves past the backup's last change).
    expect((await bulkUpdate(platform, [{ id: ids[2]!, updates: { Note: 'after the backup' } }])).errors).toEqual([]);
    expect(await ws.sync(proxy.origin)).toMatchObject({ pulled: 1 });
    expect((await dealInfo(ws.service, ids[2]!)).note).toBe('after the backup');
    const cursor = ws.cursor();

    // The platform is restored from the backup, behind the same address.
    await platform.stop();
    platform = await serve(saved);
    proxy.target = platform.origin;
    expect((await dealInfo(platform, ids[2]!)).note).not.toBe('after the backup');

    const from = proxy.log.length;
    const { result: summary, graphs, feedReads } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
    // The cursor refused (ValidationError on since), then the feed once from its beginning: every deal read once, in bulk.
    expect(feedReads).toEqual([{ since: true }, { since: false }]);
    expect(graphs.flat().sort()).toEqual([...ids].sort());
    expect(requestsSince(proxy, from).filter((r) => r === 'GET /getDealInfo')).toEqual([]);
    expect(summary).toMatchObject({ remoteDeals: DEALS, pulled: 1, unchanged: DEALS - 1, conflicts: 0 });
    expect(ws.cursor()).not.toBe(cursor);
    expect((await dealInfo(ws.service, ids[2]!)).note).toBe((await dealInfo(platform, ids[2]!)).note);
    const [onPlatform, onWorkstation] = await Promise.all([readEverything(platform), readEverything(ws.service)]);
    expect(differingReads(onPlatform, onWorkstation)).toEqual([]);

    // The new cursor is good: a change on the restored platform is read alone, then nothing.
    expect((await bulkUpdate(platform, [{ id: ids[0]!, updates: { Priority: 'High' } }])).errors).toEqual([]);
    const next = await recordExtensions(proxy, () => ws.sync(proxy.origin));
    expect(next.feedReads).toEqual([{ since: true }]);
    expect(next.graphs).toEqual([[ids[0]!]]);
    const quiet = await recordExtensions(proxy, () => ws.sync(proxy.origin));
    expect(quiet.graphs).toEqual([]);
  });

  test('refuses the cursor even when the restored platform has numbered more changes since than the cursor\'s, and nothing the restore undid is lost', { timeout: 120_000 }, async () => {
    const ids = await dealIds(platform);
    const saved = await backup();
    expect((await bulkUpdate(platform, [{ id: ids[3]!, updates: { Note: 'after the second backup' } }])).errors).toEqual([]);
    expect(await ws.sync(proxy.origin)).toMatchObject({ pulled: 1 });
    const cursorSeq = (JSON.parse(Buffer.from(ws.cursor()!, 'base64url').toString('utf8')) as [string, number, string])[1];

    await platform.stop();
    platform = await serve(saved);
    proxy.target = platform.origin;
    // Work on the restored platform (on other deals) takes its feed past the cursor: by numbers alone, the cursor looks continuable.
    for (let i = 0; (await platform.sql<{ seq: number }>('SELECT seq FROM change_feed'))[0]!.seq <= cursorSeq; i++) {
      expect((await bulkUpdate(platform, [{ id: ids[0]!, updates: { Note: `after the second restore ${i}` } }])).errors).toEqual([]);
    }

    const { result: summary, graphs, feedReads } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
    expect(feedReads).toEqual([{ since: true }, { since: false }]);
    expect(graphs.flat().sort()).toEqual([...ids].sort());
    expect(summary).toMatchObject({ remoteDeals: DEALS, conflicts: 0 });
    expect((await dealInfo(ws.service, ids[3]!)).note).toBe((await dealInfo(platform, ids[3]!)).note);
    const [onPlatform, onWorkstation] = await Promise.all([readEverything(platform), readEverything(ws.service)]);
    expect(differingReads(onPlatform, onWorkstation)).toEqual([]);
  });
});

describe('a PostgreSQL platform restored by the README\'s procedure (pg_dump, pg_restore into an empty database), then written to past the workstation\'s cursor', () => {
  let proxy: FaultProxy;
  let ws: Workstation;
  let platform: TestService;
  const dirs: { remove(): void }[] = [];
  const databases: TestDatabase[] = [];
  const serve = (database: TestDatabase, demoDeals?: number) => {
    const dir = tempDir('uw-platform-');
    dirs.push(dir);
    return startTestService({ engine: 'postgres', dataDir: dir.path, database, ...(demoDeals ? { demoDeals } : {}), publicUrl: proxy.origin });
  };

  beforeAll(async () => {
    proxy = await startFaultProxy();
    const database = await (await testCluster()).createDatabase();
    await database.pool.query("UPDATE change_feed SET store_id = replace(gen_random_uuid()::text, '-', '')");
    databases.push(database);
    platform = await serve(database, DEALS);
    proxy.target = platform.origin;
    ws = await startWorkstation('d');
  }, 120_000);

  afterAll(async () => {
    await ws?.stop();
    await platform?.stop();
    await proxy?.close();
    for (const d of databases) await d.drop();
    for (const d of dirs) d.remove();
  }, 60_000);

  test('refuses the cursor although the restored feed has grown past it, so the workstation walks once and loses no change', { timeout: 120_000 }, async () => {
    const cluster = await testCluster();
    expect(await ws.sync(proxy.origin)).toMatchObject({ pulled: DEALS });
    const ids = await dealIds(platform);
    const dumpDir = tempDir('uw-platform-dump-');
    dirs.push(dumpDir);
    const dump = join(dumpDir.path, 'uw.dump');
    const pgEnv = { ...process.env, PGPASSWORD: cluster.password };
    const connect = ['--host', '127.0.0.1', '--port', String(cluster.port), '--username', cluster.user];
    await run(join(PG_BIN, 'pg_dump'), [...connect, '--format=custom', '--file', dump, databases[0]!.name], { env: pgEnv });

    expect((await bulkUpdate(platform, [{ id: ids[2]!, updates: { Note: 'after the backup' } }])).errors).toEqual([]);
    expect(await ws.sync(proxy.origin)).toMatchObject({ pulled: 1 });
    const cursorSeq = (JSON.parse(Buffer.from(ws.cursor()!, 'base64url').toString('utf8')) as [string, number, string])[1];

    await platform.stop();
    const restored = await cluster.createDatabase({ migrated: false });
    databases.push(restored);
    await run(join(PG_BIN, 'pg_restore'), [...connect, '--dbname', restored.name, dump], { env: pgEnv });
    platform = await serve(restored);
    proxy.target = platform.origin;
    // Work on the restored platform takes its feed past the workstation's cursor: by numbers alone, the cursor looks continuable.
    for (let i = 0; (await platform.sql<{ seq: number }>('SELECT seq FROM change_feed'))[0]!.seq <= cursorSeq; i++) {
      expect((await bulkUpdate(platform, [{ id: ids[0]!, updates: { Note: `after the restore ${i}` } }])).errors).toEqual([]);
    }

    const { result: summary, feedReads, graphs } = await recordExtensions(proxy, () => ws.sync(proxy.origin));
    expect(feedReads).toEqual([{ since: true }, { since: false }]);
    expect(graphs.flat().sort()).toEqual([...ids].sort());
    expect(summary).toMatchObject({ conflicts: 0, remoteDeals: DEALS });
    // The edit the restore undid is undone on the workstation too.
    expect((await dealInfo(ws.service, ids[2]!)).note).toBe((await dealInfo(platform, ids[2]!)).note);
    const [onPlatform, onWorkstation] = await Promise.all([readEverything(platform), readEverything(ws.service)]);
    expect(differingReads(onPlatform, onWorkstation)).toEqual([]);
  });
});
