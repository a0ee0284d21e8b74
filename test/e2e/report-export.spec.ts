import { expect, test } from './fixtures';

/* Issue 12: each export of the report keeps its own banner; downloading one never clears another. */

test('a CSV download does not clear the banner of a newer XLSX export', async ({ page, uw }) => {
  await page.goto(uw.openUrl);
  await page.getByRole('link', { name: 'Cross-deal report' }).click();
  await expect(page.getByTestId('report-totals')).toBeVisible();
  const csvBanner = page.locator('[data-testid=export-done][data-format=csv]');
  const xlsxBanner = page.locator('[data-testid=export-done][data-format=xlsx]');

  await page.getByTestId('export-csv').click();
  await expect(csvBanner).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent('download'), csvBanner.getByTestId('export-download').click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  // Right after the CSV download: a new XLSX export, while the CSV banner is still up.
  await page.getByTestId('export-xlsx').click();
  await expect(xlsxBanner).toBeVisible();
  await expect(csvBanner.getByTestId('export-downloaded')).toBeVisible();

  // Well past any timer a download could have started.
  await page.waitForTimeout(2500);
  await expect(xlsxBanner).toBeVisible();
  await expect(csvBanner).toBeVisible();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), xlsxBanner.getByTestId('export-download').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(xlsxBanner.getByTestId('export-downloaded')).toBeVisible();

  // A banner goes when its own close button is pressed, and only that one.
  await csvBanner.getByRole('button', { name: 'Close' }).click();
  await expect(csvBanner).toHaveCount(0);
  await expect(xlsxBanner).toBeVisible();
});
