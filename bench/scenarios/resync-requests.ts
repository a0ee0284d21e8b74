import { ChildTimeout } from '../support/child';
import { log } from '../support/log';
import { BOOK, startPlatform, SYNC_LIMIT_MS, syncedBook, syncWithFeed } from '../support/synced-book';
import { row, stopped, unavailable, type Scenario } from '../support/types';

// A re-sync of an unchanged 10,000-deal book against a platform with the change feed (issue
// 17): the requests it makes, counted at the proxy. Without the feed it would read every graph
// again (about ten requests a deal).

const LIMIT = 5;

export const resyncRequests: Scenario = {
  name: 'resync-requests',
  needs: [{ deals: BOOK }],
  summary: `a re-sync of an unchanged ${BOOK.toLocaleString('en-US')}-deal book through the change feed: requests counted at the proxy`,
  async run(ctx) {
    let book;
    try {
      book = await syncedBook(ctx);
    } catch (err) {
      if (!(err instanceof ChildTimeout)) throw err;
      return [unavailable('resync-requests', `value <= ${LIMIT} requests`, 'the first sync of the book was stopped before it finished')];
    }
    const platform = await startPlatform(book.platformDir, book.url);
    try {
      let again;
      try {
        again = await syncWithFeed(platform, book.localDir, SYNC_LIMIT_MS);
      } catch (err) {
        if (!(err instanceof ChildTimeout)) throw err;
        return [stopped('resync-requests', 'requests', null, `value <= ${LIMIT} requests`, SYNC_LIMIT_MS)];
      }
      const { summary, ms, rowsWritten } = again.result;
      if (summary.pulled !== 0 || summary.removed !== 0) throw new Error(`the re-sync of an unchanged book pulled ${summary.pulled} and removed ${summary.removed} deals`);
      const note = `${ms.toFixed(0)} ms; pulled ${summary.pulled}, ${rowsWritten} rows written (SQLite total_changes())`;
      log(`resync-requests: ${again.requests} requests at the proxy; ${note}`);
      return [row('resync-requests', again.requests, null, 'requests', { value: '<=', limit: LIMIT, unit: 'requests' }, note)];
    } finally {
      await platform.stop();
    }
  },
};
