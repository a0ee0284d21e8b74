import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, invoke, startUwServer, test } from './fixtures';

/*
 * Deal history, undo and notes in web mode, against the real `uw serve --web --demo` in
 * Debian's Chromium: edit a field, see it in History, undo it (from the History tab and with
 * Ctrl+Z right after a save), add a note.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCREENS = join(ROOT, 'test-results', 'screens');

test.use({ viewport: { width: 1600, height: 1000 } });

async function open(page: Page, openUrl: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(openUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Underwriting Workstation' })).toBeVisible();
  return problems;
}

async function go(page: Page, hash: string) {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

/** The History table's rows, as the cells read. */
async function historyRows(page: Page): Promise<{ who: string; how: string; field: string; before: string; after: string }[]> {
  const rows = page.getByTestId('history-table').locator('tbody tr');
  const out = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cell = (col: string) => rows.nth(i).locator(`[data-col=${col}]`).innerText();
    out.push({ who: await cell('actor'), how: await cell('source'), field: await cell('field'), before: await cell('old'), after: await cell('new') });
  }
  return out;
}

test('an edit shows in History with its values formatted, is undone from there, and a note is added', async ({ page, uw }) => {
  const problems = await open(page, uw.openUrl);
  // The name changes are signed with, set under Settings.
  await go(page, '#/settings');
  await page.getByTestId('history-user-name').fill('Dana Underwriter');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('button', { name: 'Save name' })).toBeDisabled();
  expect(await invoke(uw, 'history.user')).toEqual({ name: 'Dana Underwriter' });
  const id = (await invoke<{ dealIds: string[] }>(uw, 'deals.ids')).dealIds[0]!;
  const deal = await invoke(uw, 'deal.info', { id });
  const loanBefore = deal.grossLoan as number;
  const loanAfter = loanBefore + 250_000;
  const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

  // Edit a field on the Loan terms tab and save.
  await go(page, `#/deals/${id}`);
  await expect(page.getByTestId('deal-name')).toHaveText(deal.seedName);
  await page.getByRole('textbox', { name: 'Loan amount (gross)' }).fill(String(loanAfter));
  await page.getByTestId('terms-save').click();
  await expect(page.getByTestId('terms-saved')).toBeVisible();

  // History: the edit, newest first, money formatted as on the page.
  await page.getByRole('tab', { name: 'History and notes' }).click();
  await expect(page.getByTestId('history-table')).toBeVisible();
  const [edit] = await historyRows(page);
  expect(edit).toEqual({ who: 'Dana Underwriter', how: 'Deal page', field: 'Loan amount (gross)', before: money(loanBefore), after: money(loanAfter) });

  // Filter by source: a source with no entry says so; clearing shows the edit again.
  await page.getByTestId('history-source-filter').click();
  await page.getByRole('option', { name: 'Sync pull' }).click();
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
  await page.getByTestId('history-source-filter').click();
  await page.getByRole('option', { name: 'Deal page' }).click();
  await expect(page.getByTestId('history-table').locator('tbody tr')).toHaveCount(1);

  // Undo it from the History tab.
  await page.getByRole('button', { name: /^Undo Loan amount \(gross\) change/ }).click();
  await expect(page.getByTestId('history-undo-outcome')).toContainText(`Loan amount (gross) is back to ${money(loanBefore)}.`);
  expect((await invoke(uw, 'deal.info', { id })).grossLoan).toBe(loanBefore);
  // Back to the whole history (the tab opens unfiltered).
  await page.getByRole('tab', { name: 'Loan terms' }).click();
  await page.getByRole('tab', { name: 'History and notes' }).click();
  await expect(page.getByTestId('history-table').locator('tbody tr')).toHaveCount(2);
  const [undo, original] = await historyRows(page);
  expect(undo).toMatchObject({ how: 'Undo', before: money(loanAfter), after: money(loanBefore) });
  expect(original).toMatchObject({ how: 'Deal page', after: money(loanAfter) });

  // The undone edit offers no second undo (the core would refuse it: already undone); the undo itself can be undone.
  await expect(page.getByTestId('history-table').locator('tbody tr').nth(1)).toContainText('Undone');
  await expect(page.getByRole('button', { name: /^Undo Loan amount \(gross\) change/ })).toHaveCount(1);

  // A note: an empty one is refused next to the field, a real one is listed, dated and signed.
  await page.getByTestId('note-add').click();
  await expect(page.getByText('Write the note first.')).toBeVisible();
  await page.getByTestId('note-input').fill('Sponsor call: updated rent roll expected Friday.');
  await page.getByTestId('note-add').click();
  const note = page.getByTestId('note').first();
  await expect(note).toContainText('Sponsor call: updated rent roll expected Friday.');
  await expect(note).toContainText('Dana Underwriter');
  expect(await invoke(uw, 'deal.notes', { dealId: id })).toMatchObject([{ author: 'Dana Underwriter', text: 'Sponsor call: updated rent roll expected Friday.' }]);
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, 'deal-history.png') });
  expect(problems).toEqual([]);
});

test('Ctrl+Z right after a save offers the undo, and confirming it puts the value back', async ({ page, uw }) => {
  const problems = await open(page, uw.openUrl);
  const id = (await invoke<{ dealIds: string[] }>(uw, 'deals.ids')).dealIds[1]!;
  const deal = await invoke(uw, 'deal.info', { id });
  await go(page, `#/deals/${id}`);
  await expect(page.getByTestId('deal-name')).toHaveText(deal.seedName);
  const spread = page.getByRole('textbox', { name: 'Rate spread (%)' });
  const newSpread = Number((deal.rateSpread * 100 + 0.375).toFixed(6));
  await spread.fill(String(newSpread));
  await page.getByTestId('terms-save').click();
  await expect(page.getByTestId('terms-saved')).toBeVisible();
  await expect(page.getByTestId('terms-undo')).toBeVisible();

  await page.keyboard.press('Control+z');
  const dialog = page.getByRole('dialog', { name: 'Undo the last save?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Rate spread');
  await dialog.getByTestId('undo-confirm-button').click();
  await expect(page.getByTestId('terms-undone')).toContainText('Rate spread back to');
  expect((await invoke(uw, 'deal.info', { id })).rateSpread).toBe(deal.rateSpread);
  await expect(spread).toHaveValue(String(Number((deal.rateSpread * 100).toPrecision(12))));
  const history = await invoke(uw, 'deal.history', { dealId: id, field: 'RateSpread' });
  expect(history.map((e: { source: string }) => e.source)).toEqual(['undo', 'ui']);
  expect(problems).toEqual([]);
});

test('web mode asks for the name once, refuses to sign anything before it, and signs the edit made after with it', async ({ page }) => {
  const { server, stop } = await startUwServer({ demoDeals: 3, userName: null });
  try {
    const problems = await open(page, server.openUrl);
    const prompt = page.getByTestId('user-name-prompt');
    await expect(prompt).toBeVisible();
    const id = (await invoke<{ dealIds: string[] }>(server, 'deals.ids')).dealIds[0]!;
    // Never the server's OS user: a change sent before the name is refused.
    await expect(invoke(server, 'deals.bulkUpdate', { itemsToUpdate: [{ id, updates: [{ property: 'LoanTerm', value: '90' }] }] })).rejects.toThrow(/Give your name first/);
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();
    await page.getByTestId('user-name-save').click();
    await expect(prompt.getByText('Enter your name.')).toBeVisible();
    await page.getByTestId('user-name-input').fill('Robin Lender');
    await page.keyboard.press('Enter');
    await expect(prompt).toBeHidden();

    const deal = await invoke(server, 'deal.info', { id });
    await go(page, `#/deals/${id}`);
    await expect(page.getByTestId('deal-name')).toHaveText(deal.seedName);
    await page.getByRole('textbox', { name: 'Loan amount (gross)' }).fill(String((deal.grossLoan as number) + 100_000));
    await page.getByTestId('terms-save').click();
    await expect(page.getByTestId('terms-saved')).toBeVisible();
    await page.getByRole('tab', { name: 'History and notes' }).click();
    await expect(page.getByTestId('history-table')).toBeVisible();
    expect((await historyRows(page))[0]).toMatchObject({ who: 'Robin Lender', field: 'Loan amount (gross)' });

    // Remembered by the data directory: a reload (or another browser) does not ask again.
    await page.reload();
    await expect(page.getByTestId('deal-name')).toHaveText(deal.seedName);
    await expect(prompt).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await stop();
  }
});
