import { expect, invoke, test } from './fixtures';

/*
 * Issue 12: in web mode a deal opened in a new tab of the same browser (Ctrl+click, a pasted
 * link) opens; the session lives in an HttpOnly cookie the printed link set, not in the tab. A
 * browser that never opened the link is still refused.
 */

test('a deal opens in a new tab of the same browser, from a Ctrl+click or a pasted link', async ({ page, context, browser, uw }) => {
  const { rows } = await invoke<{ rows: { id: string; seedName: string }[] }>(uw, 'deals.pipeline');
  await page.goto(uw.openUrl);
  await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
  expect(page.url()).not.toContain('session');
  const port = new URL(uw.baseUrl).port;
  const [cookie] = await context.cookies();
  expect(cookie).toMatchObject({ name: `uw-session-${port}`, httpOnly: true, sameSite: 'Strict', path: '/bridge' });
  expect(await page.evaluate(() => document.cookie)).toBe('');

  // Ctrl+click a deal of the pipeline.
  const first = page.getByTestId('pipeline-row').first();
  const firstId = (await first.getAttribute('data-deal-id'))!;
  const [fromPipeline] = await Promise.all([context.waitForEvent('page'), first.getByRole('link').click({ modifiers: ['Control'] })]);
  await expect(fromPipeline.getByTestId('deal-name')).toHaveText(rows.find((r) => r.id === firstId)!.seedName);
  await expect(fromPipeline.getByTestId('figure-dscr')).toHaveText(/x$/);

  // Ctrl+click a deal of the report.
  await page.getByRole('link', { name: 'Cross-deal report' }).click();
  const reportLink = page.getByTestId('report-rows').locator('tbody tr').first().getByRole('link');
  const reportDeal = (await reportLink.textContent())!;
  const [fromReport] = await Promise.all([context.waitForEvent('page'), reportLink.click({ modifiers: ['Control'] })]);
  await expect(fromReport.getByTestId('deal-name')).toHaveText(reportDeal);
  await expect(fromReport.getByTestId('collateral-summaries')).toBeVisible();

  // A link pasted into a new tab.
  const pasted = await context.newPage();
  const target = rows[5]!;
  await pasted.goto(`${uw.baseUrl}/#/deals/${target.id}/funds`);
  await expect(pasted.getByTestId('deal-name')).toHaveText(target.seedName);
  await expect(pasted.getByTestId('funds-sources')).toBeVisible();

  // Another browser (no cookie): the same link is refused, and says how to get in.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto(`${uw.baseUrl}/#/deals/${target.id}`);
    await expect(other.getByText('The workstation cannot open its data')).toBeVisible();
    await expect(other.getByText('open the link `uw serve --web` printed')).toBeVisible();
  } finally {
    await stranger.close();
  }
});
