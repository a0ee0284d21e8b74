import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { STORE_FILE } from '../../src-main/server/service';
import { closeDb, openDb } from '../../src-main/store/db';
import { ChildTimeout, ROOT, runTsChild } from '../support/child';
import { DelayProxy } from '../support/delay-proxy';
import { BENCH_CLIENT } from '../support/http';
import { log } from '../support/log';
import { startServer } from '../support/servers';
import { row, stopped, unavailable, type Scenario } from '../support/types';

const DEALS = 1_000;
const DELAY_MS = 20;
/** Each sync child is stopped after this long, so the run stays bounded. */
const SYNC_LIMIT_MS = 150_000;

interface SyncResult {
  ms: number;
  rowsWritten: number;
  changedTables: string[];
  summary: { remoteDeals: number; pulled: number; unchanged: number; requests: number; retries: number; conflicts: number; rejected: number };
}

/** The sync engine, being written by others: present once src-main/sync exports runSync. */
function syncAvailable(): string | null {
  for (const path of ['src-main/sync/index.ts', 'src-main/sync/engine.ts']) if (!existsSync(join(ROOT, path))) return `${path} does not exist yet`;
  return null;
}

export const syncPull: Scenario = {
  name: 'sync-pull',
  needs: [{ deals: DEALS }],
  summary: `first sync of ${DEALS.toLocaleString('en-US')} deals through a proxy adding ${DELAY_MS} ms per request vs requests made x ${DELAY_MS} ms / the client's concurrency; then a re-sync with no change`,
  async run({ stores, tmp }) {
    const missing = syncAvailable();
    if (missing) {
      return [unavailable('sync-pull', 'ratio <= 1.5', missing), unavailable('sync-pull re-sync writes', 'value <= 0 rows', missing)];
    }
    const proxy = new DelayProxy(DELAY_MS);
    const proxyOrigin = await proxy.listen();
    // The platform: the demo portfolio behind the proxy, whose address is its base_url.
    const remote = await startServer({ dataDir: await stores.deals(DEALS), publicUrl: proxyOrigin });
    proxy.target = remote.origin;
    const local = join(tmp, 'sync-local');
    rmSync(local, { recursive: true, force: true });
    mkdirSync(local, { recursive: true });
    closeDb(openDb({ file: join(local, STORE_FILE) }));
    try {
      const sync = (diff: boolean) =>
        runTsChild<SyncResult>(
          'bench/children/sync.ts',
          { dataDir: local, remote: proxyOrigin, clientId: BENCH_CLIENT.clientId, secret: BENCH_CLIENT.secret, diff },
          { timeoutMs: SYNC_LIMIT_MS },
        );
      proxy.reset();
      let first: SyncResult;
      try {
        first = await sync(false);
      } catch (err) {
        if (!(err instanceof ChildTimeout)) throw err;
        const ceiling = (proxy.requests * DELAY_MS) / Math.max(1, proxy.maxInFlight);
        return [
          { ...stopped('sync-pull', 'ms', null, 'ratio <= 1.5', SYNC_LIMIT_MS), note: `did not finish within ${SYNC_LIMIT_MS / 1000} s (stopped); ${proxy.requests} requests made by then (${ceiling.toFixed(0)} ms of latency at ${proxy.maxInFlight} in flight)` },
          unavailable('sync-pull re-sync writes', 'value <= 0 rows', 'the first sync was stopped before it finished'),
        ];
      }
      const requests = proxy.requests;
      const concurrency = proxy.maxInFlight;
      if (first.summary.remoteDeals !== DEALS || first.summary.pulled !== DEALS) {
        throw new Error(`first sync pulled ${first.summary.pulled} of ${first.summary.remoteDeals} deals, expected ${DEALS}`);
      }
      const ceiling = (requests * DELAY_MS) / concurrency;
      log(
        `sync-pull: first sync ${first.ms.toFixed(0)} ms, ${requests} requests at the proxy (client counted ${first.summary.requests}, ` +
          `${first.summary.retries} retries), at most ${concurrency} in flight: ceiling ${ceiling.toFixed(0)} ms; ${first.rowsWritten} rows written`,
      );
      proxy.reset();
      let again: SyncResult;
      try {
        again = await sync(true);
      } catch (err) {
        if (!(err instanceof ChildTimeout)) throw err;
        return [
          row('sync-pull', first.ms, ceiling, 'ms', { ratio: '<=', limit: 1.5 }, `${requests} requests, at most ${concurrency} in flight (measured at the proxy)`),
          stopped('sync-pull re-sync writes', 'rows', null, 'value <= 0 rows', SYNC_LIMIT_MS),
        ];
      }
      log(
        `sync-pull: re-sync ${again.ms.toFixed(0)} ms, ${proxy.requests} requests; pulled ${again.summary.pulled}, unchanged ${again.summary.unchanged}; ` +
          `${again.rowsWritten} rows written${again.changedTables.length ? ` (content changed in ${again.changedTables.join(', ')})` : ''}`,
      );
      return [
        row('sync-pull', first.ms, ceiling, 'ms', { ratio: '<=', limit: 1.5 }, `${requests} requests, at most ${concurrency} in flight (measured at the proxy)`),
        row(
          'sync-pull re-sync writes',
          again.rowsWritten,
          null,
          'rows',
          { value: '<=', limit: 0, unit: 'rows' },
          `SQLite total_changes() of the re-sync; pulled ${again.summary.pulled}, unchanged ${again.summary.unchanged}` +
            (again.changedTables.length ? `; content changed in ${again.changedTables.join(', ')}` : ''),
        ),
      ];
    } finally {
      await remote.stop();
      await proxy.close();
    }
  },
};
