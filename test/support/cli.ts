import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const UW = join(ROOT, 'src-main', 'cli', 'uw.ts');

/**
 * How uw is started: from its sources with tsx's loader, or, when `env` names a build directory
 * in UW_CLI_OUT, the way `npm run uw` starts it (scripts/uw.mjs: that build, made first if
 * needed). Either way the child is the uw process itself, not a wrapper: the `tsx` command runs
 * the program in a grandchild, which a SIGKILL of the wrapper would leave running.
 */
function uwCommand(args: string[], env: NodeJS.ProcessEnv): [string, string[]] {
  return [process.execPath, env.UW_CLI_OUT ? [join(ROOT, 'scripts', 'uw.mjs'), ...args] : ['--import', 'tsx', UW, ...args]];
}

export interface Running {
  child: ChildProcess;
  origin: string;
  lines: string[];
  stderr: () => string;
}

/** Runs `uw` to completion and returns its exit code and output. */
export async function runUw(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(...uwCommand(args, env), { cwd: ROOT, env: { ...process.env, ...env } });
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
export async function startUwServe(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string): Promise<Running> {
  const child = spawn(...uwCommand(['serve', ...args], env), { cwd: ROOT, env: { ...process.env, ...env } });
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
