import { spawn, type ChildProcess } from 'node:child_process';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { READY_PREFIX, RESULT_PREFIX } from './child-protocol.mjs';

/** The repository root (bench/support/ -> ../..). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

let profileDir: string | undefined;

/** --profile DIR: every child process writes a V8 CPU profile into DIR/<script name>/. */
export function setProfileDir(dir: string | undefined): void {
  profileDir = dir;
}

/** The node flags that make a child write its CPU profile (none without --profile). */
export function profileFlags(script: string): string[] {
  return profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, basename(script).replace(/\.([cm]?ts|mjs)$/, ''))}`] : [];
}

/** A child that was stopped because it ran past its time limit. */
export class ChildTimeout extends Error {
  constructor(
    readonly script: string,
    readonly timeoutMs: number,
    detail: string,
  ) {
    super(`${script} did not finish within ${timeoutMs / 1000} s\n${detail}`);
    this.name = 'ChildTimeout';
  }
}

export { childArgs, ready, reply } from './child-protocol.mjs';

export interface ChildOptions {
  /** Kill the child (SIGKILL) after this long; the run fails. */
  timeoutMs: number;
  env?: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Lines the child prints on stderr are passed through with this prefix when set. */
  echoStderr?: string;
}

/**
 * Spawns `node --import tsx SCRIPT JSON` and waits for its result line. A `.mjs` script runs on
 * plain Node, without tsx.
 */
export function spawnTsChild(script: string, args: unknown, options: ChildOptions): { child: ChildProcess; result: Promise<unknown> } {
  const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...profileFlags(script), ...loader, resolve(ROOT, script), JSON.stringify(args)], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (options.echoStderr) for (const line of chunk.split('\n').filter(Boolean)) process.stderr.write(`${options.echoStderr}${line}\n`);
  });
  const result = new Promise<unknown>((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new ChildTimeout(script, options.timeoutMs, tail(stderr)));
    }, options.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').reverse().find((l) => l.startsWith(RESULT_PREFIX));
      if (code === 0 && line) resolvePromise(JSON.parse(line.slice(RESULT_PREFIX.length)));
      else reject(new Error(`${script} exited with ${signal ?? code}${line ? '' : ' and no result'}\n${tail(stderr || stdout)}`));
    });
  });
  return { child, result };
}

/** Starts a long-lived child and waits for its ready line; stop it with stopChild. */
export async function startTsChild<T>(script: string, args: unknown, options: ChildOptions): Promise<{ child: ChildProcess; info: T }> {
  const { child, result } = spawnTsChild(script, args, { ...options, timeoutMs: 60 * 60_000 });
  result.catch(() => undefined);
  const info = await new Promise<T>((resolvePromise, reject) => {
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} was not ready within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const onData = (chunk: string) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith(READY_PREFIX));
      if (!line) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolvePromise(JSON.parse(line.slice(READY_PREFIX.length)) as T);
    };
    child.stdout!.on('data', onData);
    result.catch((err: unknown) => {
      clearTimeout(timer);
      reject(err as Error);
    });
  });
  return { child, info };
}

export async function runTsChild<T>(script: string, args: unknown, options: ChildOptions): Promise<T> {
  return (await spawnTsChild(script, args, options).result) as T;
}

function tail(text: string): string {
  return text.trim().split('\n').slice(-15).join('\n');
}

/** Stops a child we started: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
