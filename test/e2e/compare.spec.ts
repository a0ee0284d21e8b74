import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { multiple, pct, usd } from '../../src-main/contract/format';
import { expect, invoke, test } from './fixtures';

/*
 * Issue 15: compare deals. Selected in the pipeline (2 to 4; otherwise the button says why),
 * side by side with the differences highlighted, exported to XLSX and read back with exceljs.
 */

const SCREENS = join(resolve(import.meta.dirname, '..', '..'), 'test-results', 'screens');

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
}

test('two deals selected in the pipeline compare side by side and export to an XLSX workbook', async ({ page, uw }) => {
  await page.goto(uw.openUrl);
  const rows = page.getByTestId('pipeline-row');
  await expect(rows.first()).toBeVisible();
  const compare = page.getByTestId('compare-deals');

  // Nothing or one selected: the button stays, says why, and does nothing.
  await expect(compare).toHaveAttribute('aria-disabled', 'true');
  await rows.nth(0).getByRole('checkbox').click();
  await compare.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Select 2 to 4 deals to compare (1 is selected).');
  await compare.click({ force: true });
  await expect(page.getByTestId('pipeline-grid')).toBeVisible();

  // Five: too many.
  for (const i of [1, 2, 3, 4]) await rows.nth(i).getByRole('checkbox').click();
  await compare.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Compare at most 4 deals at a time: 5 are selected.');
  for (const i of [2, 3, 4]) await rows.nth(i).getByRole('checkbox').click();

  // Two, from the keyboard: Tab to the button, Enter.
  const ids = [await rows.nth(0).getAttribute('data-deal-id'), await rows.nth(1).getAttribute('data-deal-id')] as string[];
  await expect(compare).toHaveAttribute('aria-disabled', 'false');
  await compare.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Compare the 2 selected deals side by side');
  await screenshot(page, 'pipeline-compare-selected');
  await compare.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/compare\\?ids=${ids.join(',')}$`));

  // Every figure as the deal page reads it, differences marked.
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible();
  const infos = await Promise.all(ids.map((id) => invoke(uw, 'deal.info', { id })));
  const cells = (figure: string) => page.locator(`[data-testid=compare-row][data-figure=${figure}] td`);
  for (const [i, info] of infos.entries()) {
    await expect(table.getByRole('link', { name: info.seedName })).toBeVisible();
    await expect(cells('grossLoan').nth(i + 1)).toContainText(usd(info.grossLoan));
    await expect(cells('interestRate').nth(i + 1)).toContainText(pct(info.interestRate, 3));
    await expect(cells('dscr').nth(i + 1)).toContainText(multiple(info.collateralTotals.dscr));
    await expect(cells('ltv').nth(i + 1)).toContainText(pct(info.ltv, 1));
  }
  const comparison = await invoke(uw, 'deals.compare', { ids });
  for (const f of comparison.figures) {
    await expect(page.locator(`[data-testid=compare-row][data-figure=${f.key}]`)).toHaveAttribute('data-differs', String(f.differs));
  }
  expect(comparison.figures.some((f: { differs: boolean }) => f.differs)).toBe(true);
  await screenshot(page, 'compare');

  // Export: a download in web mode, read back with exceljs.
  await page.getByTestId('compare-export').click();
  const link = page.getByTestId('compare-download');
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^deal-comparison-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Figure', infos[0].seedName, infos[1].seedName, 'Differs']);
  const labels = sheet.getColumn(1).values;
  const row = (label: string) => sheet.getRow(labels.indexOf(label));
  expect([row('Loan amount').getCell(2).value, row('Loan amount').getCell(3).value]).toEqual(infos.map((d) => d.grossLoan));
  expect([row('Note rate').getCell(2).value, row('Note rate').getCell(3).value]).toEqual(infos.map((d) => d.interestRate));
  expect([row('DSCR').getCell(2).value, row('DSCR').getCell(3).value]).toEqual(infos.map((d) => d.collateralTotals.dscr));
  // The API's debt yield is a percentage (12.7); the workbook keeps every ratio as a fraction in a percent format.
  expect(row('Debt yield').getCell(2).value).toBeCloseTo(infos[0].collateralTotals.debtYield / 100, 12);
  expect(row('Debt yield').getCell(2).numFmt).toContain('%');
  expect(row('NOI').getCell(3).value).toBe(infos[1].collateralTotals.netOperatingIncome);
  for (const f of comparison.figures) expect(row(f.label).getCell(4).value).toBe(f.differs ? 'yes' : 'no');
});

test('a comparison link with one deal says what to do instead of comparing', async ({ page, uw }) => {
  const [id] = (await invoke(uw, 'deals.ids', {})).dealIds as string[];
  await page.goto(uw.openUrl);
  await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
  await page.evaluate((deal) => (window.location.hash = `#/compare?ids=${deal}`), id);
  await expect(page.getByTestId('compare-refused')).toContainText('Select 2 to 4 deals to compare (1 is selected).');
  await expect(page.getByTestId('compare-table')).toHaveCount(0);
});
