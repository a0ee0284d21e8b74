import ExcelJS from 'exceljs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StressPortfolioResponseDto } from '../../../src-main/contract';
import { STRESS_DEALS_SHEET, STRESS_SUMMARY_SHEET } from '../../../src-main/reports/stress-export';
import { runUw } from '../../support/cli';
import { startTestService, tempDir, type TestService } from '../../support/service';
import { readCsv } from '../reports/fixtures/csv-reader';

/*
 * uw stress: the portfolio stress of a data directory written to CSV / XLSX, read back with a CSV
 * reader and exceljs and compared with POST stressPortfolio of the same scenarios over HTTP.
 */

let s: TestService;
let data: { path: string; remove(): void };
let out: { path: string; remove(): void };
let api: StressPortfolioResponseDto;
const SHIPPED = ['mild', 'moderate', 'severe'];
/** The shipped scenarios as the screen (and the files) name them. */
const LABELS = ['Mild', 'Moderate', 'Severe'];
/** A breach's metric in the words the files write it. */
const METRIC_WORDS: Record<string, string> = { Dscr: 'DSCR', Ltv: 'LTV', Ltc: 'LTC', DebtYield: 'Debt yield' };

beforeAll(async () => {
  data = tempDir('uw-stress-data-');
  out = tempDir('uw-stress-out-');
  s = await startTestService({ demoDeals: 20, dataDir: data.path });
  const config = JSON.parse(readFileSync(join(import.meta.dirname, '../../../resources/system-config.json'), 'utf8')) as {
    stressScenarios: { name: string; label?: string; source: string }[];
  };
  const scenarios = SHIPPED.map((name) => {
    const { label: _l, source: _s, ...shocks } = config.stressScenarios.find((x) => x.name === name)!;
    return shocks;
  });
  api = (await s.api('POST', '/stressPortfolio', { scenarios, pageSize: 1000 })).body;
  expect(api.success, JSON.stringify(api.error)).toBe(true);
}, 120_000);
afterAll(async () => {
  await s.stop();
  data.remove();
  out.remove();
});

const args = (file: string, ...more: string[]) => ['stress', '--data-dir', data.path, ...SHIPPED.flatMap((x) => ['--scenario', x]), '--out', file, ...more];

describe('uw stress --format csv', () => {
  it('writes every deal with its base and stressed figures, then the summary per scenario, as the endpoint computes them', async () => {
    const file = join(out.path, 'stress.csv');
    const run = await runUw([...args(file), '--format', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`wrote ${api.base.deals} deals x 3 scenarios to ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const records = readCsv(text.slice(1));
    const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
    const [header, ...deals] = records.slice(0, blank);
    const [summaryHeader, ...summary] = records.slice(blank + 1).filter((r) => !(r.length === 1 && r[0] === ''));
    expect(header!.slice(0, 3)).toEqual(['Deal ID', 'Deal name', 'Loan amount']);
    expect(header).toContain('Severe DSCR');
    expect(deals).toHaveLength(api.base.deals);
    const col = (title: string) => header!.indexOf(title);
    for (const row of api.rows) {
      const line = deals.find((d) => d[0] === row.dealId)!;
      expect(Number(line[col('Loan amount')])).toBe(row.loanAmount);
      const num = (v: number | null) => (v === null ? '' : String(v));
      expect(line[col('Base DSCR')]).toBe(num(row.base.dscr));
      expect(line[col('Mild LTV')]).toBe(num(row.scenarios[0]!.stressed.ltv));
      // Debt yield in the convention of every ratio of the file: a decimal fraction.
      const debtYield = row.scenarios[2]!.stressed.debtYield;
      if (debtYield === null) expect(line[col('Severe debt yield')]).toBe('');
      else expect(Number(line[col('Severe debt yield')])).toBeCloseTo(debtYield / 100, 15);
      expect(line[col('Severe breaches')]!.split('; ').filter(Boolean).map((b) => b.split(/ \d|:/)[0])).toEqual(
        row.scenarios[2]!.breaches.map((b) => METRIC_WORDS[b.metric]),
      );
    }
    expect(summaryHeader![0]).toBe('Scenario');
    expect(summary.map((r) => r[0])).toEqual(['Base', ...LABELS]);
    const sIdx = (t: string) => summaryHeader!.indexOf(t);
    api.scenarios.forEach((sc, k) => {
      const line = summary[k + 1]!;
      expect(Number(line[sIdx('Deals')])).toBe(sc.deals);
      expect(Number(line[sIdx('Exposure')])).toBe(sc.exposure);
      expect(Number(line[sIdx('DSCR below policy (deals)')])).toBe(sc.dscrBelowPolicy.count);
      expect(Number(line[sIdx('LTV above policy (exposure)')])).toBe(sc.ltvAbovePolicy.exposure);
      expect(line[sIdx('Weighted DSCR')]).toBe(sc.weightedDscr === null ? '' : String(sc.weightedDscr));
    });
  }, 60_000);
});

describe('uw stress --format xlsx', () => {
  it('writes a Deals and a Summary sheet with typed cells and a print setup', async () => {
    const file = join(out.path, 'stress.xlsx');
    const run = await runUw([...args(file), '--format', 'xlsx']);
    expect(run.code, run.stderr).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const deals = workbook.getWorksheet(STRESS_DEALS_SHEET)!;
    const summary = workbook.getWorksheet(STRESS_SUMMARY_SHEET)!;
    expect(deals.rowCount).toBe(api.base.deals + 1);
    const header = (deals.getRow(1).values as unknown[]).slice(1) as string[];
    const dscrCol = header.indexOf('Moderate DSCR') + 1;
    const first = api.rows[0]!;
    const row = [...Array(deals.rowCount).keys()].map((i) => deals.getRow(i + 1)).find((r) => r.getCell(1).value === first.dealId)!;
    expect(row.getCell(dscrCol).value).toBe(first.scenarios[1]!.stressed.dscr);
    expect(row.getCell(dscrCol).numFmt).toBe('0.00"x"');
    expect(deals.pageSetup.orientation).toBe('landscape');
    expect(deals.pageSetup.fitToWidth).toBe(1);
    expect(summary.getRow(2).getCell(1).value).toBe('Base');
    expect(summary.getRow(5).getCell(1).value).toBe('Severe');
    expect(summary.getRow(5).getCell(3).value).toBe(api.scenarios[2]!.deals);
    expect(summary.getRow(5).getCell(4).value).toBe(api.scenarios[2]!.exposure);
  }, 60_000);
});

describe('uw stress: bad input', () => {
  it('prints its help', async () => {
    const run = await runUw(['stress', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('uw stress');
    expect(run.stdout).toContain('--scenario');
  });

  it('refuses an existing out file unless --force, and replaces it with --force', async () => {
    const file = join(out.path, 'exists.csv');
    writeFileSync(file, 'keep me');
    const refused = await runUw([...args(file), '--format', 'csv']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/exists; add --force/);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    const forced = await runUw([...args(file), '--format', 'csv', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toBe('keep me');
  }, 60_000);

  it.each([
    [['--scenario', 'apocalyptic'], /--scenario "apocalyptic" is neither a scenario/],
    [['--profile', 'Nope'], /--profile: unknown credit policy profile "Nope"/],
    [['--filter', '{"states":["Nowhere"]}'], /--filter/],
    [['--filter', '{not json'], /--filter is not valid JSON/],
    [['--format', 'pdf'], /--format must be csv or xlsx/],
  ])('refuses %j on one line with a non-zero exit', async (extra, message) => {
    const file = join(out.path, `bad-${Math.random().toString(36).slice(2)}.csv`);
    const format = extra.includes('--format') ? [] : ['--format', 'csv'];
    const run = await runUw([...args(file), ...format, ...extra]);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('refuses more than 10 scenarios and a scenario file with no shock', async () => {
    const file = join(out.path, 'many.csv');
    const many = await runUw(['stress', '--data-dir', data.path, ...Array(11).fill(['--scenario', 'mild']).flat(), '--format', 'csv', '--out', file]);
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/at most 10 scenarios/);
    const none = join(out.path, 'none.json');
    writeFileSync(none, JSON.stringify({ name: 'calm', rateChangeBps: 0 }));
    const noShock = await runUw(['stress', '--data-dir', data.path, '--scenario', none, '--format', 'csv', '--out', file]);
    expect(noShock.code).toBe(2);
    expect(noShock.stderr).toMatch(/at least one non-zero shock/);
    const custom = join(out.path, 'rates.json');
    writeFileSync(custom, JSON.stringify({ name: 'rates', rateChangeBps: 250 }));
    const ok = await runUw(['stress', '--data-dir', data.path, '--scenario', custom, '--format', 'csv', '--out', file]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('rates DSCR');
  }, 60_000);
});
