// Child process: one long piece of the workstation's work at the size of a data directory, as
// the UI runs it (the app's channel table, with its progress events): the portfolio stress run
// (analysis.stressPortfolio with a runId, the shipped mild, moderate and severe scenarios), the
// portfolio stress export (analysis.exportStress, CSV) or the cross-deal report export
// (report.export, CSV); `none` answers app.info only (the baseline: the table and its warm-up). Reports its time, the peak RSS of this process and the progress events.
// The channel table also starts the pipeline's warm-up, as the app does at start.

import { join } from 'node:path';
import { createChannelTable } from '../../src-main/app';
import { createOfflinePlaceLookup } from '../../src-main/gateway/place-lookup/offline-place-lookup';
import { STORE_FILE } from '../../src-main/server/service';
import { closeSqliteStore, openSqliteStore } from '../../src-main/store/sqlite-store';
import { loadSystemConfig } from '../../src-main/store/system-config';
import { childArgs, reply } from '../support/child';
import { peakRssKiB } from '../support/peak-rss';

type Job = 'stress' | 'stress-export-csv' | 'report-csv' | 'none';
const args = childArgs<{ dataDir: string; job: Job; out: string }>();
const config = loadSystemConfig(args.dataDir);
const store = openSqliteStore({ file: join(args.dataDir, STORE_FILE) });
let progressEvents = 0;
let lastProgress: unknown = null;
const table = createChannelTable({
  mode: 'web',
  gateway: { store, places: createOfflinePlaceLookup(), config, now: () => new Date() },
  dataDir: args.dataDir,
  emit: (event, payload) => {
    if (event === 'analysis.stressProgress' || event === 'analysis.exportProgress' || event === 'report.exportProgress') {
      progressEvents++;
      lastProgress = payload;
    }
  },
  exportTarget: async () => ({ file: args.out }),
  log: () => {},
});
const scenarios = config.stressScenarios
  .filter((s) => ['mild', 'moderate', 'severe'].includes(s.name))
  .map(({ label: _label, source: _source, ...shocks }) => shocks);

const started = performance.now();
const answer =
  args.job === 'none'
    ? await table.dispatch('app.info', {})
    : args.job === 'stress'
    ? await table.dispatch('analysis.stressPortfolio', { scenarios, pageSize: 25, runId: 'bench' })
    : args.job === 'stress-export-csv'
      ? await table.dispatch('analysis.exportStress', { request: { scenarios }, format: 'csv', exportId: 'bench' })
      : await table.dispatch('report.export', { filter: {}, format: 'csv', exportId: 'bench' });
const ms = performance.now() - started;
if (!answer.ok) throw new Error(`${args.job} failed: ${answer.error}`);
const value = answer.value as { base?: { deals: number }; rows?: number };
table.close();
await closeSqliteStore(store);
// The peak resident set of this process image, KiB (VmHWM: see bench/support/peak-rss.ts).
reply({ ms, maxRssKiB: peakRssKiB(), items: value.base?.deals ?? value.rows ?? 0, progressEvents, lastProgress });
