import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { MARK_VARIABLE, markedProcesses } from '../../scripts/marked-processes.mjs';

// npm test finds a process a test left running by the run's mark in its environment.

describe('the processes of a test run', () => {
  it('are found by the mark their environment inherited, down to a grandchild, until they end', async () => {
    const mark = `marked-processes-test-${process.pid}-${Date.now()}`;
    // A child that starts a grandchild (inheriting its environment), prints the grandchild's pid and waits.
    const script = "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); process.stdout.write(String(c.pid)); setInterval(() => {}, 1000);";
    const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, [MARK_VARIABLE]: mark }, stdio: ['ignore', 'pipe', 'inherit'] });
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    const grandchild = Number(chunk.toString());
    try {
      const found = markedProcesses(mark).map((p) => p.pid);
      expect(found.sort()).toEqual([child.pid!, grandchild].sort());
      expect(markedProcesses(`${mark}-other`)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      process.kill(grandchild, 'SIGKILL');
    }
    await once(child, 'exit');
    for (let i = 0; i < 50 && markedProcesses(mark).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(markedProcesses(mark)).toEqual([]);
  });
});
