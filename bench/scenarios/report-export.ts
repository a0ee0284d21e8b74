import { createReadStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { STORE_FILE } from '../../src-main/server/service';
import { ChildTimeout, ROOT, runTsChild } from '../support/child';
import { log } from '../support/log';
import { row, stopped, unavailable, type Scenario } from '../support/types';

const ROWS = 100_000;
const RSS_LIMIT_MB = 300;
/** Each export child is stopped after this long, so the run stays bounded. */
const EXPORT_LIMIT_MS = 180_000;

interface Measured {
  ms: number;
  maxRssKiB: number;
  rows?: number;
}

const mb = (kib: number) => kib / 1024;

async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const _line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) n++;
  return n;
}

/** The export code, being written by others: present once src-main/reports and the report command are. */
export function reportExportAvailable(): string | null {
  for (const path of ['src-main/reports/index.ts', 'src-main/cli/report.ts', 'src-main/gateway/cross-deal-report.ts']) {
    if (!existsSync(join(ROOT, path))) return `${path} does not exist yet`;
  }
  return null;
}

export const reportExport: Scenario = {
  name: 'report-export',
  needs: [{ reportRows: ROWS }],
  summary: `uw report --format csv|xlsx of ${ROWS.toLocaleString('en-US')} report rows (each in a child process) vs a raw prepared statement writing plain CSV lines`,
  async run({ stores, tmp }) {
    const missing = reportExportAvailable();
    if (missing) {
      return [
        unavailable('report-export csv', 'ratio <= 2', missing),
        unavailable('report-export xlsx', 'ratio <= 6', missing),
      ];
    }
    const dataDir = await stores.reportRows(ROWS);
    const outDir = join(tmp, 'report-export');
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const raw = (n: number) =>
      runTsChild<Measured>('bench/children/report-raw.ts', { file: join(dataDir, STORE_FILE), out: join(outDir, `raw-${n}.csv`) }, { timeoutMs: 120_000 });
    /** An export, or null when it was stopped at the time limit. */
    const exportAs = async (format: 'csv' | 'xlsx'): Promise<Measured | null> => {
      try {
        return await runTsChild<Measured>('bench/children/report-export.ts', { dataDir, format, out: join(outDir, `report.${format}`) }, { timeoutMs: EXPORT_LIMIT_MS });
      } catch (err) {
        if (err instanceof ChildTimeout) return null;
        throw err;
      }
    };

    // The ceiling runs before and after the exports (its mean evens out drift in the machine's
    // load); the first run also brings the store into the page cache.
    const raw1 = await raw(1);
    const csv = await exportAs('csv');
    const xlsx = await exportAs('xlsx');
    const raw2 = await raw(2);
    for (const r of [raw1, raw2]) if (r.rows !== ROWS) throw new Error(`the raw statement read ${r.rows} rows, not ${ROWS}`);
    if (csv) {
      // header + rows + totals row
      const csvLines = await countLines(join(outDir, 'report.csv'));
      if (csvLines !== ROWS + 2) throw new Error(`report.csv has ${csvLines} lines, expected ${ROWS + 2}`);
    }
    if (xlsx && statSync(join(outDir, 'report.xlsx')).size === 0) throw new Error('report.xlsx is empty');
    const ceilingMs = (raw1.ms + raw2.ms) / 2;
    const ceilingRss = Math.max(mb(raw1.maxRssKiB), mb(raw2.maxRssKiB));
    const show = (m: Measured | null) => (m ? `${m.ms.toFixed(0)} ms (${mb(m.maxRssKiB).toFixed(0)} MB)` : `stopped at ${EXPORT_LIMIT_MS / 1000} s`);
    log(`report-export: csv ${show(csv)}, xlsx ${show(xlsx)}, raw ${raw1.ms.toFixed(0)} / ${raw2.ms.toFixed(0)} ms (${ceilingRss.toFixed(0)} MB)`);
    const rss = { value: '<=', limit: RSS_LIMIT_MB, unit: 'MB' } as const;
    return [
      csv
        ? row('report-export csv', csv.ms, ceilingMs, 'ms', { ratio: '<=', limit: 2 }, `${ROWS} rows; ceiling: mean of the raw statement before and after`)
        : stopped('report-export csv', 'ms', ceilingMs, 'ratio <= 2', EXPORT_LIMIT_MS),
      xlsx
        ? row('report-export xlsx', xlsx.ms, ceilingMs, 'ms', { ratio: '<=', limit: 6 }, `${ROWS} rows`)
        : stopped('report-export xlsx', 'ms', ceilingMs, 'ratio <= 6', EXPORT_LIMIT_MS),
      csv
        ? row('report-export csv rss', mb(csv.maxRssKiB), ceilingRss, 'MB', rss, 'peak RSS of the child (VmHWM)')
        : unavailable('report-export csv rss', 'value <= 300 MB', 'the export was stopped before it finished'),
      xlsx
        ? row('report-export xlsx rss', mb(xlsx.maxRssKiB), ceilingRss, 'MB', rss, 'peak RSS of the child (VmHWM)')
        : unavailable('report-export xlsx rss', 'value <= 300 MB', 'the export was stopped before it finished'),
    ];
  },
};
