import { expect, invoke, startUwServer, test, type UwServer } from './fixtures';

/*
 * Issue 17: the portfolio stress on a larger book (4,000 deals, eight batches) shows its progress
 * while it runs, and its Cancel button stops it (the screen says so, and Run stress runs it
 * again); an export's Cancel button stops it and says no file was written.
 */

const DEALS = 4_000;

test.describe('cancelling the portfolio stress on 4,000 deals', () => {
  test.describe.configure({ timeout: 300_000 });
  let uw: UwServer;
  let stop: () => Promise<void>;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    ({ server: uw, stop } = await startUwServer({ demoDeals: DEALS }));
  });
  test.afterAll(async () => {
    await stop?.();
  });

  test('a running stress shows its progress, Cancel stops it, and Run stress runs it again', async ({ page }) => {
    await page.goto(uw.openUrl);
    await page.keyboard.press('Alt+5');
    await expect(page.getByRole('heading', { name: 'Portfolio stress' })).toBeVisible();
    await page.getByTestId('stress-run').click();

    const progress = page.getByTestId('stress-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/Stressing the book: [\d,]+ of 4,000 deals|Selecting the deals/);
    await progress.getByTestId('stress-cancel').click();
    await expect(page.getByTestId('stress-cancelled')).toContainText('The stress was cancelled before it finished');
    await expect(page.getByTestId('stress-progress')).toHaveCount(0);

    await page.getByTestId('stress-run').click();
    const base = page.locator('[data-testid=stress-summary-row][data-scenario=base]');
    await expect(base).toContainText('4,000', { timeout: 120_000 });
    await expect(page.getByTestId('stress-cancelled')).toHaveCount(0);
  });

  test('a running stress export stops at Cancel and says that no file was written', async ({ page }) => {
    await page.goto(uw.openUrl);
    await page.keyboard.press('Alt+5');
    await page.getByTestId('stress-run').click();
    await expect(page.locator('[data-testid=stress-summary-row][data-scenario=base]')).toContainText('4,000', { timeout: 120_000 });

    await page.getByTestId('stress-export-xlsx').click();
    const running = page.locator('[data-testid=stress-export-progress][data-format=xlsx]');
    await expect(running).toBeVisible();
    await running.getByTestId('stress-export-cancel').click();
    const cancelled = page.locator('[data-testid=stress-export-cancelled][data-format=xlsx]');
    await expect(cancelled).toContainText('No file was written');
    await expect(page.locator('[data-testid=stress-export-done]')).toHaveCount(0);
    // Nothing is left running under that export's id.
    expect(await invoke(uw, 'work.cancel', { id: 'no-such-export' })).toEqual({ cancelling: false });
  });
});
