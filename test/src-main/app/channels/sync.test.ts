/* eslint-disable @typescript-eslint/no-explicit-any -- tests walk loosely typed results */
import { createServer } from 'node:net';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChannelTable, createFileSecretStore, withEnvironmentSecret } from '../../../../src-main/app';
import { SECRET_FILE } from '../../../../src-main/app/sync-secret';
import { SYNC_LOCK_FILE } from '../../../../src-main/sync/sync-lock';
import type { PipelineResult, SyncStatusView } from '../../../../src-main/contract';
import { createOfflinePlaceLookup } from '../../../../src-main/gateway/place-lookup/offline-place-lookup';
import { loadSystemConfig } from '../../../../src-main/store/system-config';
import { ensureUsers } from '../../../../src-main/store/users';
import { CLIENT, startTestService, type TestService } from '../../../support/service';
import { bulkUpdate, dealInfo } from '../../sync/helpers';
import { harness, type Harness } from '../support';
import { createSqliteStore } from '../../../../src-main/store/sqlite-store';

// The sync.* channels of the channel table over a real SQLite data directory, syncing with a
// real second instance (the "platform": the server with the demo portfolio) on port 0.

const FAST = { retry: { limit: 2, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 500 }, roundDelayMs: 20, timeoutMs: 5_000 };
const LOCAL_ONLY_USER = 'local.only@example.com';
const DEMO = 6;
const WRONG_SECRET = 'wrong-secret-c0ffee';

let remote: TestService;
let h: Harness;
let ids: string[];

/** Everything a channel answered, for the leak checks. */
const outputs: unknown[] = [];
async function value<T = any>(channel: string, payload: unknown = {}): Promise<T> {
  const result = await h.table.dispatch(channel, payload);
  outputs.push(result);
  if (!result.ok) throw new Error(`${channel}: ${result.error}`);
  return result.value as T;
}
async function refusal(channel: string, payload: unknown = {}): Promise<{ error: string; details: any }> {
  const result = await h.table.dispatch(channel, payload);
  outputs.push(result);
  if (result.ok) throw new Error(`${channel} succeeded`);
  return result as never;
}
const statusEvents = () => h.events.filter((e) => e.event === 'sync.status').map((e) => e.payload as SyncStatusView);

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  remote = await startTestService({ demoDeals: DEMO });
  ids = (await remote.api('GET', '/getAllDealIds')).body.dealIds;
  h = harness({ overrides: { sync: { background: false, engine: FAST } } });
  ensureUsers(h.db, [LOCAL_ONLY_USER]);
}, 60_000);

afterAll(async () => {
  h?.close();
  await remote?.stop();
});

describe('the sync channels', () => {
  it('start out not connected, with nothing stored', async () => {
    const status = await value<SyncStatusView>('sync.status');
    expect(status).toMatchObject({
      configured: false,
      connection: 'not-connected',
      linkedTo: null,
      running: null,
      last: null,
      nextRunAt: null,
      secret: { stored: false, source: null, persistent: true, warning: null },
      settings: { baseUrl: null, clientId: null, autoSync: true, intervalMinutes: 15 },
      outbox: { pending: 0, conflict: 0, rejected: 0 },
    });
    expect(await refusal('sync.run')).toMatchObject({ details: { code: 'SyncNotConfigured' } });
  });

  it('validate the connection settings on entry and name the field', async () => {
    expect(await refusal('sync.configure', { baseUrl: 'ftp://platform', clientId: 'x' })).toMatchObject({ details: { code: 'InvalidInput', target: 'baseUrl' } });
    expect(await refusal('sync.configure', { baseUrl: 'https://user:pw@platform.example', clientId: 'x' })).toMatchObject({ details: { target: 'baseUrl' } });
    expect(await refusal('sync.configure', { baseUrl: remote.origin, clientId: '  ' })).toMatchObject({ details: { target: 'clientId' } });
    expect(await refusal('sync.configure', { baseUrl: remote.origin, clientId: 'x', intervalMinutes: 0 })).toMatchObject({ details: { target: 'intervalMinutes' } });
    expect(await refusal('sync.configure', { baseUrl: remote.origin, clientId: 'x', token: 'y' })).toMatchObject({ details: { code: 'InvalidInput' } });
    expect(await refusal('sync.keepMine', { id: 'one' })).toMatchObject({ details: { target: 'id' } });
  });

  it('test a connection before it is saved: a clear reason when it fails, the deal count when it works', async () => {
    const wrong = await value('sync.testConnection', { baseUrl: remote.origin, clientId: CLIENT.clientId, secret: WRONG_SECRET });
    expect(wrong).toMatchObject({ ok: false, kind: 'auth' });
    expect(wrong.message).toMatch(/refused the client credentials of "test-client" \(invalid_client/);
    expect(wrong.message).not.toContain(WRONG_SECRET);

    const port = await closedPort();
    const down = await value('sync.testConnection', { baseUrl: `http://127.0.0.1:${port}`, clientId: CLIENT.clientId, secret: CLIENT.secret });
    expect(down).toMatchObject({ ok: false, kind: 'unavailable' });
    expect(down.message).toMatch(/cannot reach the platform/);

    const missing = await value('sync.testConnection', {});
    expect(missing).toMatchObject({ ok: false, kind: 'incomplete' });
    expect(missing.message).toMatch(/address.*client id.*client secret/);

    const ok = await value('sync.testConnection', { baseUrl: `${remote.origin}/`, clientId: CLIENT.clientId, secret: CLIENT.secret });
    expect(ok).toMatchObject({ ok: true, baseUrl: remote.origin, dealCount: DEMO, warning: null });
    // A test of unsaved values says nothing about the saved connection.
    expect((await value<SyncStatusView>('sync.status')).connection).toBe('not-connected');
  });

  it('keep the secret in the store (a 0600 file in web mode) and only say that one is stored', async () => {
    const status = await value<SyncStatusView>('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId, secret: CLIENT.secret, intervalMinutes: 30 });
    // Saved exactly as the test above reached it: online at once (the form's "Connected" and the
    // header agree). Before, the header said "not checked" beside it.
    expect(status).toMatchObject({
      configured: true,
      connection: 'online',
      secret: { stored: true, source: 'stored' },
      settings: { baseUrl: remote.origin, authUrl: null, clientId: CLIENT.clientId, autoSync: true, intervalMinutes: 30 },
    });
    const file = join(h.dir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(CLIENT.secret);
    expect(JSON.stringify(status)).not.toContain(CLIENT.secret);
    // Saving again without a secret keeps the stored one.
    const again = await value<SyncStatusView>('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId });
    expect(again.secret.stored).toBe(true);
    expect(again.settings.intervalMinutes).toBe(30);
    // A connection no test reached is not checked; saved back to the one reached, online again.
    expect((await value<SyncStatusView>('sync.configure', { baseUrl: remote.origin, clientId: 'not-tested' })).connection).toBe('unknown');
    expect((await value<SyncStatusView>('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId })).connection).toBe('online');
    // The saved connection's test puts the workstation online.
    expect(await value('sync.testConnection', {})).toMatchObject({ ok: true, dealCount: DEMO });
    expect((await value<SyncStatusView>('sync.status')).connection).toBe('online');
    expect(statusEvents().at(-1)?.connection).toBe('online');
  });

  it('sync now: progress events, the summary, and screens told which deals changed', async () => {
    const seen = h.events.length;
    const record = await value('sync.run', {});
    expect(record).toMatchObject({ trigger: 'manual', mode: 'full', outcome: 'completed', error: null });
    expect(record.summary).toMatchObject({ remoteDeals: DEMO, pulled: DEMO, unchanged: 0, pushed: 0, created: 0, conflicts: 0, rejected: 0 });

    const events = h.events.slice(seen);
    const running = events.filter((e) => e.event === 'sync.status').map((e) => (e.payload as SyncStatusView).running).filter((r) => r !== null);
    expect(running[0]).toMatchObject({ phase: 'connect', trigger: 'manual', percent: 0 });
    expect(running.some((r) => r!.phase === 'pull' && r!.total === DEMO)).toBe(true);
    const percents = running.map((r) => r!.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b)); // never goes back
    expect(Math.max(...percents)).toBeGreaterThanOrEqual(80);
    const last = statusEvents().at(-1)!;
    expect(last).toMatchObject({ connection: 'online', running: null, last: { outcome: 'completed' }, linkedTo: remote.origin });
    expect(last.lastSuccessAt).toBe(record.finishedAt);

    const changed = events.filter((e) => e.event === 'data.changed').map((e) => e.payload as { dealIds: string[] | null });
    expect(changed).toHaveLength(1);
    expect([...changed[0]!.dealIds!].sort()).toEqual([...ids].sort());
    expect((await value('deals.pipeline')).rows).toHaveLength(DEMO);

    // Nothing changed on the platform: no screen is told to refetch (and, the platform offering
    // the change feed, no deal is even read again).
    const before = h.events.length;
    expect((await value('sync.run', {})).summary).toMatchObject({ pulled: 0, unchanged: 0 });
    expect(h.events.slice(before).some((e) => e.event === 'data.changed')).toBe(false);
  });

  it('a remote edit pulled changes exactly that deal on screen', async () => {
    const id = ids[0]!;
    await bulkUpdate(remote, [{ id, updates: { SeedName: 'Renamed on the platform' } }]);
    expect((await value<PipelineResult>('deals.pipeline')).rows.find((r) => r.id === id)!.seedName).not.toBe('Renamed on the platform');
    const seen = h.events.length;
    expect((await value('sync.run', {})).summary).toMatchObject({ pulled: 1 });
    expect(h.events.slice(seen).filter((e) => e.event === 'data.changed').map((e) => e.payload)).toEqual([{ dealIds: [id] }]);
    expect((await value('deal.info', { id })).seedName).toBe('Renamed on the platform');
    expect((await value<PipelineResult>('deals.pipeline')).rows.find((r) => r.id === id)!.seedName).toBe('Renamed on the platform');
  });

  it('list a conflict with base, mine and theirs; take theirs settles it and refreshes the deal', async () => {
    const id = ids[1]!;
    const base = (await value('deal.info', { id })).loanTerm as number;
    await value('deals.bulkUpdate', { itemsToUpdate: [{ id, updates: [{ property: 'LoanTerm', value: String(base + 1) }] }] });
    await bulkUpdate(remote, [{ id, updates: { LoanTerm: String(base + 2) } }]);
    const pending = await value('sync.outbox');
    expect(pending.items).toMatchObject([{ dealId: id, field: 'LoanTerm', status: 'pending', base, mine: base + 1 }]);

    const record = await value('sync.run', {});
    expect(record.summary).toMatchObject({ conflicts: 1, pushed: 0 });
    const view = await value('sync.outbox');
    expect(view.counts).toMatchObject({ conflict: 1, pending: 0 });
    const [conflict] = view.items;
    expect(conflict).toMatchObject({ dealId: id, field: 'LoanTerm', status: 'conflict', base, mine: base + 1, theirs: base + 2, theirsKnown: true, deletedRemotely: false });
    expect(conflict.dealName).toBe((await value('deal.info', { id })).seedName);
    expect(conflict.reason).toMatch(/changed LoanTerm too/);

    const seen = h.events.length;
    const after = await value('sync.takeTheirs', { id: conflict.id });
    expect(after.items).toEqual([]);
    expect((await value('deal.info', { id })).loanTerm).toBe(base + 2);
    expect(h.events.slice(seen).filter((e) => e.event === 'data.changed').map((e) => e.payload)).toEqual([{ dealIds: [id] }]);
    expect(statusEvents().at(-1)!.outbox.conflict).toBe(0);
    // A row that is no longer there: a clear refusal.
    expect(await refusal('sync.takeTheirs', { id: conflict.id })).toMatchObject({ details: { code: 'OutboxRow' } });
  });

  it('keep mine sends mine to the platform at the next sync', async () => {
    const id = ids[2]!;
    const current = (await value('deal.info', { id })).riskRating;
    const [mine, theirs] = current === '3' ? ['4', '6'] : ['3', '6'];
    await value('deals.bulkUpdate', { itemsToUpdate: [{ id, updates: [{ property: 'RiskRating', value: mine }] }] });
    await bulkUpdate(remote, [{ id, updates: { RiskRating: theirs } }]);
    await value('sync.run', {});
    const [conflict] = (await value('sync.outbox')).items;
    expect(conflict).toMatchObject({ field: 'RiskRating', mine, theirs, status: 'conflict' });
    const kept = await value('sync.keepMine', { id: conflict.id });
    expect(kept.items).toMatchObject([{ id: conflict.id, status: 'pending', base: theirs, mine }]);
    expect((await value('sync.run', {})).summary).toMatchObject({ pushed: 1, conflicts: 0, queued: 0 });
    expect((await dealInfo(remote, id)).riskRating).toBe(mine);
    expect((await value('sync.outbox')).items).toEqual([]);
  });

  it('show a rejected edit with its reason; retry keeps it, discard takes the platform\'s value back', async () => {
    const id = ids[3]!;
    const owner = (await value('deal.info', { id })).owner;
    await value('deals.bulkUpdate', { itemsToUpdate: [{ id, updates: [{ property: 'Owner', value: LOCAL_ONLY_USER }] }] });
    const record = await value('sync.run', {});
    expect(record.summary).toMatchObject({ rejected: 1 });
    const [rejected] = (await value('sync.outbox')).items;
    expect(rejected).toMatchObject({ dealId: id, field: 'Owner', status: 'rejected', mine: LOCAL_ONLY_USER, theirs: owner });
    expect(rejected.reason).toMatch(/IllegalValue Owner/);
    // Retry: queued again (and rejected again by the platform).
    expect((await value('sync.keepMine', { id: rejected.id })).items).toMatchObject([{ id: rejected.id, status: 'pending', attempts: 0 }]);
    expect((await value('sync.run', {})).summary).toMatchObject({ rejected: 1 });
    // Discard: the working copy takes the platform's value.
    expect((await value('sync.takeTheirs', { id: rejected.id })).items).toEqual([]);
    expect((await value('deal.info', { id })).owner).toBe(owner);
    // keep mine on a pending row is not a decision the core allows.
    await value('deals.bulkUpdate', { itemsToUpdate: [{ id, updates: [{ property: 'Priority', value: 'High' }] }] });
    const [pending] = (await value('sync.outbox')).items;
    expect(await refusal('sync.keepMine', { id: pending.id })).toMatchObject({ details: { code: 'OutboxRow' }, error: expect.stringMatching(/pending, not a conflict/) });
    await value('sync.run', {});
  });

  it('cancel a running sync', async () => {
    await bulkUpdate(remote, [{ id: ids[4]!, updates: { Note: 'changed while the sync was cancelled' } }]);
    const running = h.table.dispatch('sync.run', {});
    const status = await value<SyncStatusView>('sync.status');
    expect(status.connection).toBe('syncing');
    expect(status.running).toMatchObject({ trigger: 'manual' });
    // A second sync, keep mine or take theirs wait for it.
    expect(await refusal('sync.run', {})).toMatchObject({ details: { code: 'SyncBusy' } });
    expect(await value('sync.cancel')).toEqual({ cancelling: true });
    const record = ((await running) as any).value;
    expect(record).toMatchObject({ outcome: 'cancelled', summary: null });
    expect((await value<SyncStatusView>('sync.status')).running).toBeNull();
    expect(await value('sync.cancel')).toEqual({ cancelling: false });
    expect(existsSync(join(h.dir, SYNC_LOCK_FILE))).toBe(false);
  });

  it('skip while another process (uw sync) holds the data directory\'s lock', async () => {
    const lock = join(h.dir, SYNC_LOCK_FILE);
    writeFileSync(lock, String(process.ppid)); // a live process that is not this one
    try {
      const refused = await refusal('sync.run', {});
      expect(refused.details.code).toBe('SyncBusy');
      expect(refused.error).toMatch(new RegExp(`Another sync of this data directory is running \\(process ${process.ppid}`));
    } finally {
      rmSync(lock, { force: true });
    }
    // A lock left by a process that is gone is taken over.
    writeFileSync(lock, '999999999');
    expect((await value('sync.run', {})).outcome).toBe('completed');
    expect(existsSync(lock)).toBe(false);
  });

  it('refuse another platform once the data directory is linked', async () => {
    const refused = await refusal('sync.configure', { baseUrl: 'http://127.0.0.1:9/', clientId: CLIENT.clientId });
    expect(refused.details).toMatchObject({ code: 'LinkedElsewhere', target: 'baseUrl' });
    expect(refused.error).toContain(remote.origin);
    const tested = await value('sync.testConnection', { baseUrl: remote.origin, clientId: CLIENT.clientId });
    expect(tested).toMatchObject({ ok: true, warning: null });
  });

  it('go offline with the reason when the platform cannot be reached, and back online when it can', async () => {
    const port = await closedPort();
    // Same data directory, so a different base URL is refused: point the saved one at a dead auth server instead.
    await value('sync.configure', { baseUrl: remote.origin, authUrl: `http://127.0.0.1:${port}`, clientId: CLIENT.clientId });
    const failed = await value('sync.run', {});
    expect(failed).toMatchObject({ outcome: 'failed', summary: null });
    expect(failed.error).toMatch(/cannot reach the platform/);
    const offline = await value<SyncStatusView>('sync.status');
    expect(offline).toMatchObject({ connection: 'offline', last: { outcome: 'failed' } });
    expect(offline.lastError).toBe(failed.error);
    expect(offline.lastSuccessAt).not.toBeNull();
    await value('sync.configure', { baseUrl: remote.origin, authUrl: null, clientId: CLIENT.clientId });
    expect((await value('sync.run', {})).outcome).toBe('completed');
    expect((await value<SyncStatusView>('sync.status')).connection).toBe('online');
  });

  it('a sync that fails here after the platform listed its deals leaves the workstation online, not unchecked', async () => {
    const other = harness({ overrides: { sync: { background: false, engine: FAST } } });
    try {
      const configured = await other.table.dispatch('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId, secret: CLIENT.secret });
      expect(configured).toMatchObject({ ok: true, value: { connection: 'unknown' } });
      // The working copy refuses the pull's writes (as a full disk would).
      other.db.$client.exec(`CREATE TRIGGER refuse_deals BEFORE INSERT ON deals BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
      const run = await other.table.dispatch('sync.run', {});
      expect(run).toMatchObject({ ok: true, value: { outcome: 'failed' } });
      const status = await other.table.dispatch('sync.status', {});
      expect(status).toMatchObject({ ok: true, value: { connection: 'online', lastError: null } });
    } finally {
      other.close();
    }
  });

  it('forget the secret: not connected any more', async () => {
    const status = await value<SyncStatusView>('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId, clearSecret: true });
    expect(status).toMatchObject({ configured: false, connection: 'not-connected', secret: { stored: false }, nextRunAt: null });
    expect(existsSync(join(h.dir, SECRET_FILE))).toBe(false);
    await value('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId, secret: CLIENT.secret });
  });

  it('never let the secret out: no channel output, event or log line carries it', () => {
    expect(outputs.length).toBeGreaterThan(30);
    for (const text of [JSON.stringify(outputs), JSON.stringify(h.events), JSON.stringify(h.logs)]) {
      expect(text).not.toContain(CLIENT.secret);
      expect(text).not.toContain(WRONG_SECRET);
    }
  });
});

describe('background sync', () => {
  /** A second channel table over the same data directory, as after a restart, with a short first delay. */
  function restartedTable() {
    const events: { event: string; payload: any }[] = [];
    const table = createChannelTable({
      mode: 'web',
      gateway: { store: createSqliteStore(h.db), places: createOfflinePlaceLookup(), config: loadSystemConfig(h.dir), now: () => new Date() },
      dataDir: h.dir,
      emit: (event, payload) => events.push({ event, payload }),
      exportTarget: async () => null,
      log: () => undefined,
      sync: { engine: FAST, firstDelayMs: 50 },
    });
    return { table, events };
  }

  it('runs on its own when the workstation starts connected, honouring the backoff of failed rows', async () => {
    const { table, events } = restartedTable();
    try {
      const first = (await table.dispatch('sync.status', {})) as any;
      expect(first.value.nextRunAt).not.toBeNull();
      await vi.waitFor(() => {
        const done = events.filter((e) => e.event === 'sync.status').map((e) => e.payload as SyncStatusView);
        expect(done.some((s) => s.last?.trigger === 'background' && s.running === null)).toBe(true);
      }, { timeout: 20_000, interval: 50 });
      const status = ((await table.dispatch('sync.status', {})) as any).value as SyncStatusView;
      expect(status).toMatchObject({ connection: 'online', last: { trigger: 'background', outcome: 'completed' } });
      // The next one is an interval (15 min) away.
      expect(Date.parse(status.nextRunAt!) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(events.some((e) => e.event === 'sync.status' && e.payload.running?.trigger === 'background')).toBe(true);
    } finally {
      table.close();
    }
  });

  it('skips its turn while another process holds the lock, and tries again a minute later', async () => {
    const lock = join(h.dir, SYNC_LOCK_FILE);
    writeFileSync(lock, String(process.ppid));
    const { table, events } = restartedTable();
    try {
      const lastBefore = ((await table.dispatch('sync.status', {})) as any).value.last;
      await vi.waitFor(
        async () => {
          const status = ((await table.dispatch('sync.status', {})) as any).value as SyncStatusView;
          expect(Date.parse(status.nextRunAt!) - Date.now()).toBeGreaterThan(50_000);
        },
        { timeout: 5_000, interval: 25 },
      );
      const status = ((await table.dispatch('sync.status', {})) as any).value as SyncStatusView;
      expect(status.last).toEqual(lastBefore);
      expect(Date.parse(status.nextRunAt!) - Date.now()).toBeLessThanOrEqual(60_000);
      expect(events.some((e) => e.event === 'sync.status' && e.payload.running !== null)).toBe(false);
    } finally {
      table.close();
      rmSync(lock, { force: true });
    }
  });

  it('is off when switched off or not connected', async () => {
    const status = await value<SyncStatusView>('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId, autoSync: false });
    expect(status.nextRunAt).toBeNull();
    expect(status.settings.autoSync).toBe(false);
  });
});

describe('the secret from the environment (UW_CLIENT_SECRET)', () => {
  it('is used, reported as such, and cannot be replaced from the UI', async () => {
    const e = harness({
      overrides: { sync: { background: false, engine: FAST, secrets: withEnvironmentSecret(createFileSecretStore('/nonexistent'), CLIENT.secret) } },
    });
    try {
      const configured = (await e.call('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId })) as any;
      expect(configured.value).toMatchObject({ configured: true, secret: { stored: true, source: 'environment' } });
      const replaced = await e.call('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId, secret: 'another' });
      expect(replaced).toMatchObject({ ok: false, details: { code: 'SecretStore', target: 'secret' } });
      expect((replaced as any).error).toMatch(/UW_CLIENT_SECRET/);
      expect(((await e.call('sync.testConnection', {})) as any).value).toMatchObject({ ok: true, dealCount: DEMO });
      expect(JSON.stringify(e.events)).not.toContain(CLIENT.secret);
    } finally {
      e.close();
    }
  });
});
