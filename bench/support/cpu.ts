import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

// CPU time of processes as Linux accounts it (/proc/<pid>/stat): what a process used, whatever
// else ran on the machine. On a 2-core machine shared with other jobs a wall-clock rate says
// little about a process's cost; the CPU seconds it was charged do.

/** Ticks per second of the /proc counters (getconf CLK_TCK; 100 on Linux in practice). */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

export interface ProcessCpu {
  pid: number;
  ppid: number;
  /** utime + stime of the process itself (every thread), seconds. */
  own: number;
  /** cutime + cstime: its children that exited and were waited for, seconds. */
  reaped: number;
}

/** One process's counters, or undefined when it is gone. */
export function readProcessCpu(pid: number): ProcessCpu | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
  const field = (n: number) => Number(fields[n - 3]);
  const tick = clockTicks();
  return { pid, ppid: field(4), own: (field(14) + field(15)) / tick, reaped: (field(16) + field(17)) / tick };
}

/** Every live process's counters, by pid. */
function allProcesses(): Map<number, ProcessCpu> {
  const out = new Map<number, ProcessCpu>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cpu = readProcessCpu(Number(name));
    if (cpu) out.set(cpu.pid, cpu);
  }
  return out;
}

/**
 * CPU seconds charged to a process and everything it started: its own time, its waited-for
 * children's (cutime + cstime), and the same, recursively, of every live child. A child that
 * exits between two readings moves from the live sum into its parent's cutime once waited
 * for, so the difference of two readings is the tree's CPU in between (PostgreSQL's postmaster
 * waits for its backends at once). Throws when `rootPid` is not running.
 */
export function processTreeCpu(rootPid: number): number {
  const processes = allProcesses();
  if (!processes.has(rootPid)) throw new Error(`process ${rootPid} is not running`);
  const children = new Map<number, number[]>();
  for (const p of processes.values()) {
    const list = children.get(p.ppid);
    if (list) list.push(p.pid);
    else children.set(p.ppid, [p.pid]);
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    const p = processes.get(pid)!;
    total += p.own + p.reaped;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** CPU seconds of one process alone (every thread), without its children. */
export function processCpu(pid: number): number {
  const cpu = readProcessCpu(pid);
  if (!cpu) throw new Error(`process ${pid} is not running`);
  return cpu.own;
}
