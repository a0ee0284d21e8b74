#!/usr/bin/env node
/**
 * `npm test`: the one command (README "The two commands").
 *
 *   typecheck -> lint (+ layer-rule self-check) -> build -> vitest run -> playwright test
 *   -> the work tree's `git status` compared with the one before the run
 *
 * After vitest and after Playwright, a process the step started and left running (found by the
 * run's mark in its environment) is listed, killed and counted as 1 failed.
 *
 * The build comes before the tests: they start what users run, the `uw` command's build
 * (out/cli) and the desktop app's (out/main, out/renderer), made once here (scripts/builds.mjs;
 * the test runners' global setups then find them current and build nothing).
 *
 * Every step runs even when an earlier one failed, with its output streamed. The closing line
 * is computed here from the JSON reports (.reports/vitest.json, .reports/playwright.json), not
 * read from the tools' own output:
 *
 *   N passed, N failed[, N skipped]
 *
 * A failed typecheck, lint or build step counts as 1 failed; so does a test run that failed
 * without a test to blame (a file that does not load, a crash, a missing report) and a
 * Playwright run that cannot happen because /usr/bin/chromium is missing. Exit 1 if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { ROOT, binPath } from './lib.mjs';
import { MARK_VARIABLE, markedProcesses } from './marked-processes.mjs';

const CHROMIUM = '/usr/bin/chromium';
const VITEST_REPORT = join(ROOT, '.reports', 'vitest.json');
const PLAYWRIGHT_REPORT = join(ROOT, '.reports', 'playwright.json');

/**
 * Every process a test step starts inherits this mark in its environment (children and their
 * children alike, unless a test hands one an environment of its own), so that after each step
 * the run can find any process still alive that the step started and should have ended.
 */
const RUN_MARK = `uw-test-${process.pid}-${Date.now()}`;
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', [MARK_VARIABLE]: RUN_MARK };
const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {{ step: string, result: string }[]} */
const summary = [];

function run(title, args) {
  console.log(`\n\x1b[1m=== ${title} ===\x1b[0m`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) console.error(`${title}: ${result.error.message}`);
  return { code: result.status ?? 1, seconds };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A step whose only outcome is pass/fail. */
function gate(step, commands) {
  let failed = false;
  let seconds = 0;
  for (const [title, args] of commands) {
    const result = run(title, args);
    seconds += Number(result.seconds);
    if (result.code !== 0) failed = true;
  }
  if (failed) totals.failed += 1;
  summary.push({ step, result: `${failed ? 'FAILED' : 'ok'} (${seconds.toFixed(1)} s)` });
}

/** Test counts from vitest's JSON report (jest-compatible format). */
function vitestCounts(report, code) {
  if (report === null) {
    console.error(`vitest: no report at ${VITEST_REPORT}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  let failed = report.numFailedTests ?? 0;
  // A test file that fails to load (syntax error, failing import, error in a hook) has no
  // failed test of its own: count the file.
  for (const file of report.testResults ?? []) {
    const failedAssertions = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedAssertions === 0) failed += 1;
  }
  if (code !== 0 && failed === 0) failed = 1; // e.g. an unhandled error outside any test
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function vitest() {
  rmSync(VITEST_REPORT, { force: true });
  const { code, seconds } = run('vitest run', [binPath('vitest'), 'run']);
  const { passed, failed, skipped } = vitestCounts(readJson(VITEST_REPORT), code);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push({ step: 'vitest', result: `${passed} passed, ${failed} failed, ${skipped} skipped (${seconds} s)` });
}

function playwright() {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n\x1b[1m=== playwright test ===\x1b[0m`);
    console.error(
      `Playwright SKIPPED and counted as failed: ${CHROMIUM} is missing ` +
        `(apt-get install chromium, or run .ci/run, which installs it).`,
    );
    totals.failed += 1;
    summary.push({ step: 'playwright', result: `NOT RUN: ${CHROMIUM} missing (counted as 1 failed)` });
    return;
  }
  rmSync(PLAYWRIGHT_REPORT, { force: true });
  const { code, seconds } = run('playwright test', [binPath('@playwright/test', 'playwright'), 'test']);
  const { passed, failed, skipped } = playwrightCounts(readJson(PLAYWRIGHT_REPORT), code);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push({ step: 'playwright', result: `${passed} passed, ${failed} failed, ${skipped} skipped (${seconds} s)` });
}

/** Test counts from Playwright's JSON report; a flaky test (passed on retry) counts as passed. */
function playwrightCounts(report, code) {
  if (report === null || typeof report.stats !== 'object') {
    console.error(`playwright: no report at ${PLAYWRIGHT_REPORT}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const { expected = 0, flaky = 0, unexpected = 0, skipped = 0 } = report.stats;
  // Errors outside tests (config, global setup, global timeout, no tests found) fail the run
  // without an unexpected test.
  return { passed: expected + flaky, failed: code !== 0 && unexpected === 0 ? 1 : unexpected, skipped };
}

/**
 * A test that leaves a process running is a bug: after `step`, every process it started must be
 * gone. One still alive a few seconds later is listed, killed, and counted as 1 failed.
 */
async function noProcessLeft(step) {
  let left = markedProcesses(RUN_MARK);
  for (let i = 0; i < 10 && left.length > 0; i++) {
    await sleep(500);
    left = markedProcesses(RUN_MARK);
  }
  if (left.length === 0) return;
  console.error(`\n${step} left ${left.length} process(es) running:`);
  for (const { pid, cmd } of left) {
    console.error(`  ${pid} ${cmd.slice(0, 300)}`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  totals.failed += 1;
  summary.push({ step: `${step} left`, result: `${left.length} process(es) running (counted as 1 failed)` });
}

/**
 * What `git status` says of the work tree; null outside a git checkout. `npm test` must leave
 * a clean clone clean (README "The two commands"), so the run compares this before and after:
 * a tracked file rewritten, or an untracked file left outside .gitignore, fails the run.
 */
function treeStatus() {
  const result = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout : null;
}

function treeUnchanged(before) {
  const after = treeStatus();
  if (before === null || after === null) return;
  const same = after === before;
  if (!same) {
    const was = new Set(before.split('\n'));
    const lines = after.split('\n').filter((line) => line && !was.has(line));
    console.error(`\nnpm test changed the work tree (git status):\n${lines.join('\n') || '(files that were changed before are now clean)'}`);
    totals.failed += 1;
  }
  summary.push({ step: 'work tree', result: same ? 'unchanged' : 'CHANGED (counted as 1 failed)' });
}

const statusBefore = treeStatus();
gate('typecheck', [['typecheck: tsc --noEmit -p tsconfig.json', [binPath('typescript', 'tsc'), '--noEmit', '-p', 'tsconfig.json']]]);
gate('lint', [
  ['lint: eslint .', [binPath('eslint'), '.']],
  ['lint: layer rules self-check', [join(ROOT, 'scripts', 'check-layers.mjs')]],
]);
gate('build', [['build: electron-vite build and the uw command (scripts/builds.mjs)', [join(ROOT, 'scripts', 'builds.mjs')]]]);
vitest();
await noProcessLeft('vitest');
playwright();
await noProcessLeft('playwright');
treeUnchanged(statusBefore);

console.log('\n\x1b[1m=== summary ===\x1b[0m');
for (const { step, result } of summary) console.log(`${step.padEnd(12)} ${result}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped > 0 ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
