import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startUwServe, stop, type Running } from '../support/cli';
import { expect, invoke, README_SCREENS, startUwServer, test, type UwServer } from './fixtures';

/*
 * Sync from the UI, end to end: a second `uw serve --demo --client id:secret` on port 0
 * (loopback) is the central platform; the workstation (`uw serve --web` over an empty data
 * directory, in Debian's Chromium) connects to it from the first-run screen, tests the
 * connection, syncs, then a field edited on both sides becomes a conflict that is settled from
 * the conflict view, and the outbox drains. The client secret must never reach the page: not
 * its DOM, not its console.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCREENS = join(ROOT, 'test-results', 'screens');
const CLIENT_ID = 'workstation-e2e';
const SECRET = `sync-e2e-${randomBytes(12).toString('hex')}`;
const DEALS = 12;
const OWNER = 'owner@example.com';

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

let platform: Running;
let platformDir: string;

test.beforeAll(async () => {
  platformDir = mkdtempSync(join(tmpdir(), 'uw-e2e-platform-'));
  platform = await startUwServe(['--port', '0', '--host', '127.0.0.1', '--data-dir', platformDir, '--demo', '--demo-deals', String(DEALS), '--client', `${CLIENT_ID}:${SECRET}`, '--user', OWNER]);
});

test.afterAll(async () => {
  if (platform) await stop(platform);
  rmSync(platformDir, { recursive: true, force: true });
});

/** The platform's API as a client of it (a colleague editing on the central platform). */
async function platformApi<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await fetch(`${platform.origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', audience: `${platform.origin}/api/`, client_id: CLIENT_ID, client_secret: SECRET }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const response = await fetch(`${platform.origin}/api/apiGateway${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as T;
}

/** Records every text the progress display and the header badge show, as the DOM changes. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __syncSeen: string[] }).__syncSeen = seen;
    const record = () => {
      for (const id of ['sync-progress-text', 'sync-progress-percent', 'sync-badge']) {
        const text = document.querySelector(`[data-testid="${id}"]`)?.textContent;
        if (text && seen.at(-1) !== `${id}:${text}`) seen.push(`${id}:${text}`);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const seenProgress = (page: Page) => page.evaluate(() => (window as unknown as { __syncSeen: string[] }).__syncSeen.splice(0));

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  // The README's Sync screenshot comes from here: no tooltip of the last click over it.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
}

async function expectNoSecret(page: Page, console: string[], local: UwServer) {
  expect(await page.content()).not.toContain(SECRET);
  expect(console.join('\n')).not.toContain(SECRET);
  expect(local.output()).not.toContain(SECRET);
  expect(platform.lines.join('\n') + platform.stderr()).not.toContain(SECRET);
}

test('connect to a central platform, sync, settle a conflict and drain the outbox, never exposing the secret', { tag: README_SCREENS }, async ({ page }) => {
  test.setTimeout(180_000);
  const { server: local, stop: stopLocal } = await startUwServer({ demo: false });
  const consoleLines: string[] = [];
  const problems: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    await page.goto(local.openUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Underwriting Workstation' })).toBeVisible();
    await expect(page.getByTestId('sync-badge')).toHaveText('Not connected');

    // First run: "connect to a central platform" leads to the sync panel.
    await expect(page.getByTestId('first-run')).toBeVisible();
    await page.getByTestId('first-run-connect').click();
    await expect(page.getByTestId('first-run')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Sync with the central platform' })).toBeVisible();
    await expect(page.getByTestId('sync-now')).toBeDisabled();

    // A wrong secret: a clear error, and no secret anywhere.
    await page.getByTestId('sync-base-url').fill(platform.origin);
    await page.getByTestId('sync-client-id').fill(CLIENT_ID);
    await page.getByTestId('sync-secret').fill('not-the-secret');
    await page.getByTestId('sync-test').click();
    await expect(page.getByTestId('sync-test-result')).toHaveAttribute('data-ok', 'false');
    await expect(page.getByTestId('sync-test-result')).toContainText('The platform refused the credentials');
    await expect(page.getByTestId('sync-test-result')).toContainText(`refused the client credentials of "${CLIENT_ID}"`);

    // The right one: the platform answers with its deal count.
    await page.getByTestId('sync-secret').fill(SECRET);
    await page.getByTestId('sync-test').click();
    await expect(page.getByTestId('sync-test-result')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('sync-test-result')).toContainText(`${DEALS} deals on the platform`);

    // Saved: the secret leaves the page for good; the page only learns that one is stored.
    await page.getByTestId('sync-save').click();
    await expect(page.getByTestId('sync-saved')).toBeVisible();
    await expect(page.getByTestId('sync-secret')).toHaveValue('');
    await expect(page.getByTestId('sync-secret-state')).toContainText('A secret is stored');
    // Saved as the test just reached it: online, and it says it never synced yet.
    await expect(page.getByTestId('sync-badge')).toHaveText('Online, never synced');
    await expectNoSecret(page, consoleLines, local);
    const status = await invoke(local, 'sync.status');
    expect(status).toMatchObject({ configured: true, secret: { stored: true, source: 'stored' } });
    expect(JSON.stringify(status)).not.toContain(SECRET);

    // Sync now: progress with counts, then the summary.
    await watchProgress(page);
    await page.getByTestId('sync-now').click();
    await expect(page.getByTestId('sync-last')).toHaveAttribute('data-outcome', 'completed', { timeout: 60_000 });
    const seen = await seenProgress(page);
    expect(seen.some((s) => /^sync-badge:Syncing \d+%$/.test(s)), seen.join('\n')).toBe(true);
    expect(seen.some((s) => /^sync-progress-percent:\d+%$/.test(s)), seen.join('\n')).toBe(true);
    expect(seen.some((s) => s.startsWith('sync-progress-text:Connecting') || s.startsWith('sync-progress-text:Reading deals')), seen.join('\n')).toBe(true);
    await expect(page.getByTestId('sync-summary-pulled')).toHaveText(String(DEALS));
    await expect(page.getByTestId('sync-summary-unchanged')).toHaveText('0');
    await expect(page.getByTestId('sync-summary-conflicts')).toHaveText('0');
    await expect(page.getByTestId('sync-summary-rejected')).toHaveText('0');
    await expect(page.getByTestId('sync-badge')).toHaveText('Online');
    // The pulled deals are on screen at once (data.changed refreshes the header's count).
    await expect(page.getByText(`${DEALS} deals ·`)).toBeVisible();
    await screenshot(page, 'sync-panel');

    // The same field edited on both sides: here through the deal page, there through the API.
    const { dealIds } = await invoke<{ dealIds: string[] }>(local, 'deals.ids');
    const id = dealIds[0]!;
    const deal = await invoke<{ grossLoan: number; seedName: string }>(local, 'deal.info', { id });
    const base = deal.grossLoan;
    const mine = Math.round(base) + 250_000;
    const theirs = Math.round(base) + 500_000;
    await page.goto(`${new URL(local.openUrl).origin}/#/deals/${id}`);
    const gross = page.getByTestId('field-GrossLoan');
    await expect(gross).toBeVisible();
    await gross.fill(String(mine));
    await page.getByTestId('terms-save').click();
    await expect(page.getByTestId('terms-saved')).toBeVisible();
    const remoteEdit = await platformApi<{ success: boolean; errors: unknown[] }>('PATCH', '/bulkUpdateDeals', {
      itemsToUpdate: [{ id, updates: [{ property: 'GrossLoan', value: String(theirs) }] }],
    });
    expect(remoteEdit).toMatchObject({ success: true, errors: [] });

    // The local edit waits in the outbox.
    await page.keyboard.press('Alt+4');
    await expect(page.getByRole('heading', { name: 'Sync with the central platform' })).toBeVisible();
    await page.getByTestId('outbox-tab-waiting').click();
    await expect(page.getByTestId('waiting').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('waiting')).toContainText(usd(mine));

    // The sync finds both changes: a conflict, shown with base, mine and theirs as money.
    await page.getByTestId('sync-now').click();
    await expect(page.getByTestId('sync-summary-conflicts')).toHaveText('1', { timeout: 60_000 });
    await expect(page.getByTestId('sync-attention-badge')).toHaveText('1 conflict');
    await page.getByTestId('outbox-tab-conflicts').click();
    const conflict = page.getByTestId('conflict');
    await expect(conflict).toHaveCount(1);
    await expect(conflict).toHaveAttribute('data-field', 'GrossLoan');
    await expect(conflict).toContainText(deal.seedName);
    await expect(conflict.getByTestId('conflict-base')).toHaveText(usd(base));
    await expect(conflict.getByTestId('conflict-mine')).toHaveText(usd(mine));
    await expect(conflict.getByTestId('conflict-theirs')).toHaveText(usd(theirs));
    await screenshot(page, 'sync-conflict');

    // Settled with the keyboard: keep mine.
    await conflict.getByTestId('keep-mine').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('conflict')).toHaveCount(0);
    await expect(page.getByTestId('conflicts-empty')).toBeVisible();
    await page.getByTestId('outbox-tab-waiting').click();
    await expect(page.getByTestId('waiting').locator('tbody tr')).toHaveCount(1);

    // The next sync sends mine; the outbox drains.
    await page.getByTestId('sync-now').click();
    await expect(page.getByTestId('outbox-counts')).toHaveText('Empty: every local edit is on the platform.', { timeout: 60_000 });
    await expect(page.getByTestId('sync-summary-pushed')).toHaveText('1');
    await expect(page.getByTestId('sync-summary-conflicts')).toHaveText('0');
    await expect(page.getByTestId('sync-attention-badge')).toHaveCount(0);
    await expect(page.getByTestId('waiting-empty')).toBeVisible();
    const onPlatform = await platformApi<{ grossLoan: number }>('GET', `/getDealInfo/${id}`);
    expect(onPlatform.grossLoan).toBe(mine);
    expect((await invoke<{ grossLoan: number }>(local, 'deal.info', { id })).grossLoan).toBe(mine);

    await expectNoSecret(page, consoleLines, local);
    expect(problems).toEqual([]);
  } finally {
    await stopLocal();
  }
});
