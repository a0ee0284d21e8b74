import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchRecord, resultsMarkdown, type BenchRecord } from '../../../bench/support/results';

const RECORD: BenchRecord = {
  started: '2026-11-29T03:10:00.000Z',
  commit: 'abc1234',
  machine: '2 CPUs (AMD EPYC), 23.5 GiB memory, Node v20.20.2, linux',
  loadBefore: '0.40 0.50 0.60',
  loadAfter: '1.90 1.20 0.80',
  seconds: 702,
  only: [],
  rows: [
    { name: 'read-scaling', value: 1.2, unit: 'ms p50', ceiling: 1.24, ratio: 0.9677, target: 'ratio <= 1.2', pass: true },
    { name: 'pg-bulk-update', value: 1409, unit: 'ms', ceiling: 234, ratio: 6.0214, target: 'ratio <= 5', pass: false },
    { name: 'cold-start', value: null, unit: '', ceiling: null, ratio: null, target: '', pass: false, note: 'failed: no build' },
  ],
};

describe('bench results', () => {
  it('states the date, commit, machine and the load before and after the run above the table', () => {
    const md = resultsMarkdown(RECORD);
    expect(md).toContain('| date | 2026-11-29 03:10:00 UTC |');
    expect(md).toContain('| commit | abc1234 |');
    expect(md).toContain('| machine | 2 CPUs (AMD EPYC), 23.5 GiB memory, Node v20.20.2, linux |');
    expect(md).toContain('| load average before (1, 5, 15 min) | 0.40 0.50 0.60 |');
    expect(md).toContain('| load average after | 1.90 1.20 0.80 |');
    expect(md).toContain('| scenarios | every scenario but the opt-in ones |');
  });

  it('gives each row its value, ceiling, ratio, target and whether it passed', () => {
    const md = resultsMarkdown(RECORD);
    expect(md).toContain('| read-scaling | 1.20 | ms p50 | 1.24 | 0.968 | ratio <= 1.2 | pass |');
    expect(md).toContain('| pg-bulk-update | 1,409 | ms | 234 | 6.02 | ratio <= 5 | MISS |');
    expect(md).toContain('| cold-start | failed: no build |  | — | — |  | FAILED |');
  });

  it('names the scenarios of a partial run', () => {
    expect(resultsMarkdown({ ...RECORD, only: ['sync-pull', 'cold-start'] })).toContain('| scenarios | `--only sync-pull --only cold-start` |');
  });

  it('records the run start, the rounded run time and a commit of this checkout', () => {
    const machine = { nproc: 2, cpu: 'x', memoryGiB: 1, node: 'v20', loadavg: '1.00 1.00 1.00', text: 'm' };
    const record = benchRecord({ started: new Date('2026-11-29T03:00:00Z'), machine, end: { ...machine, loadavg: '2.00 1.00 1.00' }, seconds: 12.6, only: [], rows: [] });
    expect(record).toMatchObject({ started: '2026-11-29T03:00:00.000Z', machine: 'm', loadBefore: '1.00 1.00 1.00', loadAfter: '2.00 1.00 1.00', seconds: 13 });
    expect(record.commit).toMatch(/^[0-9a-f]{7,}(\+dirty)?$/);
  });

  it('npm run bench:results writes RESULTS.md from a JSON file and refuses one that is not a bench record', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uw-bench-results-'));
    const script = resolve(import.meta.dirname, '../../../bench/results.ts');
    try {
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, '[{"name":"x"}]');
      const refused = spawnSync(process.execPath, ['--import', 'tsx', script, bad], { encoding: 'utf8' });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('is not the JSON of npm run bench -- --json');
      // Written into a copy of the script's folder, so the tracked bench/RESULTS.md is untouched.
      const benchDir = join(dir, 'bench');
      spawnSync('cp', ['-r', resolve(import.meta.dirname, '../../../bench'), benchDir]);
      const good = join(dir, 'good.json');
      writeFileSync(good, JSON.stringify(RECORD));
      const wrote = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, 'results.ts'), good], { encoding: 'utf8', cwd: resolve(import.meta.dirname, '../../..') });
      expect(wrote.stderr).toBe('');
      expect(wrote.status).toBe(0);
      expect(readFileSync(join(benchDir, 'RESULTS.md'), 'utf8')).toBe(resultsMarkdown(RECORD));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
