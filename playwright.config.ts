import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in web mode against Debian's Chromium. Playwright never downloads a browser
 * here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 in .ci/run and scripts/test.mjs).
 *
 * No webServer block: every test starts its own `uw serve` (port 0, a fresh data directory: a
 * copy of the demo store its worker seeded once) through the `uw` fixture in
 * test/e2e/fixtures.ts, from the command's build, serving the built UI: the global setup builds
 * both once, before any test (test/support/global-builds.ts).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/support/global-builds.ts',
  outputDir: 'test-results',
  // Two spec files at a time: a test spends much of its time waiting on its server and the
  // browser's rendering, and every spec has a server and data directory of its own (port 0, a
  // fresh copy of the worker's demo store). Tests of one file still run in order, in one worker.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  globalTimeout: 10 * 60_000,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
  },
});
