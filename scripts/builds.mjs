/**
 * The builds users run, made once before the tests that run them: the `uw` command (out/cli,
 * cli-build.mjs; `npm run uw`, `uw serve --web`) and the desktop app (electron-vite build:
 * out/main, out/preload, out/renderer; `npm start`, and the UI that web mode serves).
 *
 * `ensureBuilds()` builds what is older than its sources and leaves the rest as it is. It is the
 * one place a test run builds: the vitest and Playwright global setups and `npm test` call it
 * before any test starts, so parallel workers never build (and never build at the same time).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_OUT, ensureCliBuild } from './cli-build.mjs';
import { ROOT, binPath, newestMtime } from './lib.mjs';

/** What electron-vite builds from: a change to any of these makes out/main, out/preload or out/renderer stale. */
const APP_SOURCES = ['src-main', 'src-preload', 'src-renderer', 'electron.vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** Written after a build into out/main (which electron-vite empties when it builds again). */
const APP_STAMP = join(ROOT, 'out', 'main', 'build-stamp.json');

function appSourcesMtime() {
  return Math.max(...APP_SOURCES.map((s) => newestMtime(join(ROOT, s))));
}

/** True when out/main, out/preload and out/renderer were built from the sources as they are now. */
export function appBuildIsCurrent() {
  try {
    const stamp = JSON.parse(readFileSync(APP_STAMP, 'utf8'));
    return (
      stamp.sourcesMtime === appSourcesMtime() &&
      ['main/index.js', 'preload/index.cjs', 'renderer/index.html'].every((file) => existsSync(join(ROOT, 'out', file)))
    );
  } catch {
    return false;
  }
}

/** Runs `electron-vite build` (its output on stderr) and stamps it; throws when it fails. */
export function buildApp() {
  const started = appSourcesMtime();
  const result = spawnSync(process.execPath, [binPath('electron-vite'), 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`electron-vite build failed (exit ${result.status ?? result.signal})`);
  writeFileSync(APP_STAMP, JSON.stringify({ sourcesMtime: started }));
}

export function ensureAppBuild() {
  if (appBuildIsCurrent()) return;
  process.stderr.write('building the desktop app and its UI (electron-vite build: out/main, out/preload, out/renderer)...\n');
  buildApp();
}

/** Both builds, current; returns where the `uw` build is (out/cli, or UW_CLI_OUT). */
export async function ensureBuilds() {
  ensureAppBuild();
  await ensureCliBuild(CLI_OUT);
  return { cliOut: CLI_OUT };
}

// `node scripts/builds.mjs`: both builds, current (npm test's build step).
if (process.argv[1] && join(process.argv[1]) === join(ROOT, 'scripts', 'builds.mjs')) {
  try {
    const { cliOut } = await ensureBuilds();
    process.stdout.write(`builds current: out/main, out/preload, out/renderer, ${cliOut}\n`);
  } catch (error) {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
