import type { Page } from '@playwright/test';
import { expect, invoke, startUwServer, test, type UwServer } from './fixtures';

/*
 * Issue 17: the portfolio stress on a larger book (3,000 deals, six batches, ten scenarios) shows its progress
 * while it runs, and its Cancel button stops it (the screen says so, and Run stress runs it
 * again).
 */

const DEALS = 3_000;
/** The three built-in scenarios and seven custom ones: ten per deal, so the run lasts long enough to be cancelled by hand. */
const CUSTOM = Array.from({ length: 7 }, (_, i) => ({ name: `Rates +${i + 1}0 bp`, rateChangeBps: 10 * (i + 1) }));

async function pickEveryScenario(page: Page) {
  const chips = page.getByTestId('stress-scenarios');
  for (const scenario of CUSTOM) await chips.getByText(scenario.name, { exact: true }).click();
  await expect(page.getByTestId('stress-scenarios-error')).toHaveCount(0);
}

test.describe('cancelling the portfolio stress on 3,000 deals', () => {
  test.describe.configure({ timeout: 300_000 });
  let uw: UwServer;
  let stop: () => Promise<void>;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    ({ server: uw, stop } = await startUwServer({ demoDeals: DEALS, startTimeoutMs: 240_000 }));
    for (const scenario of CUSTOM) await invoke(uw, 'analysis.saveScenario', { scenario });
  });
  test.afterAll(async () => {
    await stop?.();
  });

  test('a running stress shows its progress, Cancel stops it, and Run stress runs it again', async ({ page }) => {
    await page.goto(uw.openUrl);
    await page.keyboard.press('Alt+5');
    await expect(page.getByRole('heading', { name: 'Portfolio stress' })).toBeVisible();
    await pickEveryScenario(page);
    await page.getByTestId('stress-run').click();

    const progress = page.getByTestId('stress-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/Stressing the book: [\d,]+ of 3,000 deals|Selecting the deals/);
    await progress.getByTestId('stress-cancel').click();
    await expect(page.getByTestId('stress-cancelled')).toContainText('The stress was cancelled before it finished');
    await expect(page.getByTestId('stress-progress')).toHaveCount(0);

    await page.getByTestId('stress-run').click();
    const base = page.locator('[data-testid=stress-summary-row][data-scenario=base]');
    await expect(base).toContainText('3,000', { timeout: 120_000 });
    await expect(page.getByTestId('stress-cancelled')).toHaveCount(0);
  });
  // The exports' Cancel (report and stress, CSV and XLSX) is covered on a real store by
  // test/src-main/app/long-work.test.ts: on a book this size an export can finish before a click lands.
});
