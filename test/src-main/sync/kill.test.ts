import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeDb, openDb } from '../../../src-main/store/db';
import { outboxEntries, type OutboxEntry } from '../../../src-main/store/sync-outbox';
import { STORE_FILE } from '../../../src-main/server/service';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { CLIENT, OWNER, startTestService, tempDir, type TestService } from '../../support/service';
import { CREATE_BODY, bulkUpdate, dealIds, dealInfo, differingReads, readEverything } from './helpers';

// Kill test: `uw sync` (the real CLI, its build as `npm run uw` runs it) is SIGKILLed at random points of a
// large sync (150 deals), restarted, killed again, and finally let finish. Whatever the points,
// nothing committed is lost, no edit is applied twice, no deal is created twice, and once a run
// completes both sides read the same.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const UW = join(ROOT, 'scripts', 'uw.mjs');
const DEALS = 150;

let remote: TestService;
let proxy: FaultProxy;
const data = tempDir('uw-sync-kill-');

beforeAll(async () => {
  proxy = await startFaultProxy();
  remote = await startTestService({ demoDeals: DEALS, publicUrl: proxy.origin });
  proxy.target = remote.origin;
}, 60_000);

afterAll(async () => {
  await remote?.stop();
  await proxy?.close();
  data.remove();
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

/** Runs `uw sync`; `killWhen` may SIGKILL it when a line of its output satisfies it. */
async function uwSync(extra: string[], killWhen?: (line: string, lines: string[]) => number | null, target = { dir: data.path, fullWalk: true }): Promise<Run> {
  // scripts/uw.mjs runs the build in its own process (npm left out: it would run node as a
  // child of its own, and a SIGKILL must reach the process that syncs).
  // --full-walk: the first test's kills land at random tenths of a pull that reads every deal; the second test pulls through the feed.
  const walk = target.fullWalk ? ['--full-walk'] : [];
  const child = spawn(process.execPath, [UW, 'sync', '--data-dir', target.dir, '--remote', proxy.origin, '--client-id', CLIENT.clientId, ...walk, ...extra], {
    cwd: ROOT,
    env: { ...process.env, UW_CLIENT_SECRET: CLIENT.secret },
  });
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  let armed = true;
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      const delay = armed && killWhen ? killWhen(line, lines) : null;
      if (delay !== null) {
        armed = false;
        setTimeout(() => child.kill('SIGKILL'), delay);
      }
    }
  });
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { code, signal, lines, stderr };
}

const random = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

function localOutbox(): OutboxEntry[] {
  const db = openDb({ file: join(data.path, STORE_FILE) });
  try {
    return outboxEntries(db);
  } finally {
    closeDb(db);
  }
}

test('SIGKILL of uw sync at random points of a 150-deal sync, restarted each time: nothing is lost, duplicated or applied twice', async () => {
  // 1. The first pull, killed at a random tenth of the way, then completed.
  for (let i = 0; i < 1; i++) {
    const tenth = random(1, 6);
    const run = await uwSync([], (line) => (new RegExp(`^pull: ${Math.round((tenth * DEALS) / 10)}/`).test(line) ? random(0, 200) : null));
    expect(run.signal === 'SIGKILL' || run.code === 0, run.stderr).toBe(true);
  }
  const first = await uwSync([]);
  expect(first.code, first.stderr).toBe(0);
  expect(first.lines.at(-1)).toMatch(/^sync complete: 150 deals on the platform; pulled \d+, unchanged \d+, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 0 /);
  const [pulled, unchanged] = /pulled (\d+), unchanged (\d+)/.exec(first.lines.at(-1)!)!.slice(1).map(Number);
  expect(pulled! + unchanged!).toBe(DEALS);

  // 2. Local edits on 40 deals and two deals created offline, pushed by runs killed at random points.
  const ids = await dealIds(remote);
  const edited = ids.slice(0, 40);
  const expected = new Map(edited.map((id, i) => [id, { Note: `kill-test note ${i}`, GrossLoan: String(1_000_000 + i * 12_345) }]));
  const local = await startTestService({ dataDir: data.path, users: [OWNER] });
  try {
    const body = await bulkUpdate(local, [...expected].map(([id, updates]) => ({ id, updates })));
    expect(body.errors).toEqual([]);
    for (const [n, address] of [['One', '3100 Kill Test Ave, Austin, TX 78704'], ['Two', '3200 Kill Test Ave, Austin, TX 78704']]) {
      const created = await local.api('POST', '/createResidentialDeal', { ...CREATE_BODY, dealName: `Kill Test ${n}`, address: { fullAddress: address } });
      expect(created.body.success).toBe(true);
    }
  } finally {
    await local.stop();
  }
  expect(localOutbox()).toHaveLength(82);

  proxy.latencyMs = 10; // a slower network: the push takes long enough to be cut anywhere
  for (let i = 0; i < 2; i++) {
    const run = await uwSync(['--push-only'], (line) => (/^push: /.test(line) || /^connect: /.test(line) ? random(0, 1_500) : null));
    expect(run.signal === 'SIGKILL' || run.code === 0, run.stderr).toBe(true);
    // After every kill: each edit is either still queued or already on the platform, never gone.
    const queued = localOutbox();
    expect(queued.filter((r) => r.status === 'rejected' || r.status === 'conflict')).toEqual([]);
    for (const [id, updates] of expected) {
      const remoteDeal = await dealInfo(remote, id);
      const onPlatform = remoteDeal.note === updates.Note && remoteDeal.grossLoan === Number(updates.GrossLoan);
      const waiting = queued.some((r) => r.entityId === id);
      expect(onPlatform || waiting, `deal ${id}`).toBe(true);
    }
    const names = (await Promise.all((await dealIds(remote)).slice(DEALS).map((id) => dealInfo(remote, id)))).map((d) => d.seedName);
    expect(names.filter((n) => n === 'Kill Test One').length).toBeLessThanOrEqual(1);
    expect(names.filter((n) => n === 'Kill Test Two').length).toBeLessThanOrEqual(1);
  }
  proxy.latencyMs = 0;

  // 3. A run left alone completes, and a full sync after it has nothing left to do.
  const push = await uwSync(['--push-only']);
  expect(push.code, push.stderr).toBe(0);
  const full = await uwSync([]);
  expect(full.code, full.stderr).toBe(0);
  expect(full.lines.at(-1)).toMatch(/^sync complete: 152 deals on the platform; pulled 0, unchanged 152, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 0 /);
  expect(localOutbox()).toEqual([]);

  const remoteIds = await dealIds(remote);
  expect(remoteIds).toHaveLength(DEALS + 2);
  const created = await Promise.all(remoteIds.slice(DEALS).map((id) => dealInfo(remote, id)));
  expect(created.map((d) => d.seedName).sort()).toEqual(['Kill Test One', 'Kill Test Two']);
  for (const [id, updates] of expected) {
    const d = await dealInfo(remote, id);
    expect([d.note, d.grossLoan]).toEqual([updates.Note, Number(updates.GrossLoan)]);
  }

  // Both sides read the same: every deal, and the whole graph of a sample of them.
  const check = await startTestService({ dataDir: data.path });
  try {
    expect(await dealIds(check)).toEqual(remoteIds);
    const sample = [...remoteIds.slice(DEALS), ...edited.slice(0, 4), ...remoteIds.slice(40).filter((_, i) => i % 20 === 0)];
    const [a, b] = await Promise.all([readEverything(remote, sample), readEverything(check, sample)]);
    expect(differingReads(a, b)).toEqual([]);
    for (const id of remoteIds) expect(await dealInfo(check, id)).toEqual(await dealInfo(remote, id));
  } finally {
    await check.stop();
  }
}, 180_000);

test('SIGKILL of uw sync at random points of a pull through the change feed, restarted each time: the next run resumes from the stored cursor and both sides read the same', async () => {
  const dir = tempDir('uw-sync-kill-feed-');
  const target = { dir: dir.path, fullWalk: false };
  try {
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await uwSync([], (line) => (/^(connect|pull): /.test(line) ? random(0, 800) : null), target);
      expect(run.signal === 'SIGKILL' || run.code === 0, run.stderr).toBe(true);
      outcomes.push(run.signal ?? `exit ${run.code}`);
    }
    // The first run reads every graph of the platform (two pages of the feed): the kill lands in it.
    expect(outcomes[0]).toBe('SIGKILL');
    const done = await uwSync([], undefined, target);
    expect(done.code, done.stderr).toBe(0);
    // Nothing is left for the run after it: the cursor stored covers every change.
    const again = await uwSync([], undefined, target);
    expect(again.code, again.stderr).toBe(0);
    expect(again.lines.at(-1)).toMatch(/; pulled 0, unchanged 0, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 0 \(\d+\.\d s, [1-5] requests/);

    const check = await startTestService({ dataDir: dir.path });
    try {
      const remoteIds = await dealIds(remote);
      expect(await dealIds(check)).toEqual(remoteIds);
      for (const id of remoteIds) expect(await dealInfo(check, id)).toEqual(await dealInfo(remote, id));
      const sample = remoteIds.filter((_, i) => i % 15 === 0);
      const [a, b] = await Promise.all([readEverything(remote, sample), readEverything(check, sample)]);
      expect(differingReads(a, b)).toEqual([]);
    } finally {
      await check.stop();
    }
  } finally {
    dir.remove();
  }
}, 180_000);
