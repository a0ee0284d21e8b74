import { expect, sessionOf, test } from './fixtures';

test('web mode serves the workstation, guarded by its session', async ({ page, uw, request }, testInfo) => {
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  const response = await page.goto(uw.openUrl);
  expect(response?.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');

  await expect(page.getByRole('heading', { level: 1, name: 'Underwriting Workstation' })).toBeVisible();
  await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
  // The session left the address bar (it lives in an HttpOnly cookie for the bridge).
  expect(new URL(page.url()).searchParams.has('session')).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('smoke.png'), fullPage: true });

  // The bridge refuses a call without the session, or with a wrong one.
  const without = await request.post(`${uw.baseUrl}/bridge/invoke`, { data: { channel: 'app.info' } });
  expect(without.status()).toBe(401);
  const wrong = await request.post(`${uw.baseUrl}/bridge/invoke`, { data: { channel: 'app.info' }, headers: { 'x-uw-session': 'nope' } });
  expect(wrong.status()).toBe(401);
  const right = await request.post(`${uw.baseUrl}/bridge/invoke`, { data: { channel: 'app.info' }, headers: { 'x-uw-session': sessionOf(uw) } });
  expect(right.status()).toBe(200);
  expect((await right.json()).ok).toBe(true);

  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
});
