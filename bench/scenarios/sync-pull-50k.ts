import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ChildTimeout } from '../support/child';
import { cpuText, dataDirMb, DELAY_MS, emptyWorkstation, startPlatform, syncWithFeed } from '../support/synced-book';
import { row, stopped, type Scenario } from '../support/types';

// The first sync of the 50,000-deal demo book through the change feed and bulk graph reads
// (issue 17: "the initial sync also at 50,000 deals: bounded memory, progress shown"), the
// same measurement as sync-pull-10k at five times the book. It takes 7 to 15 minutes on a
// 2-core machine, so a full run leaves it out: name it (--only sync-pull-50k).

const BOOK = 50_000;
const LIMIT_MS = 40 * 60_000;

export const syncPull50k: Scenario = {
  name: 'sync-pull-50k',
  optIn: true,
  needs: [{ deals: BOOK }],
  summary:
    `first sync of ${BOOK.toLocaleString('en-US')} deals through the change feed, behind a proxy adding ${DELAY_MS} ms per request, ` +
    `vs requests x ${DELAY_MS} ms / the most in flight; peak RSS of the sync process and its V8 heap over the pull (only with --only)`,
  async run({ stores, tmp }) {
    const platformDir = stores.copy(await stores.deals(BOOK), 'sync-50k-platform');
    const localDir = emptyWorkstation(join(tmp, 'sync-50k-local'));
    const platform = await startPlatform(platformDir);
    let sync;
    try {
      sync = await syncWithFeed(platform, localDir, LIMIT_MS);
    } catch (err) {
      if (!(err instanceof ChildTimeout)) throw err;
      return [stopped('sync-pull-50k', 'ms', null, 'reported', LIMIT_MS)];
    } finally {
      await platform.stop();
      // The two stores take about 6 GB: not kept past the row.
      rmSync(platformDir, { recursive: true, force: true });
    }
    const { result, requests, maxInFlight, latencyBoundMs } = sync;
    if (result.summary.pulled !== BOOK) throw new Error(`the first sync pulled ${result.summary.pulled} of ${BOOK} deals`);
    const storeMb = dataDirMb(localDir);
    rmSync(localDir, { recursive: true, force: true });
    // The heap at each tenth of the book: a pull whose memory grew with the book would show here.
    const tenths = Array.from({ length: 10 }, (_, i) => result.samples.find((s) => s.done >= (BOOK * (i + 1)) / 10))
      .filter((s) => s !== undefined)
      .map((s) => `${s.heapMb.toFixed(0)}`);
    const rss = result.samples.map((s) => s.rssMb);
    const memory =
      `peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.startRssMb.toFixed(0)} MB when the sync started; ${Math.min(...rss).toFixed(0)} to ${Math.max(...rss).toFixed(0)} MB at the progress events); ` +
      `V8 heap at each tenth of the book ${tenths.join(', ')} MB`;
    return [
      row('sync-pull-50k', result.ms, latencyBoundMs, 'ms', 'reported', `${requests} requests, at most ${maxInFlight} in flight; ${cpuText(sync)}; ${result.samples.length} progress events`),
      row('sync-pull-50k peak RSS', result.peakRssMb, null, 'MB', 'reported', memory),
      row('sync-pull-50k store', storeMb, null, 'MB', 'reported', "the workstation's data directory after the sync (the working copy, the shadow, the WAL)"),
    ];
  },
};
