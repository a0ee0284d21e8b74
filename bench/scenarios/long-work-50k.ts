import { join } from 'node:path';
import { runTsChild } from '../support/child';
import { log } from '../support/log';
import { row, type Scenario } from '../support/types';

const DEALS = 50_000;
const RSS_LIMIT_MB = 300;

interface Measured {
  ms: number;
  maxRssKiB: number;
  items: number;
  progressEvents: number;
}

const mb = (kib: number) => kib / 1024;

/**
 * Issue 17: the portfolio stress and the cross-deal report export at 50,000 deals as the UI runs
 * them (the app's channel table, with progress events and a cancel signal), each in a child of its
 * own: the time, and the peak RSS of the process against the report's 300 MB bound. The ceiling of
 * the RSS rows is the same child answering app.info only (the table, its modules and the
 * pipeline's warm-up), for scale.
 */
export const longWork50k: Scenario = {
  name: 'long-work-50k',
  needs: [{ deals: DEALS }],
  summary: `analysis.stressPortfolio (mild, moderate, severe) and report.export (CSV) through the app's channel table on ${DEALS.toLocaleString('en-US')} deals: time, and peak RSS of the child`,
  async run({ stores, tmp }) {
    const dataDir = await stores.deals(DEALS);
    const child = (job: string) => runTsChild<Measured>('bench/children/app-work.ts', { dataDir, job, out: join(tmp, `long-work-${job}.csv`) }, { timeoutMs: 300_000 });
    const idle = await child('none');
    const stress = await child('stress');
    if (stress.items !== DEALS) throw new Error(`the stress saw ${stress.items} deals, expected ${DEALS}`);
    const report = await child('report-csv');
    log(
      `long-work-50k: idle ${mb(idle.maxRssKiB).toFixed(0)} MB; stress ${stress.ms.toFixed(0)} ms, ${mb(stress.maxRssKiB).toFixed(0)} MB, ${stress.progressEvents} progress events; ` +
        `report ${report.items} rows ${report.ms.toFixed(0)} ms, ${mb(report.maxRssKiB).toFixed(0)} MB, ${report.progressEvents} progress events`,
    );
    const rss = { value: '<=', limit: RSS_LIMIT_MB, unit: 'MB' } as const;
    return [
      row('stress-portfolio-50k', stress.ms, null, 'ms', 'reported', `${DEALS.toLocaleString('en-US')} deals x 3 scenarios through analysis.stressPortfolio with a runId`),
      row('stress-portfolio-50k rss', mb(stress.maxRssKiB), mb(idle.maxRssKiB), 'MB', rss, 'peak RSS of the child (VmHWM); ceiling: the same child answering app.info only'),
      row('report-export-50k', report.ms, null, 'ms', 'reported', `report.export CSV, ${report.items.toLocaleString('en-US')} rows`),
      row('report-export-50k rss', mb(report.maxRssKiB), mb(idle.maxRssKiB), 'MB', rss, 'peak RSS of the child (VmHWM); ceiling: the same child answering app.info only'),
    ];
  },
};
