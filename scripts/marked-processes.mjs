/**
 * Finding the processes a test run started: `npm test` (scripts/test.mjs) gives every step an
 * environment variable with the run's own mark, which every process the step starts inherits.
 * Linux only (/proc); elsewhere nothing is found.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

export const MARK_VARIABLE = 'UW_TEST_RUN';

/** The live processes (zombies have no environment) whose environment carries `mark`, but this one. */
export function markedProcesses(mark) {
  if (!existsSync('/proc/self/environ')) return [];
  const wanted = `${MARK_VARIABLE}=${mark}`;
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(wanted)) continue;
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').join(' ').trim();
      found.push({ pid: Number(name), cmd });
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return found;
}
