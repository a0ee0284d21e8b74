import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillCollateralFigures } from '../../src-main/figures';
import { STORE_FILE } from '../../src-main/server/service';
import { closeDb, openDb } from '../../src-main/store/db';
import { pgDbOf } from '../../src-main/store/postgres/open';
import { createPostgresStore } from '../../src-main/store/postgres/store';
import { copyToPostgres } from '../../test/support/copy-to-postgres';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../test/support/postgres';
import { processTreeCpu } from './cpu';
import { log } from './log';
import type { StoreCache } from './stores';

// The PostgreSQL rows' database: one throwaway PostgreSQL 15 cluster for the whole run (the
// tests' cluster, test/support/postgres.ts: loopback, a free port, removed by stop() or by its
// watchdog if the run dies), one database filled once from the 10,000-deal SQLite store, and a
// copy of it (CREATE DATABASE ... TEMPLATE) per scenario, so a scenario's writes never reach
// another's reads.

interface Filled {
  cluster: PostgresCluster;
  base: TestDatabase;
}

let filled: Promise<Filled> | undefined;

/** The cluster and the filled database, made on first use. */
function filledDatabase(stores: StoreCache): Promise<Filled> {
  filled ??= (async () => {
    const source = await stores.deals(10_000);
    const started = performance.now();
    const cluster = await startPostgres();
    try {
      const base = await cluster.createDatabase();
      log(`postgres: cluster on 127.0.0.1:${cluster.port} and a migrated database in ${seconds(started)} s`);
      const copyStarted = performance.now();
      const sqlite = openDb({ file: join(source, STORE_FILE) });
      let copied: Record<string, number>;
      try {
        // pgDbOf is drizzle over the pool (the node-postgres driver copyToPostgres takes).
        copied = await copyToPostgres(sqlite, pgDbOf(base.pool) as Parameters<typeof copyToPostgres>[1]);
      } finally {
        closeDb(sqlite);
      }
      const rows = Object.values(copied).reduce((s, n) => s + n, 0);
      log(`postgres: copied the 10,000-deal store (${rows.toLocaleString('en-US')} rows, ${Object.keys(copied).length} tables) in ${seconds(copyStarted)} s`);
      // The copy leaves the roll-up cache out (the engine fills it); the SQLite stores have theirs
      // stored, so it is filled here: both engines are measured warm.
      const fillStarted = performance.now();
      const figures = await fillCollateralFigures(createPostgresStore(base.pool));
      log(`postgres: stored the roll-up figures of ${figures.toLocaleString('en-US')} collaterals in ${seconds(fillStarted)} s`);
      await base.pool.query('VACUUM ANALYZE');
      return { cluster, base };
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  })();
  return filled;
}

export interface BenchDatabase {
  /** postgres://USER@127.0.0.1:PORT/NAME (no password: the server child gets it as PGPASSWORD). */
  url: string;
  /** Environment for a process that connects to it. */
  env: Record<string, string>;
  /** A pool on it (ended by drop). */
  database: TestDatabase;
  /** pid of the cluster's postmaster, whose process tree is PostgreSQL's CPU. */
  postmasterPid(): number;
  drop(): Promise<void>;
}

/** A private copy of the filled 10,000-deal database, for one scenario. */
export async function benchDatabase(stores: StoreCache): Promise<BenchDatabase> {
  const { cluster, base } = await filledDatabase(stores);
  const database = await cluster.createDatabase({ from: base });
  return {
    url: database.url,
    env: { PGPASSWORD: cluster.password },
    database,
    postmasterPid: () => Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    drop: () => database.drop(),
  };
}

/** CPU seconds charged so far to the cluster's processes: the postmaster and every backend. */
export function postgresCpu(db: BenchDatabase): number {
  return processTreeCpu(db.postmasterPid());
}

/** Stops the run's cluster, if one was started (run.ts, at the end, also after a failure). */
export async function stopPostgres(): Promise<void> {
  const pending = filled;
  filled = undefined;
  if (!pending) return;
  const made = await pending.catch(() => undefined);
  if (made) await made.cluster.stop();
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
