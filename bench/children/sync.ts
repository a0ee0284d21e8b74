// Child process: one sync of a data directory with a remote (src-main/sync runSync, what
// `uw sync` runs), timed; reports the summary, the rows this connection wrote
// (SQLite total_changes()) and, with `diff`, which tables' content changed.

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { STORE_FILE } from '../../src-main/server/service';
import { closeDb, openDb, type Db } from '../../src-main/store/db';
import { childArgs, reply } from '../support/child';

interface Args {
  dataDir: string;
  remote: string;
  clientId: string;
  secret: string;
  diff?: boolean;
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
const started = performance.now();
// The sync-pull row measures the full walk (how well ~10 reads a deal hide the platform's
// latency), what every sync pays against a platform without the change feed: the feed is not used.
const summary = await runSync({ db, remote: { baseUrl: args.remote, clientId: args.clientId, clientSecret: args.secret }, useExtensions: false });
const ms = performance.now() - started;
const rowsWritten = changes() - changesBefore;
let changedTables: string[] = [];
if (args.diff) {
  const after = tableHashes(db);
  changedTables = Object.keys(after).filter((t) => after[t] !== before[t]);
}
closeDb(db);
reply({ ms, summary, rowsWritten, changedTables });
