import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_OUT } from '../../scripts/cli-build.mjs';
import { runUw, startUwServe, stop } from '../support/cli';
import { tempDir } from '../support/service';
import { pdfInfo, pdfText } from '../src-main/reports/memo/pdf-reader';

// The builds users run, each loaded and driven through the parts it loads only on demand (the
// credit memo's pdfmake, the credit file's jszip, the workbooks' exceljs, the demo generator,
// the PostgreSQL engine's pg): a chunk missing from a build, a package it cannot resolve, or a
// bundled package that reaches for CommonJS's `__dirname` or `require` inside an ES module fails
// here, not in a user's hands. The test run's global setup made both builds
// (test/support/global-builds.ts).

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'out', 'main');
const STUB = join(import.meta.dirname, 'electron-main');

// Workbook rows are loosely typed cell values.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function readWorkbook(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** The rows holding text (a title, headers, data) across a workbook's sheets. */
function rowsWithText(workbook: ExcelJS.Workbook): number {
  let rows = 0;
  workbook.eachSheet((sheet) => sheet.eachRow((row) => (rows += (row.values as unknown[]).some((v) => typeof v === 'string' && v.length > 0) ? 1 : 0)));
  return rows;
}

describe('the desktop app’s main bundle (out/main), run in plain Node with Electron stubbed', () => {
  const work = tempDir('uw-main-bundle-');
  const steps = new Map<string, Json>();
  let result: { code: number | null; stderr: string };

  beforeAll(async () => {
    // Unpackaged, the app loads better-sqlite3's addon from <app path>/out/native/electron-<version>-...
    // (src-main/electron/native-binding.ts): in plain Node that is Node's own build of it.
    const native = join(work.path, 'app', 'out', 'native', `electron-unknown-${process.platform}-${process.arch}`);
    mkdirSync(native, { recursive: true });
    copyFileSync(join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), join(native, 'better_sqlite3.node'));
    for (const dir of ['user', 'save']) mkdirSync(join(work.path, dir));
    const child = spawn(process.execPath, ['--import', pathToFileURL(join(STUB, 'register.mjs')).href, join(STUB, 'drive.mjs'), MAIN], {
      cwd: work.path,
      env: {
        ...process.env,
        UW_DATA_DIR: join(work.path, 'data'),
        UW_STUB_USER_DATA: join(work.path, 'user'),
        UW_STUB_APP_PATH: join(work.path, 'app'),
        UW_STUB_SAVE_DIR: join(work.path, 'save'),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const [code] = (await once(child, 'close')) as [number | null];
    for (const line of stdout.split('\n').filter(Boolean)) {
      const { step, value } = JSON.parse(line) as { step: string; value: Json };
      steps.set(step, value);
    }
    result = { code, stderr };
  }, 120_000);
  afterAll(() => work.remove());

  it('starts as far as Electron goes without its binary, opens its store and loads every chunk of the bundle', () => {
    expect(result.code, result.stderr).toBe(0);
    expect(steps.get('loaded')).toBe('index.js');
    expect(steps.get('chunks')).toEqual(readdirSync(MAIN).filter((file) => file.endsWith('.js')));
    expect(steps.get('done')).toBe(true);
  });

  it('fills a new data directory with the demo portfolio (the demo generator)', () => {
    expect(steps.get('app.initialize'), result.stderr).toMatchObject({ mode: 'electron', dealCount: 3, firstRun: false });
    expect(steps.get('deals.ids')?.dealIds).toHaveLength(3);
  });

  it('writes a credit memo (pdfmake) that pdftotext reads back', async () => {
    const memo = steps.get('deal.exportMemo');
    expect(memo, result.stderr).toMatchObject({ cancelled: false });
    expect(memo.file.startsWith(join(work.path, 'save'))).toBe(true);
    expect(await pdfText(memo.file)).toContain('CREDIT MEMORANDUM');
    expect((await pdfInfo(memo.file)).pages).toBe(memo.pages);
  });

  it('writes a sealed credit file (jszip) that the built uw verifies', async () => {
    const creditFile = steps.get('deal.exportCreditFile');
    expect(creditFile, result.stderr).toMatchObject({ cancelled: false });
    const verified = await runUw(['verify-credit-file', creditFile.file]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^verified: \d+ files/);
  });

  it('writes the report, portfolio stress and deal comparison workbooks (exceljs) that exceljs reads back', async () => {
    for (const step of ['report.export', 'analysis.exportStress', 'deals.compareExport']) {
      const written = steps.get(step);
      expect(written, `${step}: ${result.stderr}`).toMatchObject({ cancelled: false });
      expect(written.fileName).toMatch(/\.xlsx$/);
      // A title or header row at least, and a row per deal (three in the book, two compared).
      expect(rowsWithText(await readWorkbook(written.file)), step).toBeGreaterThan(3);
    }
  });
});

/** The chunks of a build that loading `entries` can reach, through static imports and import(). */
function reachableChunks(dir: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"\.\/([^"]+\.m?js)"/g)) visit(m[1]!);
  };
  entries.forEach(visit);
  return [...seen];
}

describe('the uw command’s build (out/cli), run as `npm run uw` runs it', () => {
  const data = tempDir('uw-cli-bundle-data-');
  const out = tempDir('uw-cli-bundle-out-');
  let deal: { id: string; name: string };
  let serveLines: string[];

  beforeAll(async () => {
    const served = await startUwServe(['--port', '0', '--data-dir', data.path, '--demo', '--demo-deals', '3']);
    serveLines = served.lines;
    expect(await stop(served)).toBe(0);
    const db = new Database(join(data.path, 'uw.sqlite'), { readonly: true });
    try {
      deal = db.prepare('SELECT id, seed_name AS name FROM deals ORDER BY loan_id LIMIT 1').get() as { id: string; name: string };
    } finally {
      db.close();
    }
  }, 60_000);
  afterAll(() => {
    data.remove();
    out.remove();
  });

  it('serves a new data directory filled with the demo portfolio (the demo generator)', () => {
    expect(serveLines).toContain('demo portfolio: 3 deals');
  });

  it('writes a credit memo (pdfmake) that pdftotext reads back', async () => {
    const file = join(out.path, 'memo.pdf');
    const written = await runUw(['memo', '--data-dir', data.path, '--deal', deal.id, '--out', file]);
    expect(written.code, written.stderr).toBe(0);
    const text = await pdfText(file);
    expect(text).toContain('CREDIT MEMORANDUM');
    expect(text).toContain(deal.name);
  });

  it('writes a sealed credit file (jszip) that verify-credit-file verifies', async () => {
    const file = join(out.path, 'credit-file.zip');
    const written = await runUw(['credit-file', '--data-dir', data.path, '--deal', deal.id, '--out', file]);
    expect(written.code, written.stderr).toBe(0);
    const verified = await runUw(['verify-credit-file', file]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^verified: \d+ files/);
  });

  it('writes the cross-deal report as a workbook (exceljs) that exceljs reads back', async () => {
    const file = join(out.path, 'report.xlsx');
    const written = await runUw(['report', '--data-dir', data.path, '--format', 'xlsx', '--out', file]);
    expect(written.code, written.stderr).toBe(0);
    expect(rowsWithText(await readWorkbook(file))).toBeGreaterThan(3);
  });

  it('loads, in plain Node, every chunk its entries reach, the PostgreSQL engine and its pg driver included', async () => {
    const chunks = reachableChunks(CLI_OUT, ['uw.mjs', 'service.mjs']).filter((file) => file !== 'uw.mjs');
    const sourcesOf = (file: string): string[] => {
      const map = join(CLI_OUT, `${file}.map`);
      return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
    };
    // The engine's chunk, with pg bundled into it or imported from node_modules.
    const engine = chunks.filter((file) => sourcesOf(file).some((s) => s.endsWith('src-main/store/postgres/open.ts')));
    expect(engine).toHaveLength(1);
    const withPg = chunks.filter((file) => sourcesOf(file).some((s) => /node_modules\/pg\/lib\/index\.js$/.test(s)) || /from "pg"/.test(readFileSync(join(CLI_OUT, file), 'utf8')));
    expect(withPg.length).toBeGreaterThan(0);
    const urls = chunks.map((file) => pathToFileURL(join(CLI_OUT, file)).href);
    const loaded = await run(process.execPath, ['--input-type=module', '-e', 'for (const url of JSON.parse(process.argv[1])) await import(url); console.log("loaded");', JSON.stringify(urls)], { cwd: ROOT });
    // A chunk may import uw.mjs back (code the command shares with it), which then runs the
    // command without arguments: its usage comes first.
    expect(loaded.stdout.trim().split('\n').at(-1)).toBe('loaded');
  });
});
