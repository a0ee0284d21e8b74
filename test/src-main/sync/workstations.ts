import { vi } from 'vitest';
import { sync as uwSync } from '../../../src-main/cli/sync';
import { FEED_CURSOR_KEY, getSyncState, REMOTE_FEED_KEY } from '../../../src-main/store/sync-state';
import type { FaultProxy } from '../../support/fault-proxy';
import { CLIENT, OWNER, startTestService, tempDir, type TestService } from '../../support/service';

// Workstations for the end-to-end sync tests (feed-*-end-to-end.test.ts): each a data directory
// of its own, served by the real server on port 0 (to edit through the API and read every read
// back), and synced by the product's command, `uw sync`, run in this process on that directory
// as a user runs it (its own connection, its sync.lock, its summary line).

export interface SyncLine {
  remoteDeals: number;
  pulled: number;
  unchanged: number;
  removed: number;
  pushed: number;
  conflicts: number;
  rejected: number;
  queued: number;
  /** The requests the sync counted (the proxy counts them independently). */
  requests: number;
}

export interface Workstation {
  readonly name: string;
  readonly dir: string;
  readonly service: TestService;
  /** `uw sync --data-dir DIR --remote URL --client-id ID [extra]`: its summary line, parsed. */
  sync(remoteUrl: string, extra?: string[]): Promise<SyncLine>;
  /** What the link remembers: the feed cursor and whether the platform offers the feed. */
  cursor(): string | undefined;
  remoteFeed(): string | undefined;
  stop(): Promise<void>;
}

const NUMBERS = /^sync complete: (\d+) deals on the platform; pulled (\d+), unchanged (\d+), removed (\d+), pushed (\d+), created \d+, conflicts (\d+), rejected (\d+), queued (\d+) \([\d.]+ s, (\d+) requests/m;

/** Runs `uw sync` in this process (the secret from UW_CLIENT_SECRET, as the command takes it). */
export async function runUwSync(dir: string, remoteUrl: string, extra: string[] = []): Promise<SyncLine> {
  const saved = process.env.UW_CLIENT_SECRET;
  process.env.UW_CLIENT_SECRET = CLIENT.secret;
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  let out: string;
  try {
    await uwSync(['--data-dir', dir, '--remote', remoteUrl, '--client-id', CLIENT.clientId, ...extra]);
  } finally {
    out = write.mock.calls.map((c) => String(c[0])).join('');
    write.mockRestore();
    if (saved === undefined) delete process.env.UW_CLIENT_SECRET;
    else process.env.UW_CLIENT_SECRET = saved;
  }
  const m = NUMBERS.exec(out);
  if (!m) throw new Error(`uw sync printed no summary line:\n${out}`);
  const [remoteDeals, pulled, unchanged, removed, pushed, conflicts, rejected, queued, requests] = m.slice(1).map(Number) as number[];
  return { remoteDeals: remoteDeals!, pulled: pulled!, unchanged: unchanged!, removed: removed!, pushed: pushed!, conflicts: conflicts!, rejected: rejected!, queued: queued!, requests: requests! };
}

export async function startWorkstation(name: string): Promise<Workstation> {
  const dir = tempDir(`uw-ws-${name}-`);
  const service = await startTestService({ engine: 'sqlite', dataDir: dir.path, users: [OWNER] });
  return {
    name,
    dir: dir.path,
    service,
    sync: (remoteUrl, extra) => runUwSync(dir.path, remoteUrl, extra),
    cursor: () => getSyncState(service.db, FEED_CURSOR_KEY),
    remoteFeed: () => getSyncState(service.db, REMOTE_FEED_KEY),
    async stop() {
      await service.stop();
      dir.remove();
    },
  };
}

/** The requests the proxy saw from log entry `from` on, as `METHOD /endpoint` (no API prefix, id or query). */
export function requestsSince(proxy: FaultProxy, from: number): string[] {
  return proxy.log.slice(from).map((e) => `${e.method} ${e.path.replace(/^\/api\/apiGateway/, '').replace(/\?.*$/, '').replace(/^(\/get[A-Za-z]+)\/.*$/, '$1')}`);
}

/**
 * Records the dealIds of each getDealGraphs call and whether each getDealChanges carried a
 * cursor, while `work` runs (the proxy's beforeForward hook).
 */
export async function recordExtensions<T>(proxy: FaultProxy, work: () => Promise<T>): Promise<{ result: T; graphs: string[][]; feedReads: { since: boolean }[] }> {
  const graphs: string[][] = [];
  const feedReads: { since: boolean }[] = [];
  proxy.beforeForward = (request) => {
    if (request.path.includes('/getDealGraphs')) graphs.push((JSON.parse(request.body) as { dealIds: string[] }).dealIds);
    if (request.path.includes('/getDealChanges')) feedReads.push({ since: /[?&]since=/.test(request.path) });
  };
  try {
    return { result: await work(), graphs, feedReads };
  } finally {
    proxy.beforeForward = null;
  }
}
