import { ChildTimeout } from '../support/child';
import { BOOK, cpuText, dataDirMb, DELAY_MS, FIRST_SYNC_LIMIT_MS, syncedBook } from '../support/synced-book';
import { row, stopped, type BenchRow, type Scenario } from '../support/types';

// The first sync of a 10,000-deal book through the platform's change feed and bulk graph reads
// (issue 17), against the latency bound of the requests it made, with their count and the
// sync process's memory. The full walk of the same book costs about ten requests a deal.

const REQUEST_LIMIT = 200;

export const syncPull10k: Scenario = {
  name: 'sync-pull-10k',
  needs: [{ deals: BOOK }],
  summary:
    `first sync of ${BOOK.toLocaleString('en-US')} deals through the change feed and bulk graph reads, behind a proxy adding ${DELAY_MS} ms per request, ` +
    `vs requests x ${DELAY_MS} ms / the most in flight; requests counted at the proxy; peak RSS of the sync process`,
  async run(ctx) {
    let first, localDir;
    try {
      ({ first, localDir } = await syncedBook(ctx));
    } catch (err) {
      if (!(err instanceof ChildTimeout)) throw err;
      return [stopped('sync-pull-10k', 'ms', null, 'ratio <= 1.5', FIRST_SYNC_LIMIT_MS)];
    }
    const { result, requests, maxInFlight, latencyBoundMs } = first;
    // Memory over the pull: the V8 heap as a tenth, half and all of the book were applied (a
    // heap that grew with the book would show here), and its most.
    const at = (share: number) => result.samples.find((s) => s.done >= BOOK * share);
    const heapPeak = Math.max(...result.samples.map((s) => s.heapMb));
    const marks = [0.1, 0.5, 1]
      .map(at)
      .filter((s) => s !== undefined)
      .map((s) => `${s.heapMb.toFixed(0)} MB at ${s.done.toLocaleString('en-US')} deals`);
    const memory =
      `peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.startRssMb.toFixed(0)} MB when the sync started); ` +
      `V8 heap ${marks.join(', ')}, at most ${heapPeak.toFixed(0)} MB over ${result.samples.length} progress events`;
    const rows: BenchRow[] = [
      row('sync-pull-10k', result.ms, latencyBoundMs, 'ms', { ratio: '<=', limit: 1.5 }, `${requests} requests, at most ${maxInFlight} in flight (at the proxy); ${cpuText(first)}; ${memory}`),
      row('sync-pull-10k-requests', requests, null, 'requests', { value: '<=', limit: REQUEST_LIMIT, unit: 'requests' }, 'every request the proxy forwarded, the token included'),
      row('sync-pull-10k peak RSS', result.peakRssMb, null, 'MB', 'reported', memory),
      row('sync-pull-10k store', dataDirMb(localDir), null, 'MB', 'reported', "the workstation's data directory after the first sync (the working copy, the shadow, the WAL)"),
    ];
    return rows;
  },
};
