import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const UW = join(ROOT, 'scripts', 'uw.mjs');

/** How a test starts uw: the program and its arguments. */
export type UwLauncher = (args: string[]) => [string, string[]];

/**
 * `npm run uw -- ARGS`, minus npm: scripts/uw.mjs runs the command's build (out/cli, or the
 * build in UW_CLI_OUT), which the test run's global setup made (test/support/global-builds.ts).
 * The child is the uw process itself, not a wrapper, so a signal to it reaches the command.
 */
export const builtUw: UwLauncher = (args) => [process.execPath, [UW, ...args]];

export interface Running {
  child: ChildProcess;
  origin: string;
  lines: string[];
  stderr: () => string;
}

/** Runs `uw` (its build; `env` is added to this process's, UW_CLI_OUT there names another build) to completion and returns its exit code and output. */
export async function runUw(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string, launch: UwLauncher = builtUw): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(...launch(args), { cwd: ROOT, env: { ...process.env, ...env } });
  if (stdin !== undefined) child.stdin.end(stdin);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  // 'close', not 'exit': the child's output may still be in its pipes when it has exited.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** Starts `uw serve` (given `stdin`, written and closed) and resolves once it prints its `listening on` line. */
export async function startUwServe(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string, launch: UwLauncher = builtUw): Promise<Running> {
  const child = spawn(...launch(['serve', ...args]), { cwd: ROOT, env: { ...process.env, ...env } });
  if (stdin !== undefined) child.stdin.end(stdin);
  const lines: string[] = [];
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const origin = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        const m = /^listening on (http:\/\/\S+)$/.exec(line);
        if (m) resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`uw serve exited ${code}: ${err}`)));
  });
  return { child, origin, lines, stderr: () => err };
}

export async function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  const { child } = running;
  // Gone already (by an exit code or by a signal): there is no 'exit' left to wait for.
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill(signal);
  const [code] = await exited;
  return code;
}
