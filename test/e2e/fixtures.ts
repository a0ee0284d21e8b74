import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..', '..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export const E2E_CLIENT = { id: 'e2e', secret: 'secret' };
export const E2E_USER = 'owner@example.com';

export interface UwServer {
  /** http://HOST:PORT from the `listening on` line. */
  baseUrl: string;
  /** The `open http://...?session=...` link web mode prints. */
  openUrl: string;
  dataDir: string;
  /** The server's process id (the test that pauses it with SIGSTOP signals this process). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
}

export interface StartOptions {
  /** Fill the store with the demo portfolio (default true); false starts an empty store (first run). */
  demo?: boolean;
  demoDeals?: number;
  extraArgs?: string[];
  /** How long the server may take to print its URLs (a large demo book takes longer to seed). */
  startTimeoutMs?: number;
  /** More environment for the server (e.g. TMPDIR, where web mode writes its exports). */
  env?: Record<string, string>;
  /**
   * The name web mode signs the deal history with, given before the page opens (default
   * E2E_NAME); null leaves it to the page, which then asks for it first.
   */
  userName?: string | null;
  /**
   * Start from a copy of this data directory (a store seeded before, e.g. the worker's demo
   * template) instead of an empty one: `--demo` then finds deals and seeds nothing.
   */
  copyDataDir?: string;
  /** Leave the data directory in place when stopped (the caller removes it). */
  keepDataDir?: boolean;
}

export const E2E_NAME = 'E2E Underwriter';

/**
 * Starts `uw serve` on port 0 with a fresh data directory and resolves once it printed both
 * `listening on http://...` and (web mode) `open http://...?session=...`.
 *
 * Runs what `npm run serve -- --web` runs, minus npm: scripts/uw.mjs, which starts the command's
 * build (out/cli, or UW_CLI_OUT) in its own process, the process we signal; it serves the
 * desktop app's built UI (out/renderer). Playwright's global setup built both, once
 * (test/support/global-builds.ts).
 */
export async function startUwServer(options: StartOptions = {}): Promise<{ server: UwServer; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'uw-e2e-'));
  if (options.copyDataDir) await cp(options.copyDataDir, dataDir, { recursive: true });
  const args = [
    join(ROOT, 'scripts', 'uw.mjs'),
    'serve',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...(options.demo === false ? [] : ['--demo', '--demo-deals', String(options.demoDeals ?? 20)]),
    '--web',
    '--client',
    `${E2E_CLIENT.id}:${E2E_CLIENT.secret}`,
    '--user',
    E2E_USER,
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    log += chunk;
  });

  const stop = async (): Promise<void> => {
    await stopProcess(child);
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    const { baseUrl, openUrl } = await new Promise<{ baseUrl: string; openUrl: string }>((resolvePromise, reject) => {
      let baseUrl: string | undefined;
      const timer = setTimeout(
        () => reject(new Error(`uw serve did not print its URLs within ${options.startTimeoutMs ?? START_TIMEOUT_MS} ms:\n${log}`)),
        options.startTimeoutMs ?? START_TIMEOUT_MS,
      );
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        log += `${line}\n`;
        const listening = /^listening on (http:\/\/\S+)/.exec(line);
        if (listening) baseUrl = listening[1];
        const open = /^open (http:\/\/\S+)/.exec(line);
        if (open && baseUrl !== undefined) {
          clearTimeout(timer);
          resolvePromise({ baseUrl, openUrl: open[1]! });
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`uw serve exited (${signal ?? code}) before it was ready:\n${log}`));
      });
    });
    const server: UwServer = { baseUrl, openUrl, dataDir, pid: child.pid!, output: () => log };
    const userName = options.userName === undefined ? E2E_NAME : options.userName;
    if (userName !== null) await invoke(server, 'history.setUser', { name: userName });
    return { server, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * `uw`: a fresh server per test, on a fresh copy of the worker's demo store; its output is
 * attached to the report when the test fails.
 *
 * `demoDataDir`: the default demo portfolio, seeded once per worker by a `uw serve --demo` of its
 * own (stopped before any copy is made), so that each test copies a store instead of seeding
 * one. The portfolio is generated from a fixed seed: a copy holds what seeding would have made.
 */
export const test = base.extend<{ uw: UwServer }, { demoDataDir: string }>({
  demoDataDir: [
    async ({}, use) => {
      const { server, stop } = await startUwServer({ userName: null, keepDataDir: true });
      await stop();
      try {
        await use(server.dataDir);
      } finally {
        await rm(server.dataDir, { recursive: true, force: true, maxRetries: 3 });
      }
    },
    { scope: 'worker' },
  ],
  uw: async ({ demoDataDir }, use, testInfo) => {
    const { server, stop } = await startUwServer({ copyDataDir: demoDataDir });
    try {
      await use(server);
    } finally {
      await stop();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('uw-serve.log', { body: server.output(), contentType: 'text/plain' });
      }
    }
  },
});

export { expect };

/** Tags the tests that take the README's screenshots (`npm run screenshots` runs only these). */
export const README_SCREENS = '@readme-screens';

/** The session secret of a web-mode launch (from the link it printed). */
export function sessionOf(server: UwServer): string {
  return new URL(server.openUrl).searchParams.get('session') ?? '';
}

/**
 * Calls the channel table through the web-mode bridge, as the page does: for tests to pick
 * their data and to check what the UI shows against what the core answers.
 */
// Tests walk loosely typed JSON; the contract types check shapes where it matters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function invoke<T = any>(server: UwServer, channel: string, payload: unknown = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}/bridge/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-uw-session': sessionOf(server) },
    body: JSON.stringify({ channel, payload }),
  });
  const body = (await response.json()) as { ok: boolean; value?: T; error?: string };
  if (!body.ok) throw new Error(`${channel}: ${body.error}`);
  return body.value as T;
}
