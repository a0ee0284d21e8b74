import JSZip from 'jszip';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usd } from '../../../src-main/contract/format';
import { GATEWAY_ROUTES, type GatewayHandler } from '../../../src-main/gateway';
import { dataHashOfFile, verifyCreditFile, type CreditFileManifest, type RecordedRead } from '../../../src-main/reports';
import { replayDealReads } from '../../../src-main/sync';
import { runUw } from '../../support/cli';
import { startTestService, tempDir, type TestService } from '../../support/service';
import { pdfText } from '../reports/memo/pdf-reader';
import { dealWithPeople, masked, type DealWithPeople } from './memo-fixtures';

let s: TestService;
let data: { path: string; remove(): void };
let out: { path: string; remove(): void };
let deal: DealWithPeople;
let sealed: string;

beforeAll(async () => {
  data = tempDir('uw-credit-data-');
  out = tempDir('uw-credit-out-');
  s = await startTestService({ demoDeals: 8, dataDir: data.path });
  deal = await dealWithPeople(s);
  sealed = join(out.path, 'sealed.zip');
  const result = await runUw(['credit-file', '--data-dir', data.path, '--deal', deal.id, '--out', sealed]);
  expect(result.code, result.stderr).toBe(0);
}, 180_000);
afterAll(async () => {
  await s.stop();
  data.remove();
  out.remove();
});

const verify = (file: string) => runUw(['verify-credit-file', file]);
const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

/** The zip's files by path, read back with jszip. */
async function unzip(file: string): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  const files = new Map<string, Buffer>();
  for (const entry of Object.values(zip.files)) if (!entry.dir) files.set(entry.name, await entry.async('nodebuffer'));
  return files;
}

/** Writes a zip of `files` with the manifest's hashes made to match them (a forger's re-seal). */
async function reseal(files: Map<string, Buffer>, file: string, options: { memoHash?: boolean } = {}): Promise<void> {
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as CreditFileManifest;
  for (const entry of manifest.files) {
    const { createHash } = await import('node:crypto');
    entry.sha256 = createHash('sha256').update(files.get(entry.path)!).digest('hex');
  }
  if (options.memoHash) {
    const reads = manifest.files.filter((f) => f.path.startsWith('reads/')).map((f) => JSON.parse(files.get(f.path)!.toString()) as RecordedRead);
    manifest.memoDataHash = dataHashOfFile({ dealId: manifest.dealId, reads }, files);
  }
  const zip = new JSZip();
  zip.file('manifest.json', JSON.stringify(manifest));
  for (const [path, bytes] of files) if (path !== 'manifest.json') zip.file(path, bytes);
  writeFileSync(file, await zip.generateAsync({ type: 'nodebuffer' }));
}

describe('uw credit-file', () => {
  it('writes a zip holding the memo, every read, the figures and a manifest of their hashes', async () => {
    const files = await unzip(sealed);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as CreditFileManifest;
    expect(manifest).toMatchObject({ format: 'uw-credit-file', dealId: deal.id, dealName: deal.name, productVersion: expect.any(String) });
    expect(manifest.schemaVersion).toBeGreaterThan(0);
    expect(manifest.settings).toBeTypeOf('object');
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    expect([...files.keys()].sort()).toEqual(['manifest.json', ...manifest.files.map((f) => f.path)].sort());
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain('memo.pdf');
    expect(paths).toContain('figures.json');
    expect(paths).toContain(`reads/getDealInfo/${deal.id}.json`);
    expect(paths.some((p) => p.startsWith('reads/getCollateralCashFlow/'))).toBe(true);
    // A read is kept exactly as the API answers it.
    const dealRead = JSON.parse(files.get(`reads/getDealInfo/${deal.id}.json`)!.toString()) as RecordedRead;
    expect(dealRead.response).toEqual((await s.api('GET', `/getDealInfo/${deal.id}`)).body);
    const figures = JSON.parse(files.get('figures.json')!.toString()) as Record<string, unknown>;
    expect(figures['deal.collateralTotals.dscr']).toBe((dealRead.response as { collateralTotals: { dscr: number } }).collateralTotals.dscr);

    // The analysis is recorded as the API answers it, and the memo shows it.
    const sizing = JSON.parse(files.get(`reads/sizeLoan/${deal.id}.json`)!.toString()) as RecordedRead & { response: { success: boolean; maxLoan: number } };
    expect(sizing.response.success).toBe(true);
    expect(figures['sizing.maxLoan']).toBe(sizing.response.maxLoan);
    expect(paths.filter((p) => p.startsWith('reads/stressDeal/')).length).toBeGreaterThan(0);

    const memo = join(out.path, 'from-zip.pdf');
    writeFileSync(memo, files.get('memo.pdf')!);
    const text = await pdfText(memo);
    expect(text).toContain(deal.name);
    expect(text).toContain(deal.dscr);
    expect(text).toContain(masked(deal.ssns[0]!));
    for (const ssn of deal.ssns) expect(text).not.toContain(ssn);
    expect(text).toContain(`The largest loan meeting every constraint in force is ${usd(sizing.response.maxLoan)}`);
  });

  it('verifies its own file: every hash checked and every figure recomputed equal', async () => {
    const result = await verify(sealed);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^verified: \d+ files, \d+ reads, \d+ figures of deal /);
  }, 60_000);

  it('catches one changed byte and names the file', async () => {
    const bytes = readFileSync(sealed);
    const at = bytes.indexOf('"deal.collateralTotals.dscr": ') + '"deal.collateralTotals.dscr": '.length;
    expect(at).toBeGreaterThan(100);
    bytes[at] = bytes[at] === 0x39 ? 0x38 : bytes[at]! + 1; // one digit of the DSCR
    const file = join(out.path, 'one-byte.zip');
    writeFileSync(file, bytes);
    const result = await verify(file);
    expect(result.code).toBe(1);
    expect(lastLine(result.stderr)).toMatch(/^uw: not verified: figures\.json: SHA-256 differs: manifest [0-9a-f]{64}, file [0-9a-f]{64}$/);
  }, 60_000);

  it('catches a changed input re-sealed with matching hashes: the recomputed figure differs', async () => {
    const files = await unzip(sealed);
    const path = `reads/getDealInfo/${deal.id}.json`;
    const read = JSON.parse(files.get(path)!.toString()) as RecordedRead & { response: { grossLoan: number } };
    read.response.grossLoan = Math.round(read.response.grossLoan * 0.8);
    files.set(path, Buffer.from(JSON.stringify(read, null, 2)));

    // Hashes re-sealed, the memo's data hash not: the memo was not made from these reads.
    const naive = join(out.path, 'changed-input.zip');
    await reseal(files, naive);
    const caught = await verify(naive);
    expect(caught.code).toBe(1);
    expect(lastLine(caught.stderr)).toMatch(/^uw: not verified: memo data: SHA-256 of the reads differs from the memo's/);

    // Every hash forged too: recomputing from the inputs still disagrees with the recorded figures.
    const forged = join(out.path, 'forged-input.zip');
    await reseal(files, forged, { memoHash: true });
    const result = await verify(forged);
    expect(result.code).toBe(1);
    expect(lastLine(result.stderr)).toMatch(/^uw: not verified: figures\.json: deal\.\S+: file [\d.e-]+, recomputed [\d.e-]+$/);
  }, 60_000);

  it('catches an engine whose formula changed: the recomputed DSCR differs from the recorded one', async () => {
    const original = GATEWAY_ROUTES.getDealInfo;
    // The seam: the gateway the figures are read back through, with a DSCR formula off by 1 %.
    const changed: GatewayHandler = async (ctx, request) => {
      const answer = (await original(ctx, request)) as { success: boolean; collateralTotals: { dscr: number | null } };
      if (answer.success && answer.collateralTotals.dscr !== null) answer.collateralTotals.dscr *= 1.01;
      return answer;
    };
    const bytes = readFileSync(sealed);
    expect(await verifyCreditFile(bytes, { load: replayDealReads })).toMatchObject({ ok: true });
    const result = await verifyCreditFile(bytes, { load: replayDealReads, gateway: { ...GATEWAY_ROUTES, getDealInfo: changed } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/^figures\.json: deal\.collateralTotals\.dscr: file [\d.]+, recomputed [\d.]+$/);
  }, 60_000);
});

describe('uw credit-file and verify-credit-file refuse bad input in one line', () => {
  it('refuses an unknown deal, an existing file (unless --force) and an unwritable path, leaving nothing behind', async () => {
    const args = (file: string, dealId = deal.id) => ['credit-file', '--data-dir', data.path, '--deal', dealId, '--out', file];
    const unknown = await runUw(args(join(out.path, 'unknown.zip'), 'no-such-deal'));
    expect(unknown.code).toBe(1);
    expect(lastLine(unknown.stderr)).toBe(`uw: no deal with id "no-such-deal" in ${data.path}`);
    expect(existsSync(join(out.path, 'unknown.zip'))).toBe(false);

    const before = readFileSync(sealed);
    const existing = await runUw(args(sealed));
    expect(existing.code).toBe(2);
    expect(lastLine(existing.stderr)).toBe(`uw: --out ${sealed} exists; add --force to replace it`);
    expect(readFileSync(sealed).equals(before)).toBe(true);

    const unwritable = await runUw(args('/sys/uw-credit.zip'));
    expect(unwritable.code).not.toBe(0);
    expect(lastLine(unwritable.stderr)).toMatch(/^uw: (cannot write \/sys\/uw-credit\.zip|--out: folder \/sys is not writable)/);
    expect(readdirSync('/sys').filter((f) => f.includes('uw-credit'))).toEqual([]);
    expect(readdirSync(out.path).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('refuses a corrupt zip, a foreign zip and a missing file', async () => {
    const corrupt = join(out.path, 'corrupt.zip');
    writeFileSync(corrupt, readFileSync(sealed).subarray(0, 2000));
    const a = await verify(corrupt);
    expect(a.code).toBe(1);
    expect(lastLine(a.stderr)).toMatch(/^uw: not verified: not a readable zip file \(.+\)$/);

    const foreign = join(out.path, 'foreign.zip');
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    writeFileSync(foreign, await zip.generateAsync({ type: 'nodebuffer' }));
    const b = await verify(foreign);
    expect(b.code).toBe(1);
    expect(lastLine(b.stderr)).toBe('uw: not verified: not a credit file: the zip holds no manifest.json');

    const c = await verify(join(out.path, 'absent.zip'));
    expect(c.code).toBe(2);
    expect(lastLine(c.stderr)).toBe(`uw: cannot read ${join(out.path, 'absent.zip')}: ENOENT`);
  }, 60_000);

  it('explains both commands with --help', async () => {
    expect((await runUw(['credit-file', '--help'])).stdout).toContain('manifest.json');
    expect((await runUw(['verify-credit-file', '--help'])).stdout).toContain('recomputes every derived figure');
  }, 60_000);
});
