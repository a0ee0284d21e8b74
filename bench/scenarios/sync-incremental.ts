import { ChildTimeout } from '../support/child';
import { api } from '../support/http';
import { log } from '../support/log';
import { Rng } from '../support/rng';
import { BOOK, cpuText, DELAY_MS, startPlatform, SYNC_LIMIT_MS, syncedBook, syncWithFeed } from '../support/synced-book';
import { row, stopped, unavailable, type Scenario } from '../support/types';

// 1 % of a synced 10,000-deal book changed on the platform, then a sync through the change feed
// (issue 17): its time against the latency bound of the requests it made (requests x 20 ms /
// the most in flight, at the proxy), i.e. of reading just the changed graphs.

const CHANGED = BOOK / 100;

export const syncIncremental: Scenario = {
  name: 'sync-incremental',
  needs: [{ deals: BOOK }],
  summary: `${CHANGED} of ${BOOK.toLocaleString('en-US')} synced deals changed on the platform, then a sync through the change feed vs requests x ${DELAY_MS} ms / the most in flight`,
  async run(ctx) {
    let book;
    try {
      book = await syncedBook(ctx);
    } catch (err) {
      if (!(err instanceof ChildTimeout)) throw err;
      return [unavailable('sync-incremental', 'ratio <= 1.5', 'the first sync of the book was stopped before it finished')];
    }
    const platform = await startPlatform(book.platformDir, book.url);
    try {
      // The edit goes to the server itself, not through the proxy: only the sync is counted.
      const { origin, token } = platform.server;
      const ids = (await api<{ dealIds: string[] }>(origin, token, 'GET', '/getAllDealIds')).body.dealIds;
      const rng = new Rng(17);
      const chosen = new Set<string>();
      while (chosen.size < CHANGED) chosen.add(rng.pick(ids));
      const stamp = new Date().toISOString();
      const edit = await api<{ success: boolean; errors?: unknown[] }>(origin, token, 'PATCH', '/bulkUpdateDeals', {
        itemsToUpdate: [...chosen].map((id) => ({ id, updates: [{ property: 'Note', value: `changed on the platform ${stamp}` }] })),
      });
      if (edit.status !== 200 || !edit.body.success || (edit.body.errors?.length ?? 0) > 0) throw new Error(`the platform's bulk update failed: HTTP ${edit.status}`);

      let sync;
      try {
        sync = await syncWithFeed(platform, book.localDir, SYNC_LIMIT_MS);
      } catch (err) {
        if (!(err instanceof ChildTimeout)) throw err;
        return [stopped('sync-incremental', 'ms', null, 'ratio <= 1.5', SYNC_LIMIT_MS)];
      }
      const { summary, ms } = sync.result;
      if (summary.pulled !== CHANGED) throw new Error(`the sync pulled ${summary.pulled} deals, expected the ${CHANGED} changed`);
      const note = `${sync.requests} requests, at most ${sync.maxInFlight} in flight (at the proxy); pulled ${summary.pulled}, unchanged ${summary.unchanged}; ${cpuText(sync)}`;
      log(`sync-incremental: ${ms.toFixed(0)} ms, latency bound ${sync.latencyBoundMs.toFixed(0)} ms; ${note}`);
      return [row('sync-incremental', ms, sync.latencyBoundMs, 'ms', { ratio: '<=', limit: 1.5 }, note)];
    } finally {
      await platform.stop();
    }
  },
};
