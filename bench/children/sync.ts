// Child process: one sync of a data directory with a remote (src-main/sync runSync, what
// `uw sync` runs), timed; reports the summary, the rows this connection wrote
// (SQLite total_changes()), with `diff` which tables' content changed, and the process's memory
// (its peak RSS, and RSS and heap at each progress event of the pull).

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { STORE_FILE } from '../../src-main/server/service';
import { closeDb, openDb, type Db } from '../../src-main/store/db';
import { childArgs, reply } from '../support/child';
import { peakRssKiB } from '../support/peak-rss';

interface Args {
  dataDir: string;
  remote: string;
  clientId: string;
  secret: string;
  diff?: boolean;
  /** Use the platform's change feed and bulk graph reads (default false: the full walk). */
  feed?: boolean;
}

/** Memory at one progress event of the pull: deals done, RSS and V8 heap in use (MB). */
export interface MemorySample {
  done: number;
  rssMb: number;
  heapMb: number;
}

export interface SyncChildResult {
  ms: number;
  rowsWritten: number;
  changedTables: string[];
  summary: { remoteDeals: number; pulled: number; unchanged: number; removed: number; requests: number; retries: number; conflicts: number; rejected: number };
  /** The process's peak resident set (VmHWM, bench/support/peak-rss.ts), MB: the store's page cache, the code and the sync. */
  peakRssMb: number;
  /** RSS when the sync started (modules loaded, store open), MB. */
  startRssMb: number;
  samples: MemorySample[];
  /** CPU time of this process during the sync (user + system), ms. */
  cpuMs: number;
  /** Why requests were retried ("GET /api/... : timeout"), at most 20. */
  retryReasons: string[];
}

function tableHashes(db: Db): Record<string, string> {
  const client = db.$client;
  const tables = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const hash = createHash('sha256');
    for (const r of client.prepare(`SELECT * FROM "${table}"`).raw().iterate() as IterableIterator<unknown[]>) hash.update(JSON.stringify(r));
    out[table] = hash.digest('hex');
  }
  return out;
}

const args = childArgs<Args>();
const { runSync } = await import('../../src-main/sync');
const db = openDb({ file: join(args.dataDir, STORE_FILE) });
const changes = () => db.$client.prepare('SELECT total_changes()').pluck().get() as number;
const before = args.diff ? tableHashes(db) : {};
const changesBefore = changes();
const mb = (bytes: number) => bytes / 1024 / 1024;
const startRssMb = mb(process.memoryUsage.rss());
const samples: MemorySample[] = [];
const retryReasons: string[] = [];
const cpuBefore = process.cpuUsage();
const started = performance.now();
// The sync-pull row measures the full walk (how well ~10 reads a deal hide the platform's
// latency), what every sync pays against a platform without the change feed: the feed is not
// used unless asked (the sync-pull-10k, resync-requests and sync-incremental rows).
const summary = await runSync({
  db,
  remote: { baseUrl: args.remote, clientId: args.clientId, clientSecret: args.secret },
  useExtensions: args.feed === true,
  onEvent: (event) => {
    if (event.type === 'retry' && retryReasons.length < 20) retryReasons.push(`${event.method} ${event.path} attempt ${event.attempt}: ${event.reason}`);
    if (!args.feed || event.type !== 'progress' || event.phase !== 'pull') return;
    const usage = process.memoryUsage();
    samples.push({ done: event.done, rssMb: mb(usage.rss), heapMb: mb(usage.heapUsed) });
  },
});
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const rowsWritten = changes() - changesBefore;
let changedTables: string[] = [];
if (args.diff) {
  const after = tableHashes(db);
  changedTables = Object.keys(after).filter((t) => after[t] !== before[t]);
}
closeDb(db);
const result: SyncChildResult = { ms, summary, rowsWritten, changedTables, peakRssMb: peakRssKiB() / 1024, startRssMb, samples, retryReasons, cpuMs: (cpu.user + cpu.system) / 1000 };
reply(result);
