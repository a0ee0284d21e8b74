import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, invoke, README_SCREENS, startUwServer, test, type UwServer } from './fixtures';

/*
 * The workstation in web mode, against the real `uw serve --web --demo` (20 demo deals), in
 * Debian's Chromium. Every screen is saved under test-results/screens/ (never in the tracked
 * tree: `npm run screenshots` copies the README's from there).
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCREENS = join(ROOT, 'test-results', 'screens');

test.use({ viewport: { width: 1600, height: 1000 } });

async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENS, { recursive: true });
  const file = join(SCREENS, `${name}.png`);
  // Let charts finish their entry animation.
  await page.waitForTimeout(600);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
}

/** Opens the link web mode printed and waits for the pipeline; fails on page errors and CSP violations. */
async function open(page: Page, uw: UwServer, _testInfo: TestInfo) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  await page.goto(uw.openUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Underwriting Workstation' })).toBeVisible();
  return problems;
}

async function go(page: Page, hash: string) {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
const multiple = (n: number) => `${n.toFixed(2)}x`;

interface PipelineRow {
  id: string;
  seedName: string;
  state: string;
  status: string | null;
}

test('the pipeline lists the deals, filters and searches them', { tag: README_SCREENS }, async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  const rows = page.getByTestId('pipeline-row');
  await expect(page.getByTestId('pipeline-count')).toHaveText('20 deals');
  await expect(rows).toHaveCount(20);
  // Every figure is computed (20 deals are computed before the first answer).
  await expect(page.locator('[data-testid=pipeline-row] [data-col=dscr]').first()).toHaveText(/^\d+\.\d{2}x$/);
  await screenshot(page, 'pipeline');

  const { rows: all } = await invoke<{ rows: PipelineRow[] }>(uw, 'deals.pipeline');
  const originated = all.filter((r) => r.state === 'Originated').length;
  expect(originated).toBeGreaterThan(0);

  await page.getByRole('combobox', { name: 'Filter by state' }).click();
  await page.getByRole('option', { name: 'Originated' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pipeline-count')).toHaveText(`${originated} of 20 deals`);
  await expect(rows).toHaveCount(originated);
  for (const state of await page.locator('[data-testid=pipeline-row] [data-col=state]').allTextContents()) expect(state).toBe('Originated');
  await screenshot(page, 'pipeline-filtered');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  const target = all[3]!;
  await page.getByRole('textbox', { name: 'Search deals' }).fill(target.seedName);
  await expect(rows.first()).toContainText(target.seedName);

  // Sorting by DSCR puts the highest first when descending.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: 'Sort by DSCR' }).click();
  await page.getByRole('button', { name: 'Sort by DSCR' }).click();
  const dscrs = (await page.locator('[data-testid=pipeline-row] [data-col=dscr]').allTextContents()).map((t) => Number.parseFloat(t));
  expect(dscrs).toEqual([...dscrs].sort((a, b) => b - a));
  expect(problems).toEqual([]);
});

test('a deal page shows its key figures and every tab', { tag: README_SCREENS }, async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  const first = page.getByTestId('pipeline-row').first();
  const id = await first.getAttribute('data-deal-id');
  await first.getByRole('link').click();
  await expect(page.getByTestId('deal-name')).toBeVisible();
  const deal = await invoke(uw, 'deal.info', { id });
  await expect(page.getByTestId('deal-name')).toHaveText(deal.seedName);
  await expect(page.getByTestId('figure-loan-amount')).toHaveText(usd(deal.grossLoan));
  await expect(page.getByTestId('figure-debt-service')).toHaveText(usd(deal.debtService));
  await expect(page.getByTestId('figure-dscr')).toHaveText(multiple(deal.collateralTotals.dscr));
  await expect(page.getByTestId('figure-note-rate')).toHaveText(`${(deal.interestRate * 100).toFixed(3)}%`);
  await expect(page.getByTestId('figure-ltv')).toHaveText(/%$/);
  await expect(page.getByTestId('figure-debt-yield')).toHaveText(/%$/);
  await screenshot(page, 'deal');

  await page.getByRole('tab', { name: 'Funds' }).click();
  await expect(page.getByTestId('funds-sources')).toBeVisible();
  await expect(page.getByTestId('funds-balance')).toBeVisible();
  await screenshot(page, 'deal-funds', { fullPage: true });

  await page.getByRole('tab', { name: 'Collaterals' }).click();
  await expect(page.getByTestId('collateral-summaries')).toBeVisible();
  await expect(page.getByTestId('cash-flow-table')).toBeVisible();
  await expect(page.getByTestId('cash-flow-chart').locator('svg').first()).toBeVisible();
  await screenshot(page, 'deal-collaterals', { fullPage: true });

  await page.getByRole('tab', { name: 'People and companies' }).click();
  await expect(page.getByTestId('ssn').first().or(page.getByText('No person or company'))).toBeVisible();
  for (const ssn of await page.getByTestId('ssn').allTextContents()) expect(ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/);
  await screenshot(page, 'deal-parties', { fullPage: true });
  expect(problems).toEqual([]);
});

test('changing the loan terms recomputes debt service and DSCR', async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  const { rows } = await invoke<{ rows: (PipelineRow & { dscr: number })[] }>(uw, 'deals.pipeline');
  // A deal whose debt service is calculated from its terms.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let chosen: { id: string; deal: any } | null = null;
  for (const row of rows) {
    const deal = await invoke(uw, 'deal.info', { id: row.id });
    if (deal.collateralTotals.debtServiceMethod === 'Calculated' && deal.collateralTotals.dscr > 0) {
      chosen = { id: row.id, deal };
      break;
    }
  }
  expect(chosen).not.toBeNull();
  const { id, deal } = chosen!;
  await go(page, `#/deals/${id}`);
  await expect(page.getByTestId('deal-name')).toHaveText(deal.seedName);
  const debtServiceBefore = await page.getByTestId('figure-debt-service').textContent();
  const dscrBefore = await page.getByTestId('figure-dscr').textContent();

  const spread = page.getByRole('textbox', { name: 'Rate spread (%)' });
  const newSpread = Number((deal.rateSpread * 100 + 1.25).toFixed(4));
  await spread.fill(String(newSpread));
  // Inline validation: a percentage above 100 is refused before anything is sent.
  await spread.fill('140');
  await expect(page.getByText('A percentage from 0 to 100.')).toBeVisible();
  await expect(page.getByTestId('terms-save')).toBeDisabled();
  await spread.fill(String(newSpread));
  await page.getByTestId('terms-save').click();
  await expect(page.getByTestId('terms-saved')).toBeVisible();

  const after = await invoke(uw, 'deal.info', { id });
  expect(after.debtService).toBeGreaterThan(deal.debtService);
  await expect(page.getByTestId('figure-debt-service')).toHaveText(usd(after.debtService));
  await expect(page.getByTestId('figure-dscr')).toHaveText(multiple(after.collateralTotals.dscr));
  expect(await page.getByTestId('figure-debt-service').textContent()).not.toBe(debtServiceBefore);
  expect(await page.getByTestId('figure-dscr').textContent()).not.toBe(dscrBefore);
  await expect(page.getByTestId('terms-saved')).toContainText('Rate spread');
  await screenshot(page, 'deal-terms-saved');
  expect(problems).toEqual([]);
});

test('a bulk edit shows the deal it updated and the deal it rejected, with the reason', async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  const { rows } = await invoke<{ rows: PipelineRow[] }>(uw, 'deals.pipeline');
  const settings = await invoke(uw, 'settings.get');
  const accepted = rows.find((r) => r.state === 'NewDeal')!;
  const rejected = rows.find((r) => r.state !== 'NewDeal')!;
  const status = (settings.config.statusesByState.NewDeal as string[]).find((s) => s !== accepted.status)!;
  expect(settings.config.statusesByState[rejected.state]).not.toContain(status);

  const search = page.getByRole('textbox', { name: 'Search deals' });
  for (const deal of [accepted, rejected]) {
    await search.fill(deal.seedName);
    await page.getByRole('checkbox', { name: `Select ${deal.seedName}` }).check();
  }
  await search.fill('');
  await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
  await page.getByRole('button', { name: 'Bulk edit 2 deals' }).click();
  await page.getByRole('combobox', { name: 'Property 1' }).click();
  await page.getByRole('option', { name: 'Status', exact: true }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await page.getByTestId('bulk-apply').click();

  await expect(page.getByTestId('bulk-result')).toBeVisible();
  await expect(page.getByTestId('bulk-updated-count')).toHaveText('1 updated');
  await expect(page.getByTestId('bulk-rejected-count')).toHaveText('1 rejected');
  await expect(page.getByTestId('bulk-updated')).toHaveText(accepted.seedName);
  const error = page.getByTestId('bulk-error');
  await expect(error).toHaveCount(1);
  await expect(error).toContainText(rejected.seedName);
  await expect(error).toContainText('Status');
  await screenshot(page, 'pipeline-bulk-edit');

  await page.getByRole('button', { name: 'Done' }).click();
  const after = await invoke<{ rows: PipelineRow[] }>(uw, 'deals.pipeline');
  expect(after.rows.find((r) => r.id === accepted.id)!.status).toBe(status);
  expect(after.rows.find((r) => r.id === rejected.id)!.status).toBe(rejected.status);
  await search.fill(accepted.seedName);
  await expect(page.locator('[data-testid=pipeline-row] [data-col=status]').first()).toHaveText(status);
  expect(problems).toEqual([]);
});

test("a component's market data and a rent roll", async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  const { rows } = await invoke<{ rows: PipelineRow[] }>(uw, 'deals.pipeline');
  let chosen: { dealId: string; kind: string } | null = null;
  for (const row of rows) {
    const { componentSummary } = await invoke(uw, 'deal.componentSummary', { dealId: row.id });
    const component = componentSummary.find((c: { componentType: string; selectedRentRollId: string | null }) => c.componentType === 'Residential' && c.selectedRentRollId);
    if (component) {
      const base = await invoke(uw, 'component.base', { id: component.id });
      if (base.marketData && componentSummary.length === 1) {
        chosen = { dealId: row.id, kind: component.componentType };
        break;
      }
    }
  }
  expect(chosen).not.toBeNull();
  await go(page, `#/deals/${chosen!.dealId}/components`);
  await expect(page.getByTestId('main-market')).toBeVisible();
  await expect(page.getByTestId('main-market')).toContainText('Grade');
  await expect(page.getByTestId('sub-market')).toBeVisible();
  await expect(page.getByTestId('market-forecast')).toBeVisible();
  await expect(page.getByTestId('market-trend')).toBeVisible();
  await expect(page.getByTestId('market-swot')).toContainText('Strengths');
  await expect(page.getByTestId('living-units')).toBeVisible();
  await screenshot(page, 'deal-components', { fullPage: true });

  await page.getByRole('tab', { name: 'Rent rolls' }).click();
  await expect(page.getByTestId('rent-roll')).toBeVisible();
  await expect(page.getByTestId('rent-roll-vacancy')).toHaveText(/%$/);
  expect(await page.getByTestId('rent-roll-items').locator('tbody tr').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('unit-type-summary')).toBeVisible();
  await expect(page.getByTestId('expiring-leases-chart').locator('svg').first()).toBeVisible();
  await screenshot(page, 'deal-rent-roll', { fullPage: true });

  // A commercial roll with a vacant suite and few leases a year: the leased SF leaves the vacant
  // suite out, the total SF does not, and the expiry chart counts in whole leases.
  type Roll = { totalSf: number; expiringLeases: Record<string, number>; rentRollItems: { unitSize: number; tenantName: string | null }[] };
  let commercial: { dealId: string; roll: Roll } | null = null;
  for (const row of rows) {
    const { componentSummary } = await invoke(uw, 'deal.componentSummary', { dealId: row.id });
    const withRolls = componentSummary.filter((c: { componentType: string }) => c.componentType === 'Residential' || c.componentType === 'Commercial');
    if (withRolls.length !== 1 || withRolls[0].componentType !== 'Commercial' || !withRolls[0].selectedRentRollId) continue;
    const roll: Roll = await invoke(uw, 'rentRoll.commercial', { id: withRolls[0].selectedRentRollId });
    const counts = Object.values(roll.expiringLeases);
    if (roll.rentRollItems.some((i) => !i.tenantName) && counts.length > 0 && Math.max(...counts) <= 3) {
      commercial = { dealId: row.id, roll };
      break;
    }
  }
  expect(commercial).not.toBeNull();
  const { roll } = commercial!;
  const sfText = (n: number) => `${new Intl.NumberFormat('en-US').format(n)} SF`;
  const leased = roll.rentRollItems.filter((i) => i.tenantName).reduce((sum, i) => sum + i.unitSize, 0);
  expect(leased).toBeLessThan(roll.totalSf);
  await go(page, `#/deals/${commercial!.dealId}/rentrolls`);
  await expect(page.getByTestId('rent-roll-total-sf')).toHaveText(sfText(roll.totalSf));
  await expect(page.getByTestId('rent-roll-leased-sf')).toHaveText(sfText(leased));
  const ticks = page.getByTestId('expiring-leases-chart').locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  const labels = await ticks.allTextContents();
  expect(labels.every((t) => /^\d+$/.test(t)), labels.join(', ')).toBe(true);
  expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
  expect(problems).toEqual([]);
});

test('the cross-deal report previews and exports to CSV and XLSX downloads', async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  await page.getByRole('link', { name: 'Cross-deal report' }).click();
  await expect(page.getByTestId('report-totals')).toBeVisible();
  const report = await invoke(uw, 'report.query', {});
  await expect(page.getByTestId('report-rows').locator('tbody tr')).toHaveCount(Math.min(50, report.totalRows));
  await screenshot(page, 'report');

  await page.getByTestId('export-csv').click();
  await expect(page.getByTestId('export-done')).toContainText(`${report.totalRows} rows`);
  await expect(page.getByTestId('export-done')).toHaveAttribute('data-format', 'csv');
  await screenshot(page, 'report-exported');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  expect(csv.suggestedFilename()).toMatch(/^collateral-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvPath = testInfo.outputPath('report.csv');
  await csv.saveAs(csvPath);
  const lines = readFileSync(csvPath, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]!.split(',').slice(0, 2)).toEqual(['\uFEFFDeal ID', 'Deal name']);
  expect(lines).toHaveLength(report.totalRows + 2); // header, rows, totals
  expect(lines.at(-1)!.startsWith('Total,')).toBe(true);

  await page.getByTestId('export-xlsx').click();
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-testid=export-done][data-format=xlsx]').getByTestId('export-download').click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^collateral-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const xlsxPath = testInfo.outputPath('report.xlsx');
  await xlsx.saveAs(xlsxPath);
  expect(readFileSync(xlsxPath).subarray(0, 2).toString('latin1')).toBe('PK'); // a zip: the XLSX container

  // Filtering: only Originated deals' collaterals.
  await page.getByRole('combobox', { name: 'Deal states' }).click();
  await page.getByRole('option', { name: 'Originated' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('report-preview').click();
  const originated = await invoke(uw, 'report.query', { states: ['Originated'] });
  await expect(page.getByTestId('report-rows').locator('tbody tr')).toHaveCount(Math.min(50, originated.totalRows));
  expect(problems).toEqual([]);
});

test('collateral import: deals named by id, loan id or name, checked in the preview, sent and followed to its report', async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  const { rows } = await invoke<{ rows: (PipelineRow & { loanId: string })[] }>(uw, 'deals.pipeline');
  const [byId, byLoanId, byName, twinA, twinB] = rows;
  // Two deals under one name: naming that name is ambiguous.
  const renamed = await invoke(uw, 'deals.bulkUpdate', { itemsToUpdate: [{ id: twinB!.id, updates: [{ property: 'SeedName', value: twinA!.seedName }] }] });
  expect(renamed.errors).toEqual([]);
  const header = 'Client item id,Deal,Name,Property type,Address,Valuation name,Valuation,As of';
  const line = (id: string, deal: string, n: number) => `${id},${deal},Annex ${n},Land,${1200 + n} W Madison St Chicago IL 60607,Broker opinion,2500000,2026-10-01`;
  const good = [line('c-1', byId!.id, 1), line('c-2', byLoanId!.loanId.toLowerCase(), 2), line('c-3', byName!.seedName.toUpperCase(), 3)];
  const file = testInfo.outputPath('collaterals.csv');
  writeFileSync(file, [header, ...good, line('c-4', 'no-such-deal', 4), line('c-5', twinA!.seedName, 5)].join('\n'));

  await page.getByRole('link', { name: 'Collateral import' }).click();
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('import-file-summary')).toHaveText('5 rows, 8 columns');
  const preview = page.getByTestId('import-preview');
  const check = (item: string) => preview.locator('tr', { hasText: item }).locator('[data-col=check]');
  for (const item of ['c-1', 'c-2', 'c-3']) await expect(check(item)).toHaveText('OK');
  await expect(preview.locator('tr', { hasText: 'c-2' }).locator('[data-col=deals]')).toHaveText(`${byLoanId!.seedName} (${byLoanId!.loanId})`);
  await expect(check('c-4')).toContainText('No deal has the id, loan id or name "no-such-deal"');
  await expect(check('c-5')).toContainText(`names 2 deals`);
  await expect(check('c-5')).toContainText(twinA!.loanId);
  await expect(check('c-5')).toContainText(twinB!.loanId);
  await expect(page.getByTestId('import-send')).toBeDisabled();
  await expect(page.getByTestId('import-blocked')).toHaveText('Nothing is sent until every row checks: 2 rows to fix above.');
  await screenshot(page, 'import-mapping', { fullPage: true });

  // The file fixed: the ambiguous row names its deal by loan id, the unknown one is gone.
  const fixed = testInfo.outputPath('collaterals-fixed.csv');
  writeFileSync(fixed, [header, ...good, line('c-5', twinB!.loanId, 5)].join('\n'));
  await page.locator('input[type=file]').setInputFiles(fixed);
  await expect(page.getByTestId('import-file-summary')).toHaveText('4 rows, 8 columns');
  await expect(page.getByTestId('import-blocked')).toHaveCount(0);
  await page.getByTestId('import-send').click();
  await expect(page.getByTestId('import-status')).toHaveText('Completed');
  await expect(page.getByTestId('import-report')).toContainText('4 created, 0 failed');
  await screenshot(page, 'import-report', { fullPage: true });
  for (const [deal, n] of [[byId, 1], [byLoanId, 2], [byName, 3], [twinB, 5]] as const) {
    const { collateralSummaries } = await invoke(uw, 'deal.collateralSummary', { dealId: deal!.id });
    expect(collateralSummaries.map((c: { name: string }) => c.name)).toContain(`Annex ${n}`);
  }
  expect(problems).toEqual([]);
});

test('settings show the data directory and change the DSCR numerator', async ({ page, uw }, testInfo) => {
  const problems = await open(page, uw, testInfo);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('data-dir')).toHaveText(uw.dataDir);
  await screenshot(page, 'settings');
  await page.getByText('Net cash flow (after below-the-line items)').click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect((await invoke(uw, 'settings.get')).underwriting.dscrNumerator).toBe('NetCashFlow');
  // The keys work while a settings control (a radio of the segmented control) has focus, and
  // Ctrl+, comes back to Settings in the browser.
  await page.getByRole('radio', { name: 'Net cash flow (after below-the-line items)' }).focus();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { name: 'Cross-deal collateral report' })).toBeVisible();
  await page.keyboard.press('Control+,');
  await expect(page.getByTestId('data-dir')).toHaveText(uw.dataDir);
  // Dark mode, for the record.
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await go(page, '#/');
  await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
  await screenshot(page, 'pipeline-dark');
  expect(problems).toEqual([]);
});

test('a new data directory offers the demo portfolio or an empty start', async ({ page }, testInfo) => {
  const { server, stop } = await startUwServer({ demo: false });
  try {
    const problems = await open(page, server, testInfo);
    await expect(page.getByTestId('first-run')).toBeVisible();
    await screenshot(page, 'first-run');
    await page.getByTestId('first-run-empty').click();
    await expect(page.getByTestId('first-run')).toBeHidden();
    await expect(page.getByText('No deals yet')).toBeVisible();
    await screenshot(page, 'pipeline-empty');
    // The choice is remembered: a reload does not ask again.
    await page.reload();
    await expect(page.getByText('No deals yet')).toBeVisible();
    await expect(page.getByTestId('first-run')).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await stop();
  }
});
