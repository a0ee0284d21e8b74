import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SyncChildResult } from '../children/sync';
import { STORE_FILE } from '../../src-main/server/service';
import { closeDb, openDb } from '../../src-main/store/db';
import { runTsChild } from './child';
import { DelayProxy } from './delay-proxy';
import { BENCH_CLIENT } from './http';
import { log } from './log';
import { startServer, type BenchServer } from './servers';
import type { ScenarioContext } from './types';

// The 10,000-deal book the sync rows with the change feed share (issue 17): the platform is a
// private copy of the demo store (sync-incremental edits it) served behind the 20 ms delay
// proxy; the workstation is a fresh data directory that the first sync through the feed fills.
// That first sync is the sync-pull-10k measurement; resync-requests and sync-incremental start
// from the store it leaves (run alone, they make it first, unmeasured). One per run.

export const BOOK = 10_000;
export const DELAY_MS = 20;
/** Each sync child is stopped after this long, so the run stays bounded. */
export const FIRST_SYNC_LIMIT_MS = 15 * 60_000;
export const SYNC_LIMIT_MS = 5 * 60_000;

/** The platform's server behind the delay proxy; its base_url is the proxy's address. */
export interface Platform {
  proxy: DelayProxy;
  /** The proxy's origin: what the workstation syncs with. */
  url: string;
  server: BenchServer;
  stop(): Promise<void>;
}

/**
 * The platform over `dataDir`, behind a new delay proxy. A workstation links to the first
 * address it syncs with: later syncs of the same book pass the same `url` (its port).
 */
export async function startPlatform(dataDir: string, url?: string): Promise<Platform> {
  const proxy = new DelayProxy(DELAY_MS);
  url = await proxy.listen(url ? Number(new URL(url).port) : 0);
  let server: BenchServer;
  try {
    server = await startServer({ dataDir, publicUrl: url });
  } catch (err) {
    await proxy.close();
    throw err;
  }
  proxy.target = server.origin;
  return {
    proxy,
    url,
    server,
    async stop() {
      await server.stop();
      await proxy.close();
    },
  };
}

/** One sync and what the proxy saw of it: every request (the token's included) and the most in flight at once. */
export interface MeasuredSync {
  result: SyncChildResult;
  requests: number;
  maxInFlight: number;
  /** CPU time the platform's server process spent meanwhile (Linux /proc), ms; null where unknown. */
  platformCpuMs: number | null;
  /** requests x DELAY_MS / maxInFlight: the time the platform's latency alone costs at the concurrency the client used. */
  latencyBoundMs: number;
}

/** One sync of `localDir` with the platform through its change feed, in a child process. */
export async function syncWithFeed(platform: Platform, localDir: string, limitMs: number): Promise<MeasuredSync> {
  platform.proxy.reset();
  const cpuBefore = processCpuMs(platform.server.pid);
  const result = await runTsChild<SyncChildResult>(
    'bench/children/sync.ts',
    { dataDir: localDir, remote: platform.url, clientId: BENCH_CLIENT.clientId, secret: BENCH_CLIENT.secret, feed: true },
    { timeoutMs: limitMs },
  );
  const cpuAfter = processCpuMs(platform.server.pid);
  const platformCpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const { requests, maxInFlight } = platform.proxy;
  for (const reason of result.retryReasons) log(`sync: retried ${reason}`);
  return { result, requests, maxInFlight, platformCpuMs, latencyBoundMs: (requests * DELAY_MS) / Math.max(1, maxInFlight) };
}

/** User + system CPU time of a process (utime and stime of /proc/PID/stat), ms; null where there is no /proc. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Clock ticks of 1/100 s (USER_HZ) on Linux.
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** The bytes of a data directory's files (the store, its WAL): what a synced book takes on the laptop's disk, MB. */
export function dataDirMb(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) / 1e6;
}

/** What bounds a sync besides latency: the CPU both sides spent, for the notes. */
export function cpuText(sync: MeasuredSync): string {
  const platform = sync.platformCpuMs === null ? 'not measured' : `${(sync.platformCpuMs / 1000).toFixed(1)} s`;
  return `CPU: the sync process ${(sync.result.cpuMs / 1000).toFixed(1)} s, the platform's server ${platform}`;
}

export interface SyncedBook {
  /** The platform's data directory (a private copy: writable). */
  platformDir: string;
  /** The workstation's data directory, synced with it. */
  localDir: string;
  /** The address it is linked to (the proxy's; pass it to startPlatform). */
  url: string;
  /** The first sync that filled it. */
  first: MeasuredSync;
}

const books = new Map<string, Promise<SyncedBook>>();

/** The synced book of this run, made by its first sync through the feed (once per run). */
export function syncedBook(ctx: ScenarioContext): Promise<SyncedBook> {
  let book = books.get(ctx.tmp);
  if (!book) {
    book = makeSyncedBook(ctx);
    books.set(ctx.tmp, book);
  }
  return book;
}

/** A fresh workstation data directory at `dir` (emptied first): its store migrated, nothing in it. */
export function emptyWorkstation(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  closeDb(openDb({ file: join(dir, STORE_FILE) }));
  return dir;
}

async function makeSyncedBook({ stores, tmp }: ScenarioContext): Promise<SyncedBook> {
  const platformDir = stores.copy(await stores.deals(BOOK), 'sync-book-platform');
  const localDir = emptyWorkstation(join(tmp, 'sync-book-local'));
  const platform = await startPlatform(platformDir);
  try {
    log(`sync book: first sync of ${BOOK.toLocaleString('en-US')} deals through the change feed`);
    const first = await syncWithFeed(platform, localDir, FIRST_SYNC_LIMIT_MS);
    const { summary } = first.result;
    if (summary.remoteDeals !== BOOK || summary.pulled !== BOOK) {
      throw new Error(`the first sync pulled ${summary.pulled} of ${summary.remoteDeals} deals, expected ${BOOK}`);
    }
    log(
      `sync book: first sync ${first.result.ms.toFixed(0)} ms, ${first.requests} requests at the proxy (${first.result.summary.retries} retries), ` +
        `at most ${first.maxInFlight} in flight: latency bound ${first.latencyBoundMs.toFixed(0)} ms; ${cpuText(first)}; peak RSS ${first.result.peakRssMb.toFixed(0)} MB`,
    );
    return { platformDir, localDir, url: platform.url, first };
  } finally {
    await platform.stop();
  }
}
