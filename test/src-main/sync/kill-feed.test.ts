import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeDb, openDb } from '../../../src-main/store/db';
import { FEED_CURSOR_KEY, getSyncState, setSyncState } from '../../../src-main/store/sync-state';
import { STORE_FILE } from '../../../src-main/server/service';
import { startFaultProxy, type FaultProxy, type ProxyLogEntry } from '../../support/fault-proxy';
import { CLIENT, startTestService, tempDir, type TestService } from '../../support/service';
import { bulkUpdate, dealIds, differingReads, readEverything } from './helpers';

// Kill test of a pull through the change feed at exact points: the sync process (kill-child.ts,
// the CLI's sync with the feed paged 4 changes a page and 2 deals a getDealGraphs call) SIGKILLs
// itself after a feed page is read, in the middle of a pull transaction, right before and right
// after the transaction that stores a page's cursor. Every request goes through a proxy that
// counts them. After each kill the next run must ask the feed from the cursor last stored (never
// from the beginning again, never a single graph read), and once a run completes both sides read
// the same. A cursor the platform refuses gives exactly one full walk, even when that walk is
// itself killed.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CHILD = join(import.meta.dirname, 'kill-child.ts');
const DEALS = 12;
const FEED_ENDPOINTS = /^\/(oauth\/token|api\/apiGateway\/(getAllDealIds|getDealChanges|getDealGraphs))(\?|$)/;

let remote: TestService;
let proxy: FaultProxy;
let ids: string[];
const data = tempDir('uw-sync-kill-feed-');

beforeAll(async () => {
  proxy = await startFaultProxy();
  remote = await startTestService({ demoDeals: DEALS, publicUrl: proxy.origin });
  proxy.target = remote.origin;
  ids = await dealIds(remote);
}, 60_000);

afterAll(async () => {
  await remote?.stop();
  await proxy?.close();
  data.remove();
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** Where the kill landed (the child's KILL line), if it did. */
  killed: { point: string; detail: string } | null;
  requests: ProxyLogEntry[];
}

async function syncProcess(kill?: { point: string; nth: number }): Promise<Run> {
  const from = proxy.log.length;
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: {
      ...process.env,
      UW_DATA_DIR: data.path,
      UW_REMOTE: proxy.origin,
      UW_CLIENT_ID: CLIENT.clientId,
      UW_CLIENT_SECRET: CLIENT.secret,
      UW_FEED_CHANGES: '4',
      UW_FEED_GRAPHS: '2',
      ...(kill ? { UW_KILL_POINT: kill.point, UW_KILL_NTH: String(kill.nth) } : {}),
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  const line = /^KILL (\S+) (.*)$/m.exec(stderr);
  return { code, signal, stderr, killed: line ? { point: line[1]!, detail: line[2]! } : null, requests: proxy.log.slice(from) };
}

function storedCursor(): string | undefined {
  const db = openDb({ file: join(data.path, STORE_FILE) });
  try {
    return getSyncState(db, FEED_CURSOR_KEY);
  } finally {
    closeDb(db);
  }
}

function localNote(dealId: string): unknown {
  const db = openDb({ file: join(data.path, STORE_FILE) });
  try {
    return (db.$client.prepare('SELECT note FROM deals WHERE id = ?').get(dealId) as { note: unknown } | undefined)?.note;
  } finally {
    closeDb(db);
  }
}

function storeCursor(cursor: string): void {
  const db = openDb({ file: join(data.path, STORE_FILE) });
  try {
    setSyncState(db, FEED_CURSOR_KEY, cursor);
  } finally {
    closeDb(db);
  }
}

/** The change number a cursor stands at (cursors are base64url of [store, number, deal]). */
const seqOf = (cursor: string | undefined): number => (cursor === undefined ? 0 : (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, number, string])[1]);

/** The feed reads of a run (not the one-change probe), by their `since` (undefined: from the beginning). */
function feedReads(run: Run): (string | undefined)[] {
  return run.requests
    .filter((r) => r.path.includes('/getDealChanges?') && !/[?&]limit=1(&|$)/.test(r.path))
    .map((r) => new URLSearchParams(r.path.split('?')[1]).get('since') ?? undefined);
}

/** The deals each getDealGraphs call of `work` asked for. */
async function graphCalls<T>(work: () => Promise<T>): Promise<{ result: T; asked: string[][] }> {
  const asked: string[][] = [];
  proxy.beforeForward = (request) => {
    if (request.path.includes('/getDealGraphs')) asked.push((JSON.parse(request.body) as { dealIds: string[] }).dealIds);
  };
  try {
    return { result: await work(), asked };
  } finally {
    proxy.beforeForward = null;
  }
}

async function expectEveryReadEqual(): Promise<void> {
  const check = await startTestService({ dataDir: data.path });
  try {
    expect(await dealIds(check)).toEqual(await dealIds(remote));
    const [a, b] = await Promise.all([readEverything(remote), readEverything(check)]);
    expect(differingReads(a, b)).toEqual([]);
  } finally {
    await check.stop();
  }
}

describe('a sync process killed at exact points of a pull through the change feed', () => {
  test('each next run resumes from the last stored cursor (no full walk, no single read), and the last one converges', async () => {
    // Platform edits between the runs move deals of the first pages to the feed's end.
    const kills = [
      { point: 'after-cursor-commit', nth: 1, editBefore: null },
      { point: 'after-feed-page', nth: 1, editBefore: 0 },
      { point: 'mid-apply', nth: 20, editBefore: 1 },
      { point: 'before-cursor-commit', nth: 1, editBefore: null },
    ];
    let previous: string | undefined;
    for (const [i, kill] of kills.entries()) {
      if (kill.editBefore !== null) expect((await bulkUpdate(remote, [{ id: ids[kill.editBefore]!, updates: { Note: `edited before kill ${i}` } }])).errors).toEqual([]);
      const before = storedCursor();
      const run = await syncProcess(kill);
      const where = `kill ${i} (${kill.point} #${kill.nth})`;
      expect(run.signal, `${where}: ${run.stderr}`).toBe('SIGKILL');
      expect(run.killed?.point, where).toBe(kill.point);
      // It read the feed from the cursor stored when it started, and nothing but the feed and bulk reads.
      expect(feedReads(run)[0], where).toBe(before);
      expect(run.requests.filter((r) => !FEED_ENDPOINTS.test(r.path)), where).toEqual([]);
      const after = storedCursor();
      if (kill.point === 'before-cursor-commit') {
        // Killed inside the transaction that wrote it: rolled back with the deals it carried.
        expect(after, where).toBe(before);
        expect(after, where).not.toBe(run.killed!.detail);
      }
      if (kill.point === 'after-cursor-commit') expect(after, where).toBe(run.killed!.detail);
      // The cursor only moves forward.
      expect(seqOf(after), where).toBeGreaterThanOrEqual(seqOf(previous));
      previous = after;
    }
    expect(previous, 'a cursor was stored before the last kill').toBeDefined();

    // A run left alone, with a platform edit made while its graphs are read: it resumes from the
    // stored cursor, reads only what the feed lists after it, and completes.
    const before = storedCursor();
    let editedMidPull = false;
    const { result: done, asked } = await graphCalls(async () => {
      const recording = proxy.beforeForward!;
      proxy.beforeForward = async (request) => {
        recording(request);
        if (!editedMidPull && request.path.includes('/getDealGraphs')) {
          editedMidPull = true;
          await bulkUpdate(remote, [{ id: ids[DEALS - 1]!, updates: { Note: 'edited while the pull runs' } }]);
        }
      };
      return syncProcess();
    });
    expect(done.code, done.stderr).toBe(0);
    expect(editedMidPull).toBe(true);
    expect(feedReads(done)[0]).toBe(before);
    expect(feedReads(done)).not.toContain(undefined);
    expect(done.requests.filter((r) => !FEED_ENDPOINTS.test(r.path))).toEqual([]);
    expect(asked.flat().length).toBeLessThan(DEALS);
    expect(seqOf(storedCursor())).toBeGreaterThanOrEqual(seqOf(before));

    // The edit made during that pull is not skipped: a feed page read after it listed it (the next
    // page is read while this one's graphs are), or it is after the stored cursor and the next
    // run reads that deal, and only it.
    const pulledAlready = localNote(ids[DEALS - 1]!) === 'edited while the pull runs';
    const next = await graphCalls(() => syncProcess());
    expect(next.result.code, next.result.stderr).toBe(0);
    expect(next.asked).toEqual(pulledAlready ? [] : [[ids[DEALS - 1]]]);
    expect(localNote(ids[DEALS - 1]!)).toBe('edited while the pull runs');
    const quiet = await graphCalls(() => syncProcess());
    expect(quiet.result.code).toBe(0);
    expect(quiet.asked).toEqual([]);
    await expectEveryReadEqual();
  }, 150_000);

  test('a cursor the platform refuses gives exactly one full walk, even when that walk is killed midway', async () => {
    // A cursor of another store behind the same address (as after the platform was replaced).
    storeCursor(Buffer.from(JSON.stringify(['another-store', 7, ids[3]])).toString('base64url'));
    await bulkUpdate(remote, [{ id: ids[5]!, updates: { Note: 'edited before the refused cursor' } }]);
    const killed = await graphCalls(() => syncProcess({ point: 'after-cursor-commit', nth: 2 }));
    expect(killed.result.signal, killed.result.stderr).toBe('SIGKILL');
    expect(feedReads(killed.result).slice(0, 2)).toEqual([expect.stringMatching(/./), undefined]);
    expect(storedCursor()).toBe(killed.result.killed!.detail);

    const resumed = await graphCalls(() => syncProcess());
    expect(resumed.result.code, resumed.result.stderr).toBe(0);
    // The walk resumes from its own page's cursor: the feed is read from the beginning once in all.
    expect(feedReads(resumed.result)[0]).toBe(killed.result.killed!.detail);
    expect([...feedReads(killed.result), ...feedReads(resumed.result)].filter((s) => s === undefined)).toHaveLength(1);
    for (const run of [killed.result, resumed.result]) expect(run.requests.filter((r) => !FEED_ENDPOINTS.test(r.path))).toEqual([]);
    // Every deal read once by the walk, the ones of the page the kill interrupted at most twice.
    const walked = [...killed.asked.flat(), ...resumed.asked.flat()];
    expect(new Set(walked)).toEqual(new Set(ids));
    expect(resumed.asked.flat().length).toBeLessThan(DEALS);

    const after = await graphCalls(() => syncProcess());
    expect(after.result.code).toBe(0);
    expect(feedReads(after.result)).not.toContain(undefined);
    expect(after.asked).toEqual([]);
    await expectEveryReadEqual();
  }, 120_000);
});
