import { expect, test } from './fixtures';

test('web mode serves the workstation shell', async ({ page, uw }, testInfo) => {
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  await page.goto(uw.openUrl);

  await expect(page.getByRole('heading', { level: 1, name: 'Underwriting Workstation' })).toBeVisible();
  await expect(page.getByText('The workstation UI is being built', { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('smoke.png'), fullPage: true });

  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
});
