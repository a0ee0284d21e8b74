import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUw } from '../../support/cli';
import { startTestService, tempDir, type TestService } from '../../support/service';
import { pdfText } from '../reports/memo/pdf-reader';
import { dealWithPeople, masked, type DealWithPeople } from './memo-fixtures';

let s: TestService;
let data: { path: string; remove(): void };
let out: { path: string; remove(): void };
let deal: DealWithPeople;

beforeAll(async () => {
  data = tempDir('uw-memo-data-');
  out = tempDir('uw-memo-out-');
  // The CLI reads the data directory while the server has it open, as it may in real use.
  s = await startTestService({ demoDeals: 8, dataDir: data.path });
  deal = await dealWithPeople(s);
}, 120_000);
afterAll(async () => {
  await s.stop();
  data.remove();
  out.remove();
});

const memoArgs = (file: string, dealId = deal.id) => ['memo', '--data-dir', data.path, '--deal', dealId, '--out', file];
/** Files left in the output folder besides the expected ones (a temporary file would show here). */
const leftovers = (...expected: string[]) => readdirSync(out.path).filter((f) => !expected.includes(f));

describe('uw memo', () => {
  it('writes a PDF that shows the deal name, the DSCR as on screen and the SSNs masked, never whole', async () => {
    const file = join(out.path, 'memo.pdf');
    const result = await runUw(memoArgs(file));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`wrote the credit memo of .+ \\(\\d+ pages\\) to ${file.replace(/[.]/g, '\\.')}`));
    const text = await pdfText(file);
    expect(text).toContain(deal.name);
    expect(text).toContain(deal.dscr);
    expect(text).toContain(masked(deal.ssns[0]!));
    for (const ssn of deal.ssns) {
      expect(text).not.toContain(ssn);
      expect(text).not.toContain(ssn.replace(/\D/g, ''));
    }
    expect(leftovers('memo.pdf')).toEqual([]);
  }, 120_000);

  it('refuses an existing output file unless --force, and leaves it untouched', async () => {
    const file = join(out.path, 'existing.pdf');
    writeFileSync(file, 'keep me');
    const refused = await runUw(memoArgs(file));
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(`uw: --out ${file} exists; add --force to replace it`);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    const forced = await runUw([...memoArgs(file), '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('names an unknown deal in one line, exits non-zero and writes nothing', async () => {
    const file = join(out.path, 'unknown.pdf');
    const result = await runUw(memoArgs(file, 'no-such-deal'));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toBe(`uw: no deal with id "no-such-deal" in ${data.path}`);
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('reports an output path it cannot write in one line and leaves no temporary file', async () => {
    // /sys refuses new files even to root (a read-only folder does not stop root).
    const result = await runUw(memoArgs('/sys/uw-memo.pdf'));
    expect(result.code).not.toBe(0);
    const last = result.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^uw: (cannot write \/sys\/uw-memo\.pdf|--out: folder \/sys is not writable)/);
    expect(readdirSync('/sys').filter((f) => f.includes('uw-memo'))).toEqual([]);
    const missingFolder = await runUw(memoArgs(join(out.path, 'no-folder', 'memo.pdf')));
    expect(missingFolder.code).toBe(2);
    expect(missingFolder.stderr.trim()).toBe(`uw: --out: folder ${join(out.path, 'no-folder')} does not exist`);
  }, 120_000);

  it('asks for its required flags and explains itself with --help', async () => {
    const help = await runUw(['memo', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--deal ID');
    expect(help.stdout).toContain('--force');
    const missing = await runUw(['memo', '--data-dir', data.path, '--out', join(out.path, 'x.pdf')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe('uw: --deal is required (see uw memo --help)');
    const noStore = await runUw(['memo', '--data-dir', out.path, '--deal', deal.id, '--out', join(out.path, 'x.pdf')]);
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain('holds no store');
  }, 60_000);
});
