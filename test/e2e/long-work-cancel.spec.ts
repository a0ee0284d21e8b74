import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, invoke, startUwServer, test, type UwServer } from './fixtures';
import { type BridgeEvent, pauseAtEvent, unreadBytes } from './server-pause';

/*
 * Issue 17: the portfolio stress on a larger book (3,000 deals, six batches, ten scenarios) shows its progress
 * while it runs, and its Cancel button stops it (the screen says so, and Run stress runs it
 * again). The exports' Cancel (the report in XLSX, the stress in CSV): the export shows its
 * progress, Cancel stops it, no file is left where web mode writes its exports, and the next
 * export writes the whole file, downloaded and read back.
 */

const DEALS = 3_000;
/** The three built-in scenarios and seven custom ones: ten per deal, picked on the screen. */
const CUSTOM = Array.from({ length: 7 }, (_, i) => ({ name: `Rates +${i + 1}0 bp`, rateChangeBps: 10 * (i + 1) }));

async function pickEveryScenario(page: Page) {
  const chips = page.getByTestId('stress-scenarios');
  for (const scenario of CUSTOM) await chips.getByText(scenario.name, { exact: true }).click();
  await expect(page.getByTestId('stress-scenarios-error')).toHaveCount(0);
}

test.describe('cancelling long work on 3,000 deals', () => {
  test.describe.configure({ timeout: 300_000 });
  let uw: UwServer;
  let stop: () => Promise<void>;
  /** The server's TMPDIR: web mode writes each export into a folder of its own there, then serves it once. */
  let tmp: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    tmp = await mkdtemp(join(tmpdir(), 'uw-e2e-tmpdir-'));
    ({ server: uw, stop } = await startUwServer({ demoDeals: DEALS, startTimeoutMs: 240_000, env: { TMPDIR: tmp } }));
    for (const scenario of CUSTOM) await invoke(uw, 'analysis.saveScenario', { scenario });
  });
  test.afterAll(async () => {
    await stop?.();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** Every file in the folders web mode writes its exports to (temporary files included). */
  async function exportFiles(): Promise<string[]> {
    const folders = (await readdir(tmp)).filter((name) => name.startsWith('uw-web-exports-'));
    const files = await Promise.all(folders.map(async (folder) => (await readdir(join(tmp, folder))).map((file) => `${folder}/${file}`)));
    return files.flat();
  }

  /**
   * Starts long work by `button`, holds the server still at the work's first progress event
   * (of `phase`, `'*'` for any) while the banner shows it and its Cancel is clicked, then lets it
   * go on (server-pause.ts). Returns the total the progress named.
   */
  async function startAndCancel(
    page: Page,
    options: { button: Locator; event: string; phase: string; workId: (payload: BridgeEvent['payload']) => string; banner: Locator; running: RegExp },
  ) {
    const pause = await pauseAtEvent(uw, options.event, options.phase);
    try {
      await options.button.click();
      const { payload } = await pause.paused;
      await expect(options.banner).toContainText(options.running);
      await expect(options.banner).toContainText(`of ${payload.total.toLocaleString('en-US')}`);
      const before = unreadBytes(uw);
      const cancelSent = page.waitForRequest((r) => r.url().endsWith('/bridge/invoke') && r.postDataJSON()?.channel === 'work.cancel');
      await options.banner.getByRole('button', { name: 'Cancel' }).click();
      expect((await cancelSent).postDataJSON().payload).toEqual({ id: options.workId(payload) });
      await expect(options.banner).toContainText('Cancelling the');
      // The cancel waits in the server's socket before the server goes on with the work.
      await expect.poll(() => unreadBytes(uw)).toBeGreaterThan(before);
      // How far the work had got when the server stopped (its last progress before the stop).
      const id = options.workId(payload);
      const last = pause.seen.filter((e) => e.event === options.event && options.workId(e.payload) === id).at(-1)!;
      test.info().annotations.push({ type: 'paused at', description: `${last.payload.phase ?? 'stress'} ${last.payload.done} of ${last.payload.total}` });
      return payload.total as number;
    } finally {
      pause.resume();
    }
  }

  test('a running stress shows its progress, Cancel stops it, and Run stress runs it again', async ({ page }) => {
    await page.goto(uw.openUrl);
    await page.keyboard.press('Alt+5');
    await expect(page.getByRole('heading', { name: 'Portfolio stress' })).toBeVisible();
    await pickEveryScenario(page);
    // Ten scenarios on 3,000 deals still run in seconds on a fast machine: the server is held still at the first progress.
    const total = await startAndCancel(page, {
      button: page.getByTestId('stress-run'),
      event: 'analysis.stressProgress',
      phase: '*',
      workId: (payload) => payload.runId,
      banner: page.getByTestId('stress-progress'),
      running: /Stressing the book: [\d,]+ of 3,000 deals/,
    });
    expect(total).toBe(DEALS);
    await expect(page.getByTestId('stress-cancelled')).toContainText('The stress was cancelled before it finished');
    await expect(page.getByTestId('stress-progress')).toHaveCount(0);

    await page.getByTestId('stress-run').click();
    const base = page.locator('[data-testid=stress-summary-row][data-scenario=base]');
    await expect(base).toContainText('3,000', { timeout: 120_000 });
    await expect(page.getByTestId('stress-cancelled')).toHaveCount(0);
  });

  test('a running report export shows its progress, Cancel leaves no file, and the next export writes the whole report', async ({ page }) => {
    await page.goto(uw.openUrl);
    await page.getByRole('link', { name: 'Cross-deal report' }).click();
    await expect(page.getByTestId('report-totals')).toBeVisible();

    const rows = await startAndCancel(page, {
      button: page.getByTestId('export-xlsx'),
      event: 'report.exportProgress',
      phase: 'writing',
      workId: (payload) => payload.exportId,
      banner: page.locator('[data-testid=export-progress][data-format=xlsx]'),
      running: /Writing XLSX: [\d,]+ of [\d,]+ rows/,
    });
    await expect(page.locator('[data-testid=export-cancelled][data-format=xlsx]')).toContainText('No file was written');
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
    expect(await exportFiles()).toEqual([]);

    await page.getByTestId('export-xlsx').click();
    const done = page.locator('[data-testid=export-done][data-format=xlsx]');
    await expect(done).toContainText(`${rows.toLocaleString('en-US')} rows are ready in collateral-report-`);
    // The finished file, and nothing of the cancelled export, waits in the exports folder.
    expect(await exportFiles()).toEqual([expect.stringMatching(/^uw-web-exports-\w+\/[0-9a-f-]{36}-collateral-report-\d{4}-\d{2}-\d{2}\.xlsx$/)]);
    const [download] = await Promise.all([page.waitForEvent('download'), done.getByTestId('export-download').click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('Collateral report')!;
    // The header, every row, and the totals row.
    expect(sheet.actualRowCount).toBe(rows + 2);
    expect(sheet.getRow(rows + 2).getCell(1).value).toBe('Total');
    expect(sheet.getRow(rows + 2).getCell(2).value).toBe(`${rows} collaterals of ${DEALS} deals`);
    // Served once, then removed.
    await expect.poll(exportFiles).toEqual([]);
  });

  test('a running stress export shows its progress, Cancel leaves no file, and the next export writes every deal', async ({ page }) => {
    await page.goto(uw.openUrl);
    await page.keyboard.press('Alt+5');
    await expect(page.getByRole('heading', { name: 'Portfolio stress' })).toBeVisible();
    // The three built-in scenarios, every deal listed (not only those that breach): the export is of the last run.
    await page.getByRole('switch', { name: 'List only the deals that breach' }).uncheck();
    await page.getByTestId('stress-run').click();
    await expect(page.locator('[data-testid=stress-summary-row][data-scenario=base]')).toContainText('3,000', { timeout: 120_000 });

    const deals = await startAndCancel(page, {
      button: page.getByTestId('stress-export-csv'),
      event: 'analysis.exportProgress',
      phase: 'writing',
      workId: (payload) => payload.exportId,
      banner: page.locator('[data-testid=stress-export-progress][data-format=csv]'),
      running: /Stressing and writing CSV: [\d,]+ of 3,000 deals/,
    });
    expect(deals).toBe(DEALS);
    await expect(page.locator('[data-testid=stress-export-cancelled][data-format=csv]')).toContainText('No file was written');
    await expect(page.getByTestId('stress-export-progress')).toHaveCount(0);
    expect(await exportFiles()).toEqual([]);

    await page.getByTestId('stress-export-csv').click();
    const done = page.locator('[data-testid=stress-export-done][data-format=csv]');
    await expect(done).toContainText('3,000 deals are ready in portfolio-stress-', { timeout: 60_000 });
    expect(await exportFiles()).toEqual([expect.stringMatching(/^uw-web-exports-\w+\/[0-9a-f-]{36}-portfolio-stress-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const [download] = await Promise.all([page.waitForEvent('download'), done.getByTestId('stress-export-download').click()]);
    // The per-deal table, an empty line, then the summary table: Base and the three scenarios.
    const [table, summary] = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n\r\n');
    const perDeal = Papa.parse<Record<string, string>>(table!.trim(), { header: true });
    expect(perDeal.errors).toEqual([]);
    expect(perDeal.data).toHaveLength(DEALS);
    expect(new Set(perDeal.data.map((row) => row['Deal ID'])).size).toBe(DEALS);
    const summaryRows = Papa.parse<string[]>(summary!.trim()).data;
    expect(summaryRows).toHaveLength(1 + 4);
    expect(summaryRows[1]![0]).toBe('Base');
    await expect.poll(exportFiles).toEqual([]);
  });
  // The other formats (the report in CSV, the stress in XLSX) and an earlier file kept at the
  // target are cancelled through the channel table in test/src-main/app/long-work.test.ts.
});
