import ExcelJS from 'exceljs';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrossDealCollateralReportResponseDto, CrossDealCollateralReportRowDto } from '../../../src-main/contract';
import { REPORT_COLUMNS } from '../../../src-main/reports';
import { fileValue } from '../../../src-main/reports/columns';
import { INFO_SHEET, REPORT_SHEET, XLSX_FORMATS } from '../../../src-main/reports/write-xlsx';
import { runUw } from '../../support/cli';
import { startTestService, tempDir, type TestService } from '../../support/service';
import { readCsv } from '../reports/fixtures/csv-reader';

type Row = CrossDealCollateralReportRowDto;

let s: TestService;
let data: { path: string; remove(): void };
let out: { path: string; remove(): void };
let all: Row[];

beforeAll(async () => {
  data = tempDir('uw-report-data-');
  out = tempDir('uw-report-out-');
  // The CLI reads the data directory while the server has it open, as it may in real use.
  s = await startTestService({ demoDeals: 25, dataDir: data.path });
  all = await apiRows({});
}, 120_000);
afterAll(async () => {
  await s.stop();
  data.remove();
  out.remove();
});

/** Every row of a filter, paging through the endpoint. */
async function apiRows(filter: object): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const { body } = await s.api<CrossDealCollateralReportResponseDto>('POST', '/getCrossDealCollateralReport', { ...filter, page, pageSize: 10 });
    expect(body.success, JSON.stringify(body.error)).toBe(true);
    rows.push(...body.rows);
    if (rows.length >= body.totalRows) return rows;
  }
}

async function apiTotals(filter: object) {
  return (await s.api<CrossDealCollateralReportResponseDto>('POST', '/getCrossDealCollateralReport', filter)).body.totals;
}

async function uwReport(format: string, file: string, filter?: object) {
  const args = ['report', '--data-dir', data.path, '--format', format, '--out', file];
  const result = await runUw(filter ? [...args, '--filter', JSON.stringify(filter)] : args);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

async function readWorkbook(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

function utcDate(value: string | null): Date | null {
  return value === null ? null : new Date(`${value}T00:00:00.000Z`);
}

/**
 * An API row as the files write it: enum values in words, the risk rating a number, debt yield
 * as the fraction its percentage number stands for (the writers' tests pin each conversion).
 */
function asFiled(row: Row): Row {
  return Object.fromEntries(REPORT_COLUMNS.map((c) => [c.key, fileValue(row[c.key], c.kind)])) as Row;
}

/** The data rows of the report sheet as the API's rows, from typed cells. */
function sheetRows(sheet: ExcelJS.Worksheet, count: number): Row[] {
  const rows: Row[] = [];
  for (let r = 2; r < count + 2; r++) {
    const row = sheet.getRow(r);
    const entries = REPORT_COLUMNS.map((c, i) => {
      const cell = row.getCell(i + 1);
      const value = cell.value ?? null;
      if (c.kind === 'date') {
        expect(value === null || value instanceof Date, `${c.key} is a date cell`).toBe(true);
        return [c.key, value === null ? null : (value as Date).toISOString().slice(0, 10)];
      }
      if (c.kind !== 'text' && c.kind !== 'label' && !(c.kind === 'rating' && value === null)) {
        expect(typeof value, `${c.key} is a number cell`).toBe('number');
        expect(cell.numFmt, `${c.key} format`).toBe(XLSX_FORMATS[c.kind]);
      }
      return [c.key, value];
    });
    rows.push(Object.fromEntries(entries) as Row);
  }
  return rows;
}

describe('uw report', () => {
  it('writes an XLSX workbook whose typed cells, totals and info sheet agree with the API', async () => {
    const file = join(out.path, 'r.xlsx');
    const { stdout, stderr } = await uwReport('xlsx', file);
    expect(stdout.trim().split('\n').at(-1)).toBe(`wrote ${all.length} rows to ${file}`);
    expect(stderr).toContain(`report: writing ${all.length} of ${all.length} rows (100%)`);

    const workbook = await readWorkbook(file);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([REPORT_SHEET, INFO_SHEET]);
    const sheet = workbook.getWorksheet(REPORT_SHEET)!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...REPORT_COLUMNS.map((c) => c.title)]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:AA${all.length + 1}`);
    expect(sheetRows(sheet, all.length)).toEqual(all.map(asFiled));

    // A money cell, a percentage, the DSCR multiple and a real date, spot-checked by column.
    const firstData = sheet.getRow(2);
    const cellOf = (key: keyof Row) => firstData.getCell(REPORT_COLUMNS.findIndex((c) => c.key === key) + 1);
    expect(cellOf('grossLoan').numFmt).toContain('$');
    expect(cellOf('ltv').numFmt).toBe('0.00%');
    expect(cellOf('dscr').numFmt).toBe('0.00"x"');
    expect(cellOf('debtYield').numFmt).toBe('0.00%');
    const dated = all.findIndex((r) => r.maturityDate !== null);
    expect(sheet.getRow(dated + 2).getCell(10).value).toEqual(utcDate(all[dated]!.maturityDate));
    expect(sheet.getRow(dated + 2).getCell(10).type).toBe(ExcelJS.ValueType.Date);

    const totals = await apiTotals({});
    const totalsRow = sheet.getRow(all.length + 2);
    expect(sheet.rowCount).toBe(all.length + 2);
    expect(totalsRow.getCell(1).value).toBe('Total');
    expect(totalsRow.getCell(2).value).toBe(`${totals.rowCount} collaterals of ${totals.dealCount} deals`);
    for (const [i, c] of REPORT_COLUMNS.entries()) {
      const cell = totalsRow.getCell(i + 1);
      if (!c.total) continue;
      if (c.total === 'grossLoan') {
        expect(cell.value as number).toBeCloseTo(totals.grossLoan, 2);
        continue;
      }
      const { formula, result } = cell.value as ExcelJS.CellFormulaValue;
      expect(formula).toBe(`SUM(${cell.address.replace(/\d+$/, '')}2:${cell.address.replace(/\d+$/, '')}${all.length + 1})`);
      expect(result as number, c.key).toBeCloseTo(totals[c.total], 2);
      expect(cell.numFmt).toBe(XLSX_FORMATS[c.kind]);
    }

    const info = workbook.getWorksheet(INFO_SHEET)!;
    const lines = new Map<string, unknown>();
    info.eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(lines.get('Report')).toBe('Cross-deal collateral report');
    const produced = lines.get('Produced at (UTC)') as Date;
    expect(produced).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - produced.getTime())).toBeLessThan(120_000);
    expect(lines.get('Rows')).toBe(all.length);
    expect(lines.get('Filter')).toBe('none: every collateral of every deal');
    expect(readdirSync(out.path).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('writes an RFC 4180 CSV file, UTF-8 with a BOM and the XLSX column titles, with the API rows at full precision, then a totals row', async () => {
    const file = join(out.path, 'r.csv');
    const { stdout } = await uwReport('csv', file);
    expect(stdout).toContain(`wrote ${all.length} rows to ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...records] = readCsv(text.slice(1));
    expect(header).toEqual(REPORT_COLUMNS.map((c) => c.title));
    expect(records).toHaveLength(all.length + 1);
    const parsed = records.slice(0, -1).map(
      (record) =>
        Object.fromEntries(
          REPORT_COLUMNS.map((c, i) => {
            const field = record[i]!;
            if (c.kind === 'text' || c.kind === 'label' || c.kind === 'date') return [c.key, field === '' && c.key !== 'fullAddress' ? null : field];
            if (c.kind === 'rating') return [c.key, field === '' ? null : Number(field)];
            return [c.key, Number(field)];
          }),
        ) as Row,
    );
    expect(parsed).toEqual(all.map(asFiled));
    const totals = await apiTotals({});
    const last = Object.fromEntries(REPORT_COLUMNS.map((c, i) => [c.key, records.at(-1)![i]]));
    expect(last.dealId).toBe('Total');
    expect(last.seedName).toBe(`${totals.rowCount} collaterals of ${totals.dealCount} deals`);
    expect(Number(last.grossLoan)).toBeCloseTo(totals.grossLoan, 2);
    expect(Number(last.netOperatingIncome)).toBeCloseTo(totals.netOperatingIncome, 2);
    expect(Number(last.totalSF)).toBeCloseTo(totals.totalSF, 2);
    expect(last.dscr).toBe('');
  }, 60_000);

  it('applies --filter: the file has the rows of the API for that filter, in its order', async () => {
    const states = [...new Set(all.map((r) => r.state))].slice(0, 2);
    const filter = { states, sortBy: 'dscr', sortDirection: 'desc' } as const;
    const expected = await apiRows(filter);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const file = join(out.path, 'filtered.xlsx');
    const { stdout, stderr } = await uwReport('xlsx', file, filter);
    expect(stdout).toContain(`wrote ${expected.length} rows to ${file}`);
    expect(stderr).toContain(`report: sorting by dscr: ${expected.length} of ${expected.length} rows (100%)`);
    const workbook = await readWorkbook(file);
    expect(sheetRows(workbook.getWorksheet(REPORT_SHEET)!, expected.length)).toEqual(expected.map(asFiled));
    const info = new Map<string, unknown>();
    workbook.getWorksheet(INFO_SHEET)!.eachRow((row) => info.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(info.get('Deal states')).toBe(states.join(', '));
    expect(info.get('Sorted by')).toMatch(/^DSCR \(dscr\), descending/);

    const csv = join(out.path, 'filtered.csv');
    await uwReport('csv', csv, filter);
    const ids = readCsv(readFileSync(csv, 'utf8')).slice(1, -1).map((r) => `${r[0]}/${r[11]}`);
    expect(ids).toEqual(expected.map((r) => `${r.dealId}/${r.collateralId}`));
  }, 60_000);

  it('replaces an earlier report under the same name and leaves no temporary file', async () => {
    const dir = join(out.path, 'replace');
    mkdirSync(dir);
    const file = join(dir, 'report.csv');
    writeFileSync(file, 'an earlier report\n');
    await uwReport('csv', file, { dealIds: [all[0]!.dealId] });
    expect(readFileSync(file, 'utf8')).toMatch(/^\uFEFFDeal ID,/);
    expect(readdirSync(dir)).toEqual(['report.csv']);
  }, 60_000);

  // Concurrent: each case is a process start, and none writes anything.
  it.concurrent.for<[string[], RegExp]>([
    [['--format', 'csv', '--out', 'x.csv'], /--data-dir is required/],
    [['--data-dir', 'DATA', '--out', 'x.csv'], /--format is required/],
    [['--data-dir', 'DATA', '--format', 'csv'], /--out is required/],
    [['--data-dir', 'DATA', '--format', 'pdf', '--out', 'x.pdf'], /--format must be csv or xlsx, not "pdf"/],
    [['--data-dir', 'DATA', '--format', 'csv', '--out', 'OUT/x.csv', '--filter', '{"states": ['], /--filter is not valid JSON/],
    [['--data-dir', 'DATA', '--format', 'csv', '--out', 'OUT/x.csv', '--filter', '{"states":["Open"]}'], /--filter: states\.0 must be one of/],
    [['--data-dir', 'DATA', '--format', 'csv', '--out', 'OUT/x.csv', '--filter', '{"minGrossLoan":"lots"}'], /--filter: minGrossLoan must be a number/],
    [['--data-dir', 'DATA', '--format', 'csv', '--out', 'OUT/x.csv', '--filter', '{"state":["Prep"]}'], /--filter: the filter has unknown field\(s\): state/],
    [['--data-dir', 'DATA', '--format', 'csv', '--out', 'OUT/x.csv', '--filter', '[1]'], /--filter: the filter must be a JSON object/],
    [['--data-dir', 'EMPTY', '--format', 'csv', '--out', 'OUT/x.csv'], /holds no store/],
    [['--data-dir', 'DATA', '--format', 'csv', '--out', 'OUT/missing/x.csv'], /--out: folder .* does not exist/],
    [['--data-dir', 'DATA', '--format', 'csv', '--out', 'x.csv', '--bogus'], /Unknown option '--bogus'/],
  ])('exits non-zero with a one-line reason for %j', { timeout: 60_000 }, async ([args, reason], { expect }) => {
    const resolved = args.map((a) => a.replace('DATA', data.path).replace('EMPTY', out.path).replace('OUT', out.path));
    const { code, stdout, stderr } = await runUw(['report', ...resolved]);
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(reason);
    expect(existsSync(join(out.path, 'x.csv'))).toBe(false);
  });

  it('prints its options for --help', async () => {
    const { code, stdout } = await runUw(['report', '--help']);
    expect(code).toBe(0);
    for (const option of ['--data-dir', '--format csv|xlsx', '--out', '--filter']) expect(stdout).toContain(option);
    const top = await runUw(['--help']);
    expect(top.stdout).toContain('uw report');
  }, 60_000);
});
