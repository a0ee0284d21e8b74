import { writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

// The sync process of the feed kill test (kill-feed.test.ts), run with node and tsx's loader:
// one sync of a data directory as `uw sync` runs it (its store, its sync.lock, runSync), with
// the feed paged small so that a small book spans several pages and getDealGraphs calls. It
// SIGKILLs itself at an exact point of a pull through the feed, named by UW_KILL_POINT, the
// UW_KILL_NTH time that point is reached:
//   after-feed-page       a feed page's answer has arrived whole (its graphs not yet asked)
//   mid-apply             inside a pull transaction, at a write of the shadow (graphs half written)
//   before-cursor-commit  inside the transaction that stores a page's cursor, right after the write
//   after-cursor-commit   right after that transaction committed
// The kill is the kernel's SIGKILL, as from outside: no handler runs, nothing is flushed. A
// line `KILL <point> <detail>` on stderr, written synchronously, tells the test where it landed.
// Without UW_KILL_POINT the sync runs to its end and prints `RESULT <summary JSON>`.

const point = process.env.UW_KILL_POINT ?? '';
const nth = Number(process.env.UW_KILL_NTH ?? '1');
let reached = 0;

function die(detail: string): never {
  writeSync(2, `KILL ${point} ${detail}\n`);
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

// Statements: better-sqlite3's prototype, shared by every connection of the process.
const probe = new Database(':memory:');
const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { run: (...args: unknown[]) => unknown };
probe.close();
const run = statementProto.run;
statementProto.run = function (this: { source: string; database: { inTransaction: boolean } }, ...args: unknown[]) {
  const sql = this.source;
  if (point === 'mid-apply' && /remote_shadow/i.test(sql) && /^\s*(insert|update)/i.test(sql) && this.database.inTransaction && ++reached === nth) die('a shadow write inside the pull transaction');
  if ((point === 'before-cursor-commit' || point === 'after-cursor-commit') && /sync_state/i.test(sql) && /^\s*insert/i.test(sql)) {
    const params = args.flat();
    const at = params.indexOf('feedCursor');
    if (at >= 0 && ++reached === nth) {
      const cursor = String(params[at + 1]);
      if (point === 'before-cursor-commit') die(cursor);
      const result = run.apply(this, args);
      // The transaction is synchronous: a microtask runs once it has committed.
      queueMicrotask(() => die(cursor));
      return result;
    }
  }
  return run.apply(this, args);
};

const fetch0 = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const answer = await fetch0(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  // A feed page (not the one-change probe that learns whether the platform offers the feed).
  if (point === 'after-feed-page' && url.includes('/getDealChanges') && !/[?&]limit=1(&|$)/.test(url) && answer.ok) {
    await answer.clone().arrayBuffer();
    if (++reached === nth) die(new URL(url).search);
  }
  return answer;
};

const { acquireSyncLock, runSync } = await import('../../../src-main/sync');
const { closeSqliteStore, openSqliteStore, STORE_FILE, workstationDb } = await import('../../../src-main/store');

const dataDir = process.env.UW_DATA_DIR!;
const store = openSqliteStore({ file: join(dataDir, STORE_FILE) });
const release = acquireSyncLock(dataDir);
try {
  const summary = await runSync({
    db: workstationDb(store),
    remote: { baseUrl: process.env.UW_REMOTE!, clientId: process.env.UW_CLIENT_ID!, clientSecret: process.env.UW_CLIENT_SECRET! },
    feedPaging: { changes: Number(process.env.UW_FEED_CHANGES ?? '4'), graphs: Number(process.env.UW_FEED_GRAPHS ?? '2') },
    retry: { limit: 6, baseDelayMs: 20, maxDelayMs: 200, maxRetryAfterMs: 2_000 },
    timeoutMs: 10_000,
  });
  process.stdout.write(`RESULT ${JSON.stringify(summary)}\n`);
} finally {
  release();
  await closeSqliteStore(store);
}
