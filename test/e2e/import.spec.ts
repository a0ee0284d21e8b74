import { readFileSync, writeFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, invoke, test } from './fixtures';

/*
 * The collateral import as a first-time user meets it, in web mode against the real
 * `uw serve --web --demo`: the template downloaded and filled in (a property type as the app
 * writes it, the address in Street, City, State and ZIP columns), every column mapped without a
 * click, the steps in words, and the report naming each row's deal with a link to it.
 */

test('collateral import from the downloaded template: columns mapped on their own, labels accepted, the report links the deals', async ({ page, uw }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(uw.openUrl);
  const { rows } = await invoke<{ rows: { id: string; seedName: string; loanId: string }[] }>(uw, 'deals.pipeline');
  const deal = rows.find((r) => r.loanId)!;

  await page.getByRole('link', { name: 'Collateral import' }).click();
  // The steps in words, none of them an endpoint's name.
  await expect(page.getByText('importCollaterals')).toHaveCount(0);
  await expect(page.getByText('Send the rows')).toBeVisible();

  // The list of columns, with what each expects.
  await page.getByRole('button', { name: 'Show the columns a file may have' }).click();
  const list = page.getByTestId('import-column-list');
  await expect(list).toBeVisible();
  const row = (column: string) => list.locator('tr').filter({ has: page.getByRole('cell', { name: column, exact: true }) });
  await expect(row('ZIP')).toContainText('The ZIP code');
  await expect(row('Valuation as of')).toContainText('YYYY-MM-DD');

  // The template, downloaded and filled in.
  await page.getByTestId('import-template').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template-download').click()]);
  expect(download.suggestedFilename()).toBe('collateral-import-template.csv');
  const templatePath = testInfo.outputPath('template.csv');
  await download.saveAs(templatePath);
  const [headers] = Papa.parse<string[]>(readFileSync(templatePath, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const values: Record<string, string> = {
    'Client item id': 't-1',
    Deals: deal.loanId,
    'Collateral name': 'Madison Annex',
    'Property type': 'Multi Family Apartments',
    Address: '1201 W Madison St',
    City: 'Chicago',
    State: 'IL',
    ZIP: '60607',
    'Valuation name': 'Broker opinion',
    'Valuation amount': '2500000',
    'Valuation as of': '2026-10-01',
    'Value basis': 'As Is',
  };
  const file = testInfo.outputPath('filled.csv');
  writeFileSync(file, Papa.unparse([headers!, headers!.map((h) => values[h] ?? '')]));

  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('import-file-summary')).toHaveText(`1 rows, ${headers!.length} columns`);
  // Every column mapped to itself without a click.
  for (const [key, header] of [['valuation', 'Valuation amount'], ['asOfDate', 'Valuation as of'], ['city', 'City'], ['usState', 'State'], ['zipCode', 'ZIP']]) {
    await expect(page.getByTestId(`map-${key}`)).toHaveValue(header!);
  }
  const preview = page.getByTestId('import-preview').locator('tr', { hasText: 't-1' });
  await expect(preview.locator('[data-col=check]')).toHaveText('OK');
  await expect(preview.locator('[data-col=type]')).toHaveText('Multi Family Apartments');
  await expect(preview.locator('[data-col=address]')).toHaveText('1201 W Madison St, Chicago, IL 60607');

  await page.getByTestId('import-send').click();
  await expect(page.getByTestId('import-status')).toHaveText('Completed');
  await expect(page.getByTestId('import-report')).toContainText('1 created, 0 failed');
  // The report names the deal, with a link to its collaterals, instead of an id.
  const link = page.getByTestId('import-created').getByTestId('import-deal-link');
  await expect(link).toHaveText(`${deal.seedName} (${deal.loanId})`);
  await expect(page.getByTestId('import-created')).not.toContainText(deal.id);
  await link.click();
  await expect(page.getByText('Madison Annex').first()).toBeVisible();

  const { collateralSummaries } = await invoke(uw, 'deal.collateralSummary', { dealId: deal.id });
  const created = collateralSummaries.find((c: { name: string }) => c.name === 'Madison Annex');
  expect(created.address.fullAddress).toMatch(/1201 W Madison St/);
  expect(errors).toEqual([]);
});
