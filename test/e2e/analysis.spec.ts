import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, invoke, README_SCREENS, test, type UwServer } from './fixtures';

/*
 * Issue 14 in the browser: the Sizing and stress tab of a demo deal, the what-if of the Loan
 * terms tab (figures move before anything is saved; Discard restores them), and the Portfolio
 * stress screen with its export read back by exceljs. Screens go to test-results/screens/.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCREENS = join(ROOT, 'test-results', 'screens');

async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENS, { recursive: true });
  // Let charts finish their entry animation.
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: options.fullPage ?? false });
}

async function open(page: Page, uw: UwServer): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
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
const CONSTRAINTS: Record<string, string> = { Ltv: 'LTV', Ltc: 'LTC', Dscr: 'DSCR', DebtYield: 'Debt yield' };
const SEVERE = { name: 'severe', valueChange: -0.3, vacancyChange: 0.12, rentChange: -0.15, rateChangeBps: 300 };

/** A demo deal whose debt service follows its terms, with a DSCR. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function computedDeal(uw: UwServer): Promise<any> {
  const { rows } = await invoke<{ rows: { id: string }[] }>(uw, 'deals.pipeline');
  for (const row of rows) {
    const deal = await invoke(uw, 'deal.info', { id: row.id });
    if (deal.collateralTotals.debtServiceMethod === 'Calculated' && deal.collateralTotals.dscr > 0) {
      const sizing = await invoke(uw, 'analysis.sizeLoan', { dealId: row.id }).catch(() => null);
      if (sizing) return { ...deal, sizing };
    }
  }
  throw new Error('no demo deal with a calculated debt service can be sized');
}

test('the Sizing and stress tab sizes a demo deal and marks the binding constraint', { tag: README_SCREENS }, async ({ page, uw }) => {
  test.setTimeout(120_000);
  const problems = await open(page, uw);
  const deal = await computedDeal(uw);
  await page.setViewportSize({ width: 1440, height: 900 });
  await go(page, `#/deals/${deal.id}/sizing`);
  await expect(page.getByRole('tab', { name: 'Sizing and stress', selected: true })).toBeVisible();

  const sizing = deal.sizing;
  await expect(page.getByTestId('sized-loan')).toHaveText(usd(sizing.maxLoan));
  await expect(page.getByTestId('binding-constraint')).toHaveText(CONSTRAINTS[sizing.bindingConstraint]!);
  const binding = page.locator('[data-testid=constraint-bar][data-binding=true]');
  await expect(binding).toHaveCount(1);
  await expect(binding).toHaveAttribute('data-constraint', sizing.bindingConstraint);
  await expect(binding).toContainText('binding');
  await expect(page.getByTestId('constraint-bar')).toHaveCount(sizing.constraints.length);

  // The severe row and the grids agree with the core.
  const severe = await invoke(uw, 'analysis.stressDeal', { dealId: deal.id, scenario: SEVERE });
  const row = page.locator('[data-testid=scenario-row][data-scenario=severe]');
  await expect(row.locator('[data-col=dscr]')).toHaveText(multiple(severe.stressed.dscr));
  await expect(page.getByTestId('grid-dscr').locator('td[data-base=true]')).toHaveText(multiple(severe.base.dscr));
  await expect(page.getByTestId('breakpoint-rateIncreaseBps')).toBeVisible();
  await expect(page.getByTestId('scenarios-empty')).toBeVisible();
  await screenshot(page, 'sizing');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'sizing-1280', { fullPage: true });

  // A custom scenario: bad input is named next to its field, a good one joins the table.
  await page.getByTestId('scenario-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('scenario-name').fill('Rates shock');
  await dialog.getByTestId('scenario-rentChange').fill('a lot');
  await dialog.getByTestId('scenario-save').click();
  await expect(dialog.getByText('Enter a number.')).toBeVisible();
  await dialog.getByTestId('scenario-rentChange').fill('');
  await expect(dialog.getByTestId('scenario-error')).toHaveText('Set at least one shock to a value other than 0.');
  await dialog.getByTestId('scenario-name').fill('Severe');
  await dialog.getByTestId('scenario-rateChangeBps').fill('250');
  await dialog.getByTestId('scenario-save').click();
  await expect(dialog.getByText('"Severe" is a built-in scenario: choose another name.')).toBeVisible();
  await dialog.getByTestId('scenario-name').fill('Rates shock');
  await dialog.getByTestId('scenario-save').click();
  await expect(dialog).toHaveCount(0);
  const custom = page.locator('[data-testid=scenario-row][data-scenario="Rates shock"]');
  const shocked = await invoke(uw, 'analysis.stressDeal', { dealId: deal.id, scenario: { name: 'Rates shock', rateChangeBps: 250 } });
  await expect(custom.locator('[data-col=dscr]')).toHaveText(multiple(shocked.stressed.dscr));
  expect((await invoke(uw, 'analysis.scenarios')).custom).toEqual([{ name: 'Rates shock', rateChangeBps: 250 }]);
  await screenshot(page, 'sizing-custom-1280', { fullPage: true });
  expect(problems).toEqual([]);
});

test('a what-if rate change moves DSCR before saving, and Discard restores it', async ({ page, uw }) => {
  const problems = await open(page, uw);
  const deal = await computedDeal(uw);
  await page.setViewportSize({ width: 1280, height: 800 });
  await go(page, `#/deals/${deal.id}`);
  await expect(page.getByTestId('figure-dscr')).toHaveText(multiple(deal.collateralTotals.dscr));

  const spread = page.getByRole('textbox', { name: 'Rate spread (%)' });
  const original = await spread.inputValue();
  const newSpread = String(Number((deal.rateSpread * 100 + 1.5).toFixed(4)));
  await spread.fill(newSpread);
  // The preview of the same edit, as the core computes it: the page shows it with its change.
  const preview = await invoke(uw, 'analysis.previewDealEdit', { dealId: deal.id, updates: [{ property: 'RateSpread', value: newSpread }] });
  const after = preview.deal.collateralTotals.dscr as number;
  expect(after).toBeLessThan(deal.collateralTotals.dscr);
  const delta = `−${(deal.collateralTotals.dscr - after).toFixed(2)}x`;
  await expect(page.getByTestId('figure-dscr')).toHaveText(`${multiple(after)} (${delta})`);
  await expect(page.getByTestId('whatif-dscr')).toContainText(`${multiple(after)} (${delta})`);
  await expect(page.getByTestId('figure-debt-service')).toContainText(usd(preview.deal.debtService));
  await screenshot(page, 'what-if-1280');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'what-if-1440');
  // Nothing was saved.
  expect((await invoke(uw, 'deal.info', { id: deal.id })).collateralTotals.dscr).toBe(deal.collateralTotals.dscr);

  await page.getByTestId('terms-discard').click();
  await expect(page.getByTestId('figure-dscr')).toHaveText(multiple(deal.collateralTotals.dscr));
  await expect(page.getByTestId('whatif-summary')).toHaveCount(0);
  await expect(spread).toHaveValue(original);
  const stored = await invoke(uw, 'deal.info', { id: deal.id });
  expect(stored.rateSpread).toBe(deal.rateSpread);
  expect(stored.debtService).toBe(deal.debtService);

  // Typed again and saved: the stored deal is what the what-if showed.
  await spread.fill(newSpread);
  await expect(page.getByTestId('figure-dscr')).toHaveText(`${multiple(after)} (${delta})`);
  await page.getByTestId('terms-save').click();
  await expect(page.getByTestId('terms-saved')).toBeVisible();
  await expect(page.getByTestId('figure-dscr')).toHaveText(multiple(after));
  expect((await invoke(uw, 'deal.info', { id: deal.id })).collateralTotals.dscr).toBe(after);
  expect(problems).toEqual([]);
});

test('the severe scenario runs on the book and exports to XLSX and CSV', async ({ page, uw }) => {
  test.setTimeout(120_000);
  const problems = await open(page, uw);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Eight custom scenarios: with the three built-ins, one too many.
  for (let i = 1; i <= 8; i += 1) await invoke(uw, 'analysis.saveScenario', { scenario: { name: `Rates +${i}0 bp`, rateChangeBps: 10 * i } });
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { name: 'Portfolio stress' })).toBeVisible();
  await expect(page.getByTestId('stress-empty')).toBeVisible();

  const chips = page.getByTestId('stress-scenarios');
  for (let i = 1; i <= 8; i += 1) await chips.getByText(`Rates +${i}0 bp`, { exact: true }).click();
  await expect(page.getByTestId('stress-scenarios-error')).toHaveText('At most 10 scenarios at a time: 11 are picked.');
  await expect(page.getByTestId('stress-run')).toBeDisabled();
  for (let i = 1; i <= 8; i += 1) await chips.getByText(`Rates +${i}0 bp`, { exact: true }).click();
  await chips.getByText('Mild', { exact: true }).click();
  await chips.getByText('Moderate', { exact: true }).click();
  await expect(page.getByTestId('stress-scenarios-error')).toHaveCount(0);

  await page.getByTestId('stress-run').click();
  const core = await invoke(uw, 'analysis.stressPortfolio', { scenarios: [SEVERE], breachesOnly: true, pageSize: 25 });
  const severeRow = page.locator('[data-testid=stress-summary-row][data-scenario=Severe]');
  await expect(severeRow.locator('[data-col=dscrBelowPolicy]')).toContainText(String(core.scenarios[0].dscrBelowPolicy.count));
  // Deals with no DSCR or no LTV to measure are counted apart from the breaches.
  await expect(severeRow.locator('[data-col=notMeasured]')).toHaveText(`DSCR ${core.scenarios[0].dscrNotMeasured.count} · LTV ${core.scenarios[0].ltvNotMeasured.count}`);
  await expect(page.getByTestId('stress-chart')).toBeVisible();
  await expect(page.getByTestId('stress-row-count')).toHaveText(`${core.totalRows} ${core.totalRows === 1 ? 'deal' : 'deals'}`);
  if (core.totalRows > 0) await expect(page.getByTestId('stress-row')).toHaveCount(Math.min(25, core.totalRows));
  await screenshot(page, 'stress-1280', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'stress-1440');

  // XLSX: progress, then a download that exceljs reads.
  await page.getByTestId('stress-export-xlsx').click();
  const xlsxBanner = page.locator('[data-testid=stress-export-done][data-format=xlsx]');
  await expect(xlsxBanner).toBeVisible();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), xlsxBanner.getByTestId('stress-export-download').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^portfolio-stress-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const cells = workbook.worksheets.flatMap((ws) => ws.getSheetValues().flat().map((v) => String(v ?? ''))).join('\n');
  const { rows } = await invoke<{ rows: { seedName: string }[] }>(uw, 'deals.pipeline');
  expect(rows.some((r) => cells.includes(r.seedName))).toBe(true);
  expect(cells.toLowerCase()).toContain('severe');

  await page.getByTestId('stress-export-csv').click();
  const csvBanner = page.locator('[data-testid=stress-export-done][data-format=csv]');
  await expect(csvBanner).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent('download'), csvBanner.getByTestId('stress-export-download').click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(await csv.path(), 'utf8');
  expect(rows.some((r) => text.includes(r.seedName))).toBe(true);
  expect(problems).toEqual([]);
});

test('a new deal without income shows — for its ratios and is sized on a what-if NOI and value typed in the Sizing tab', async ({ page, uw }) => {
  const problems = await open(page, uw);
  const { createdEntityId } = await invoke(uw, 'deals.createCommercial', {
    ownerId: 'owner@example.com',
    dealName: 'Empty Shell',
    address: { fullAddress: '100 Congress Ave, Austin, TX 78701' },
    propertyType: 'Office',
    loanType: 'Refinance',
    loanAmount: 5_000_000,
    loanTerm: 120,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await go(page, `#/deals/${createdEntityId}/sizing`);
  // Not measured, not 0.00x and 0.0 %.
  await expect(page.getByTestId('figure-dscr')).toHaveText('—');
  await expect(page.getByTestId('figure-ltv')).toHaveText('—');
  await expect(page.getByTestId('figure-debt-yield')).toHaveText('—');
  // What is true, in an underwriter's words, and no dead end: the NOI and value can be typed here.
  const refusal = page.getByTestId('sizing-error');
  await expect(refusal).toContainText('This deal has no NOI yet');
  await expect(refusal).toContainText("The NOI comes from the collaterals' cash flows");
  const tab = page.getByTestId('sizing-tab');
  for (const words of ['ValidationError', 'collateralTotals', 'inputs.noi', 'come back']) await expect(tab).not.toContainText(words);
  await expect(page.getByTestId('stress-not-run')).toContainText('no income to stress');
  await page.getByTestId('sizing-whatif-size').click();
  await expect(page.getByText('Enter the NOI a year, e.g. 850,000.')).toBeVisible();
  await page.getByTestId('sizing-whatif-noi').fill('850,000');
  await page.getByTestId('sizing-whatif-value').fill('$12,000,000');
  // A new deal has no note rate yet either: the form asks for one.
  await page.getByTestId('sizing-whatif-size').click();
  await expect(page.getByText('The deal has no note rate yet: enter one, e.g. 6.5.')).toBeVisible();
  await page.getByTestId('sizing-whatif-rate').fill('6.5');
  await page.getByTestId('sizing-whatif-size').click();
  const core = await invoke(uw, 'analysis.sizeLoan', { dealId: createdEntityId, inputs: { noi: 850_000, value: 12_000_000, interestRate: 0.065 } });
  await expect(page.getByTestId('sized-loan')).toHaveText(usd(core.maxLoan));
  await expect(page.getByTestId('binding-constraint')).toHaveText(CONSTRAINTS[core.bindingConstraint]!);
  // A refinance has no project cost: LTC is listed as not applicable, the loan sized on the rest.
  await expect(page.locator('[data-testid=constraint-not-applicable][data-constraint=Ltc]')).toContainText('no project total cost');
  await expect(page.getByTestId('constraint-bar')).toHaveCount(core.constraints.length);
  await screenshot(page, 'sizing-what-if-1280', { fullPage: true });
  // Back to the deal's figures: the refusal again.
  await page.getByRole('button', { name: "Back to the deal's figures" }).click();
  await expect(refusal).toContainText('This deal has no NOI yet');

  // In the pipeline, "—" too, and after the measured deals when sorted by DSCR (either way).
  await go(page, '#/');
  const grid = page.getByTestId('pipeline-grid');
  const row = grid.locator(`[data-testid=pipeline-row][data-deal-id="${createdEntityId}"]`);
  await page.getByRole('textbox', { name: 'Search deals' }).fill('Empty Shell');
  await expect(row.locator('[data-col=dscr]')).toHaveText('—');
  await expect(row.locator('[data-col=ltv]')).toHaveText('—');
  expect(problems).toEqual([]);
});

test('deleting a custom scenario asks first, saying it leaves every deal, and can be undone', async ({ page, uw }) => {
  const problems = await open(page, uw);
  await invoke(uw, 'analysis.saveScenario', { scenario: { name: 'Office glut', rentChange: -0.2, vacancyChange: 0.1 } });
  const deal = await computedDeal(uw);
  await go(page, `#/deals/${deal.id}/sizing`);
  const custom = page.locator('[data-testid=scenario-row][data-scenario="Office glut"]');
  await expect(custom).toBeVisible();
  await custom.getByRole('button', { name: 'Delete Office glut' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('offered on every deal and on the Portfolio stress screen');
  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await invoke(uw, 'analysis.scenarios')).custom).toHaveLength(1);
  await custom.getByRole('button', { name: 'Delete Office glut' }).click();
  await page.getByTestId('scenario-delete-confirm').click();
  await expect(custom).toHaveCount(0);
  expect((await invoke(uw, 'analysis.scenarios')).custom).toEqual([]);
  await expect(page.getByTestId('scenario-deleted')).toContainText('deleted from every deal');
  await page.getByTestId('scenario-undo').click();
  await expect(custom).toBeVisible();
  await expect(page.getByTestId('scenario-deleted')).toHaveCount(0);
  expect((await invoke(uw, 'analysis.scenarios')).custom).toEqual([{ name: 'Office glut', rentChange: -0.2, vacancyChange: 0.1 }]);
  expect(problems).toEqual([]);
});
