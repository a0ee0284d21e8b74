import { SHARED_CLUSTER_VARIABLE, shareCluster, startPostgres, type PostgresCluster } from './postgres';

/** Vitest runs a global setup once for the root project and again for each project run: one cluster for all. */
const STARTED = Symbol.for('uw.test.sharedPostgres');
type Holder = { [STARTED]?: Promise<PostgresCluster> };

/**
 * Vitest's global setup: one PostgreSQL cluster for the whole run, its template migrated once,
 * instead of an initdb, a start and a migration in every test file that needs the engine.
 * `startPostgres()` (and so `testCluster()` and the HTTP suite on PostgreSQL) in a test process
 * finds it through SHARED_CLUSTER_VARIABLE, which the workers inherit; each file still works in
 * databases of its own. Stopped and removed when the run ends (and by its watchdog if this
 * process dies first).
 */
export default async function sharedPostgres(): Promise<(() => Promise<void>) | undefined> {
  const holder = globalThis as Holder;
  if (holder[STARTED]) {
    await holder[STARTED];
    return undefined;
  }
  const started = (holder[STARTED] = startPostgres({ own: true }));
  const cluster = await started;
  process.env[SHARED_CLUSTER_VARIABLE] = await shareCluster(cluster);
  return async () => {
    delete process.env[SHARED_CLUSTER_VARIABLE];
    delete holder[STARTED];
    await cluster.stop();
  };
}
