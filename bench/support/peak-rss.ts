import { readFileSync } from 'node:fs';

/**
 * The peak resident set of this process, KiB. Not getrusage's maxRSS: Linux carries the
 * parent's high-water mark across fork and exec, so a child spawned by a large bench runner
 * reported the runner's size (a child of a 500 MB parent: maxRSS 504 MB, VmHWM 39 MB). VmHWM
 * belongs to this process image alone.
 */
export function peakRssKiB(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // not Linux: fall back to getrusage below
  }
  return process.resourceUsage().maxRSS;
}
