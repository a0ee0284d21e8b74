import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/service';

/**
 * The export streams: 100,000 report rows go to a file while the process's peak resident set
 * stays bounded. Each export runs in a child process of its own (fixtures/export-report.ts:
 * what `uw report` does, minus the command line's other modules), which prints
 * process.resourceUsage().maxRSS on exit.
 *
 * Bound asserted: peak RSS under 400 MB for either format. Measured on the 2-core build
 * machine (Node 20 under tsx): ~145 MB for a 4-row export (tsx, modules, SQLite), 265-285 MB
 * for 100,000 rows in CSV and in XLSX; within an export the RSS is flat from the first 20,000
 * rows on (the rest is garbage awaiting V8's next major GC). Keeping the rows would cost
 * ~1 KB each (100 MB+); before the XLSX writer waited for the zip to drain, the sheet's XML
 * piled up in the zip pipe (~120 MB more at 100,000 rows, growing with the rows).
 * Through `uw report` add ~90 MB: the command line loads the server's modules up front.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const FIXTURES = join(import.meta.dirname, 'fixtures');
const ROWS = 100_000;
const BOUND_MB = 400;

async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(TSX, args, { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** Exports in a process of its own; returns its summary line and peak RSS in MB. */
async function exportReport(format: 'csv' | 'xlsx', out: string, filter?: object): Promise<{ summary: string; peakMb: number }> {
  const args = [join(FIXTURES, 'export-report.ts'), dir.path, format, out];
  const { code, stdout, stderr } = await run(filter ? [...args, JSON.stringify(filter)] : args);
  expect(code, stderr).toBe(0);
  const peak = /maxRSS_KB=(\d+)/.exec(stderr);
  expect(peak, stderr).not.toBeNull();
  return { summary: stdout.trim(), peakMb: Number(peak![1]) / 1024 };
}

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return lines;
}

let dir: { path: string; remove(): void };
beforeAll(async () => {
  dir = tempDir('uw-report-memory-');
  const seeded = await run([join(FIXTURES, 'seed-large.ts'), dir.path, String(ROWS)]);
  expect(seeded.code, seeded.stderr).toBe(0);
}, 120_000);
afterAll(() => dir.remove());

describe('exporting 100,000 report rows', () => {
  // For comparison, the footprint of the same export of two deals.
  const small = { dealIds: ['deal-000001', 'deal-000002'] };

  it.each(['csv', 'xlsx'] as const)(`keeps the peak memory of a %s export under ${BOUND_MB} MB`, async (format) => {
    const baseline = await exportReport(format, join(dir.path, `small.${format}`), small);
    expect(baseline.summary).toContain('wrote 4 rows');

    const file = join(dir.path, `all.${format}`);
    const full = await exportReport(format, file);
    expect(full.summary).toBe(`wrote ${ROWS} rows to ${file}`);
    if (format === 'csv') expect(await countLines(file)).toBe(ROWS + 2);
    else {
      expect(statSync(file).size).toBeGreaterThan(10_000_000);
      expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK'); // a zip, as XLSX is
    }

    console.info(`${format} export: peak RSS ${full.peakMb.toFixed(0)} MB for ${ROWS} rows, ${baseline.peakMb.toFixed(0)} MB for 4 rows`);
    expect(full.peakMb).toBeLessThan(BOUND_MB);
  }, 150_000);
});
