import { execFileSync } from 'node:child_process';
import type { MachineFacts } from './machine';
import { markdownTable } from './table';
import type { BenchRow } from './types';

/** What `npm run bench -- --json FILE` writes: the run's facts and its rows. */
export interface BenchRecord {
  /** ISO time the run started. */
  started: string;
  /** The commit measured (short hash), with `+dirty` when the work tree differed from it. */
  commit: string;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  seconds: number;
  /** The scenarios asked for with --only; empty for a full run. */
  only: string[];
  rows: BenchRow[];
}

/** The commit the bench runs on, or 'unknown' outside a git checkout. */
export function currentCommit(cwd = process.cwd()): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${hash}+dirty` : hash;
  } catch {
    return 'unknown';
  }
}

export function benchRecord(args: { started: Date; machine: MachineFacts; end: MachineFacts; seconds: number; only: string[]; rows: BenchRow[]; commit?: string }): BenchRecord {
  return {
    started: args.started.toISOString(),
    commit: args.commit ?? currentCommit(),
    machine: args.machine.text,
    loadBefore: args.machine.loadavg,
    loadAfter: args.end.loadavg,
    seconds: Math.round(args.seconds),
    only: args.only,
    rows: args.rows,
  };
}

/** bench/RESULTS.md for one recorded run: its facts, then the table. Data only: no commentary. */
export function resultsMarkdown(record: BenchRecord): string {
  const scope = record.only.length ? `\`--only ${record.only.join(' --only ')}\`` : 'every scenario but the opt-in ones';
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench:results -- FILE` from the `--json FILE` of the run below; replaced on each recorded run.',
    'What each row measures, its ceiling and target, and what bounds a row that misses: `bench/README.md`.',
    '',
    '| fact | value |',
    '| --- | --- |',
    `| date | ${record.started.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} |`,
    `| commit | ${record.commit} |`,
    `| machine | ${record.machine} |`,
    `| load average before (1, 5, 15 min) | ${record.loadBefore} |`,
    `| load average after | ${record.loadAfter} |`,
    `| run time | ${record.seconds} s |`,
    `| scenarios | ${scope} |`,
    '',
    markdownTable(record.rows),
    '',
  ].join('\n');
}
