import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { processCpu, processTreeCpu, readProcessCpu } from '../../../bench/support/cpu';

// The bench's CPU reader (/proc/<pid>/stat) on processes whose work is known: a busy loop of a
// fixed number of iterations, run by a child and by a grandchild that exits before the reading.
// No timing is asserted: only that the CPU a process burnt is charged where the reader looks.

const BURN = 'let x = 0; for (let i = 0; i < 1e8; i++) x = (x + i) % 7; process.stdout.write(String(x));';

const started: ChildProcess[] = [];
const grandchildren: number[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of grandchildren.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
});

/** What a child printed before done(), by child. */
const printed = new WeakMap<ChildProcess, string>();

/** A node child that runs `script`, which calls done() when it has done its work; it then stays until killed. */
async function child(script: string): Promise<ChildProcess> {
  const prelude = "const done = () => { process.stdout.write('done'); process.stdin.resume(); };";
  const proc = spawn(process.execPath, ['-e', `${prelude} ${script}`], { stdio: ['pipe', 'pipe', 'inherit'] });
  started.push(proc);
  let out = '';
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  while (!out.endsWith('done')) await once(proc.stdout!, 'data');
  printed.set(proc, out);
  return proc;
}

describe('the bench CPU reader', () => {
  it('charges a busy loop to the process that ran it', async () => {
    const idle = await child('done();');
    const busy = await child(`${BURN}; done();`);
    expect(processCpu(busy.pid!)).toBeGreaterThan(processCpu(idle.pid!) + 0.1);
  });

  it('counts a child that exited and was waited for in its parent tree', async () => {
    // The parent burns nothing itself: it runs the busy loop in a grandchild and waits for it.
    const parent = await child(`require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(BURN)}]); done();`);
    const cpu = readProcessCpu(parent.pid!)!;
    expect(cpu.reaped).toBeGreaterThan(0.1);
    expect(processTreeCpu(parent.pid!)).toBeGreaterThanOrEqual(cpu.own + cpu.reaped);
  });

  it('adds live children to their parent tree', async () => {
    // The grandchild burns, says so, and stays alive: its CPU is nowhere in the parent's counters.
    // It stays only while its parent lives (a SIGKILL of the parent cannot take it along), and the
    // test kills it by the pid the parent prints.
    const grandchild = JSON.stringify(`${BURN}; const parent = process.ppid; setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 100);`);
    const parent = await child(
      `const c = require('node:child_process').spawn(process.execPath, ['-e', ${grandchild}], { stdio: ['ignore', 'pipe', 'ignore'] }); c.stdout.once('data', () => { process.stdout.write('pid:' + c.pid + ';'); done(); });`,
    );
    grandchildren.push(Number(/pid:(\d+);/.exec(printed.get(parent)!)![1]));
    const cpu = readProcessCpu(parent.pid!)!;
    expect(cpu.reaped).toBe(0);
    expect(processTreeCpu(parent.pid!)).toBeGreaterThan(cpu.own + 0.1);
  });

  it('says when a process is gone', () => {
    expect(readProcessCpu(2 ** 22 + 1)).toBeUndefined();
    expect(() => processTreeCpu(2 ** 22 + 1)).toThrow(/not running/);
  });
});
