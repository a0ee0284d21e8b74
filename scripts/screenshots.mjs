#!/usr/bin/env node
/**
 * `npm run screenshots`: refreshes the README's screenshots in docs/screenshots/.
 *
 * `npm test` never writes into the tracked tree: its browser tests save every screen under
 * test-results/screens/. This script builds the app, runs the browser tests that take the
 * README's screens (tagged README_SCREENS in test/e2e/fixtures.ts; in Debian's Chromium, like
 * `npm test`), and copies those screens over the committed ones only when they all passed.
 * Commit the result by hand.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, binPath } from './lib.mjs';

/** README_SCREENS of test/e2e/fixtures.ts (a TypeScript module this plain script cannot import). */
const TAG = '@readme-screens';
const SCREENS = join(ROOT, 'test-results', 'screens');
const DOCS = join(ROOT, 'docs', 'screenshots');
/** test-results/screens/<from> -> docs/screenshots/<to> */
const README_SCREENS = [
  ['pipeline.png', 'pipeline.png'],
  ['deal.png', 'deal.png'],
  ['sync-panel.png', 'sync.png'],
  ['sizing.png', 'sizing.png'],
];

function run(title, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`npm run screenshots: ${title} failed; docs/screenshots/ is unchanged.`);
    process.exit(result.status ?? 1);
  }
}

run('build: electron-vite build', [binPath('electron-vite'), 'build']);
rmSync(SCREENS, { recursive: true, force: true });
run(`playwright test --grep ${TAG}`, [binPath('@playwright/test', 'playwright'), 'test', '--grep', TAG], {
  ...process.env,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
});

const missing = README_SCREENS.filter(([from]) => !existsSync(join(SCREENS, from)));
if (missing.length > 0) {
  console.error(`npm run screenshots: the run did not save ${missing.map(([from]) => from).join(', ')}; docs/screenshots/ is unchanged.`);
  process.exit(1);
}
mkdirSync(DOCS, { recursive: true });
for (const [from, to] of README_SCREENS) {
  copyFileSync(join(SCREENS, from), join(DOCS, to));
  console.log(`docs/screenshots/${to} <- test-results/screens/${from}`);
}
