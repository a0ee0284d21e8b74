import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';

export interface MachineFacts {
  nproc: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  loadavg: string;
  text: string;
}

/** nproc, the CPU model as /proc/cpuinfo names it, memory, Node, and the load average now. */
export function machineFacts(): MachineFacts {
  let cpu = 'unknown';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // not Linux
  }
  const nproc = availableParallelism();
  const memoryGiB = totalmem() / 2 ** 30;
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return {
    nproc,
    cpu,
    memoryGiB,
    node: process.version,
    loadavg: load,
    text: `${nproc} CPUs (${cpu}), ${memoryGiB.toFixed(1)} GiB memory, Node ${process.version}, ${process.platform}`,
  };
}
