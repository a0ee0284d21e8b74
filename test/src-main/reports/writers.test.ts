import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrossDealCollateralReportRowDto } from '../../../src-main/contract';
import { ReportTotals, type ReportQuery } from '../../../src-main/gateway/cross-deal-report';
import { writeAtomically } from '../../../src-main/reports/atomic-file';
import { describeFilter } from '../../../src-main/reports/describe-filter';
import { PROGRESS_EVERY, type ReportSource } from '../../../src-main/reports/types';
import { csvValue, UTF8_BOM, writeReportCsv } from '../../../src-main/reports/write-csv';
import { INFO_SHEET, REPORT_SHEET, writeReportXlsx } from '../../../src-main/reports/write-xlsx';
import { REPORT_COLUMNS } from '../../../src-main/reports';
import { tempDir } from '../../support/service';
import { readCsv } from './fixtures/csv-reader';

type Row = CrossDealCollateralReportRowDto;

const base: Row = {
  dealId: 'd1', seedName: 'Maple Court', loanId: null, state: 'Originated', owner: 'ann@lender.example',
  loanType: 'Bridge', grossLoan: 9_800_000, interestRate: 0.0725, loanTerm: 60, maturityDate: '2030-06-30',
  riskRating: '3', collateralId: 'c1', collateralName: 'Maple Court', fullAddress: '100 Main St, Springfield, IL 62701',
  city: 'Springfield', usState: 'IL', zipCode: '62701', propertyType: 'Multi_Family_Apartments', totalSF: 96_000,
  totalUnit: 120, netOperatingIncome: 1_050_000, incomeValuation: 15_000_000, salesValuation: 14_500_000,
  alternativeValuation: 0, ltv: 0.65, dscr: 1.28, debtYield: 10.71,
};

/** Rows that exercise quoting, full precision, empty values and text that looks like a formula. */
const tricky: Row[] = [
  base,
  { ...base, collateralId: 'c2', collateralName: 'Suite "A", North\r\nWing', fullAddress: '', city: null, maturityDate: null, netOperatingIncome: 0.1 + 0.2 },
  { ...base, dealId: 'd2', seedName: '=HYPERLINK("http://x")', loanId: '-LN-7', collateralId: 'c3', grossLoan: 1e21, ltv: 1 / 3, dscr: -0.5, debtYield: 1e-7 },
  { ...base, dealId: 'd3', seedName: 'Café Zoë ☕', collateralId: 'c4', riskRating: null, owner: '@owner', totalSF: Number.NaN },
];

/** The rows in batches of 3 (so batches end between progress steps too); failAfter: throws instead of the batch holding that row. */
function source(rows: Row[], options: { failAfter?: number; totalRows?: number } = {}): ReportSource {
  async function* gen() {
    for (let i = 0; i < rows.length; i += 3) {
      if (options.failAfter !== undefined && i + 3 > options.failAfter) throw new Error('store went away');
      yield rows.slice(i, i + 3);
    }
  }
  return { totalRows: options.totalRows ?? rows.length, batches: gen() };
}

const query: ReportQuery = {};
let dir: { path: string; remove(): void };
beforeAll(() => {
  dir = tempDir('uw-report-writers-');
});
afterAll(() => dir.remove());

const tempFiles = () => readdirSync(dir.path).filter((f) => f.endsWith('.tmp'));

describe('CSV values', () => {
  it('quotes a field with a comma, a quote or a line break and doubles its quotes', () => {
    const text = { kind: 'text' } as const;
    expect(csvValue('plain', text)).toBe('plain');
    expect(csvValue('a,b', text)).toBe('"a,b"');
    expect(csvValue('say "hi"', text)).toBe('"say ""hi"""');
    expect(csvValue('two\r\nlines', text)).toBe('"two\r\nlines"');
  });

  it('writes numbers at full precision, and null or non-finite numbers as empty fields', () => {
    const money = { kind: 'money' } as const;
    expect(csvValue(0.1 + 0.2, money)).toBe('0.30000000000000004');
    expect(csvValue(1 / 3, money)).toBe('0.3333333333333333');
    expect(csvValue(-0.5, money)).toBe('-0.5');
    expect(csvValue(null, money)).toBe('');
    expect(csvValue(Number.POSITIVE_INFINITY, money)).toBe('');
  });

  it('defuses text that a spreadsheet would run as a formula, but never a number', () => {
    expect(csvValue('=1+2', { kind: 'text' })).toBe("'=1+2");
    expect(csvValue('@SUM(A1)', { kind: 'text' })).toBe("'@SUM(A1)");
    expect(csvValue('-LN-7', { kind: 'text' })).toBe("'-LN-7");
    expect(csvValue(-12.5, { kind: 'money' })).toBe('-12.5');
  });
});

describe('writeReportCsv', () => {
  it('starts with the UTF-8 byte order mark, so that Excel reads it as UTF-8 on a double click', async () => {
    const file = join(dir.path, 'bom.csv');
    await writeReportCsv(source(tricky), { file, query });
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').startsWith('Deal ID,Deal name,')).toBe(true);
    // Every other byte is the text's UTF-8: the accented name survives as written.
    expect(bytes.toString('utf8')).toContain('Café Zoë ☕');
  });

  it('heads its columns with the same titles as the XLSX, in the same order', async () => {
    const csv = join(dir.path, 'labels.csv');
    const xlsx = join(dir.path, 'labels.xlsx');
    await writeReportCsv(source([base]), { file: csv, query });
    await writeReportXlsx(source([base]), { file: xlsx, query });
    const [header] = readCsv(readFileSync(csv, 'utf8').slice(UTF8_BOM.length));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx);
    const xlsxHeader = (workbook.getWorksheet(REPORT_SHEET)!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(xlsxHeader);
    expect(header).toEqual(REPORT_COLUMNS.map((c) => c.title));
    expect(header).toHaveLength(Object.keys(CrossDealCollateralReportRowDto.shape).length);
    expect(header!.slice(0, 3)).toEqual(['Deal ID', 'Deal name', 'Loan ID']);
  });

  it('writes a header, every row, and a totals row, with CRLF line ends', async () => {
    const file = join(dir.path, 'tricky.csv');
    const result = await writeReportCsv(source(tricky), { file, query });
    const text = readFileSync(file, 'utf8').slice(UTF8_BOM.length);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const [header, ...records] = readCsv(text);
    expect(header).toEqual(REPORT_COLUMNS.map((c) => c.title));
    expect(records).toHaveLength(tricky.length + 1);
    const col = (key: keyof Row) => REPORT_COLUMNS.findIndex((c) => c.key === key);
    expect(records[1]![col('collateralName')]).toBe('Suite "A", North\r\nWing');
    expect(records[1]![col('city')]).toBe('');
    expect(records[1]![col('maturityDate')]).toBe('');
    expect(records[0]![col('maturityDate')]).toBe('2030-06-30');
    expect(Number(records[1]![col('netOperatingIncome')])).toBe(0.1 + 0.2);
    expect(records[2]![col('seedName')]).toBe(`'=HYPERLINK("http://x")`);
    expect(Number(records[2]![col('grossLoan')])).toBe(1e21);
    expect(Number(records[2]![col('ltv')])).toBe(1 / 3);
    // Debt yield as the fraction its percentage number stands for, like LTV (1e-7 % is 1e-9).
    expect(Number(records[2]![col('debtYield')])).toBe(1e-9);
    expect(records[3]![col('seedName')]).toBe('Café Zoë ☕');
    expect(records[3]![col('totalSF')]).toBe('');

    const expected = new ReportTotals();
    tricky.forEach((r) => expected.add(r));
    expect(result.totals).toEqual(expected.result());
    expect(result.totals).toMatchObject({ rowCount: 4, dealCount: 3, grossLoan: 9_800_000 + 1e21 + 9_800_000 });
    const totals = records.at(-1)!;
    expect(totals[0]).toBe('Total');
    expect(totals[1]).toBe('4 collaterals of 3 deals');
    expect(Number(totals[col('grossLoan')])).toBe(result.totals.grossLoan);
    expect(Number(totals[col('netOperatingIncome')])).toBe(result.totals.netOperatingIncome);
    expect(totals[col('ltv')]).toBe('');
  });

  it('reports progress every PROGRESS_EVERY rows and once at the end', async () => {
    const rows = Array.from({ length: 2 * PROGRESS_EVERY + 500 }, (_, i) => ({ ...base, collateralId: `c${i}` }));
    const calls: [number, number][] = [];
    await writeReportCsv(source(rows), { file: join(dir.path, 'progress.csv'), query, onProgress: (d, t) => calls.push([d, t]) });
    expect(calls).toEqual([
      [0, rows.length],
      [PROGRESS_EVERY, rows.length],
      [2 * PROGRESS_EVERY, rows.length],
      [rows.length, rows.length],
    ]);
  });
});

describe('writeReportXlsx', () => {
  it('keeps text as text, numbers and dates typed, and empty values empty', async () => {
    const file = join(dir.path, 'tricky.xlsx');
    await writeReportXlsx(source(tricky), { file, query, now: () => new Date('2026-11-21T09:30:00Z') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet(REPORT_SHEET)!;
    const cell = (row: number, key: keyof Row) => sheet.getRow(row + 2).getCell(REPORT_COLUMNS.findIndex((c) => c.key === key) + 1);
    expect(cell(2, 'seedName').value).toBe('=HYPERLINK("http://x")');
    expect(cell(2, 'seedName').type).toBe(ExcelJS.ValueType.String);
    // Excel's own line break in a cell is LF.
    expect(cell(1, 'collateralName').value).toBe('Suite "A", North\nWing');
    expect(cell(1, 'maturityDate').value).toBeNull();
    expect(cell(0, 'maturityDate').value).toEqual(new Date(Date.UTC(2030, 5, 30)));
    expect(cell(0, 'loanId').value).toBeNull();
    expect(cell(1, 'netOperatingIncome').value).toBe(0.1 + 0.2);
    expect(cell(2, 'ltv').value).toBe(1 / 3);
    expect(cell(3, 'totalSF').value).toBeNull();
    expect(cell(3, 'seedName').value).toBe('Café Zoë ☕');
    const info = workbook.getWorksheet(INFO_SHEET)!;
    expect(info.getRow(3).values).toEqual([undefined, 'Produced at (UTC)', new Date('2026-11-21T09:30:00Z')]);
    expect(info.getRow(4).getCell(2).value).toBe('2026-11-21T09:30:00.000Z');
  });

  it('prints landscape, one page wide, the header row on every page, with the title, date and filter in its header and footer', async () => {
    const file = join(dir.path, 'print.xlsx');
    const filter: ReportQuery = { states: ['Originated'], city: 'Chicago', owners: ['ann@lender.example'] };
    await writeReportXlsx(source(tricky), { file, query: filter, now: () => new Date('2026-11-21T09:30:00Z') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet(REPORT_SHEET)!;
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' });
    const { oddHeader, oddFooter } = sheet.headerFooter;
    expect(oddHeader).toContain('Cross-deal collateral report');
    expect(oddHeader).toContain('Produced 2026-11-21 09:30 UTC');
    expect(oddFooter).toContain('Deal states: Originated; Owners: ann@lender.example; Collateral city: Chicago');
    expect(oddFooter).toContain('Page &P of &N');
  });

  it('cuts a long filter to fit the 255 characters Excel allows in a footer, and doubles an &', async () => {
    const file = join(dir.path, 'long-filter.xlsx');
    const dealIds = Array.from({ length: 40 }, (_, i) => `deal-${String(i).padStart(4, '0')}-with-a-long-id`);
    await writeReportXlsx(source([base]), { file, query: { dealIds, city: 'Town & Country' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const { oddFooter } = workbook.getWorksheet(REPORT_SHEET)!.headerFooter;
    expect(oddFooter!.length).toBeLessThanOrEqual(255);
    expect(oddFooter).toMatch(/^&LDeals \(40\): deal-0000-with-a-long-id, .*…&RPage &P of &N$/);
    const short = join(dir.path, 'ampersand.xlsx');
    await writeReportXlsx(source([base]), { file: short, query: { city: 'Town & Country' } });
    await workbook.xlsx.readFile(short);
    expect(workbook.getWorksheet(REPORT_SHEET)!.headerFooter.oddFooter).toContain('Collateral city: Town && Country');
  });

  it('writes a valid workbook for an empty report: header, zero totals, no formulas', async () => {
    const file = join(dir.path, 'empty.xlsx');
    const result = await writeReportXlsx(source([]), { file, query });
    expect(result.rows).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet(REPORT_SHEET)!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Total');
    expect(sheet.getRow(2).getCell(21).value).toBe(0);
  });
});

describe('the files show what the screen shows', () => {
  // A row as the screen shows it: Multi Family Apartments, Originated, Bridge, risk 3, LTV 65.00%,
  // debt yield 10.71%, DSCR 1.28x, rate 7.250%.
  const shown: Row = { ...base, state: 'NewDeal', loanType: 'Refinance_Construction', debtYield: 10.71, ltv: 0.617 };

  it('writes the CSV with enum values in words, the risk rating a number and every ratio a decimal fraction', async () => {
    const file = join(dir.path, 'shown.csv');
    await writeReportCsv(source([shown]), { file, query });
    const parsed = Papa.parse<Record<string, string>>(readFileSync(file, 'utf8').slice(UTF8_BOM.length), { header: true, skipEmptyLines: true });
    const row = parsed.data[0]!;
    expect(row['Property type']).toBe('Multi Family Apartments');
    expect(row['State']).toBe('New Deal');
    expect(row['Loan type']).toBe('Refinance Construction');
    expect(row['Risk rating']).toBe('3');
    // One convention for every ratio: LTV 61.7 % is 0.617, debt yield 10.71 % is 0.1071, the rate 7.25 % is 0.0725.
    expect(Number(row['LTV'])).toBe(0.617);
    expect(Number(row['Debt yield'])).toBe(0.1071);
    expect(Number(row['Interest rate'])).toBe(0.0725);
    expect(Number(row['DSCR'])).toBe(1.28);
  });

  it('writes the XLSX with enum values in words, the risk rating a number and every ratio a fraction under a percentage format', async () => {
    const file = join(dir.path, 'shown.xlsx');
    await writeReportXlsx(source([shown]), { file, query });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet(REPORT_SHEET)!;
    const cell = (key: keyof Row) => sheet.getRow(2).getCell(REPORT_COLUMNS.findIndex((c) => c.key === key) + 1);
    expect(cell('propertyType').value).toBe('Multi Family Apartments');
    expect(cell('state').value).toBe('New Deal');
    expect(cell('loanType').value).toBe('Refinance Construction');
    expect(cell('riskRating').value).toBe(3);
    expect(cell('riskRating').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('ltv').value).toBe(0.617);
    expect(cell('debtYield').value).toBe(0.1071);
    for (const key of ['ltv', 'debtYield'] as const) expect(cell(key).numFmt).toBe('0.00%');
    expect(cell('interestRate').numFmt).toBe('0.000%');
  });

  it('keeps a risk rating that is not a number as its text', async () => {
    const file = join(dir.path, 'rating.csv');
    await writeReportCsv(source([{ ...base, riskRating: 'B+' }]), { file, query });
    const [, first] = readCsv(readFileSync(file, 'utf8').slice(UTF8_BOM.length));
    expect(first![REPORT_COLUMNS.findIndex((c) => c.key === 'riskRating')]).toBe('B+');
  });
});

describe('writing through a temporary file', () => {
  it.each([
    ['CSV', writeReportCsv],
    ['XLSX', writeReportXlsx],
  ] as const)('leaves an earlier %s report intact and no temporary file when the rows fail midway', async (_, write) => {
    const file = join(dir.path, `keep-${_}`);
    writeFileSync(file, 'the earlier report');
    const rows = Array.from({ length: 3000 }, (_, i) => ({ ...base, collateralId: `c${i}` }));
    await expect(write(source(rows, { failAfter: 2500 }), { file, query })).rejects.toThrow('store went away');
    expect(readFileSync(file, 'utf8')).toBe('the earlier report');
    expect(tempFiles()).toEqual([]);
  });

  it('shows no file under the target name until it is complete', async () => {
    const file = join(dir.path, 'atomic.txt');
    await writeAtomically(file, async (temp) => {
      writeFileSync(temp, 'partial');
      expect(readdirSync(dir.path)).not.toContain('atomic.txt');
      expect(temp.startsWith(join(dir.path, '.atomic.txt.'))).toBe(true);
    });
    expect(readFileSync(file, 'utf8')).toBe('partial');
    expect(tempFiles()).toEqual([]);
  });
});

describe('describeFilter', () => {
  it('states every criterion and the order in words', () => {
    expect(
      describeFilter({
        dealIds: ['a', 'b'],
        states: ['Originated', 'Prep'],
        propertyTypes: ['Office'],
        loanTypes: ['Bridge'],
        riskRatings: ['1', '2'],
        owners: ['ann@lender.example'],
        city: 'Springfield',
        usState: 'IL',
        minGrossLoan: 1_000_000,
        maxGrossLoan: 5_000_000.5,
        sortBy: 'dscr',
        sortDirection: 'desc',
      }),
    ).toEqual([
      ['Deals (2)', 'a, b'],
      ['Deal states', 'Originated, Prep'],
      ['Collateral property types', 'Office'],
      ['Loan types', 'Bridge'],
      ['Risk ratings', '1, 2'],
      ['Owners', 'ann@lender.example'],
      ['Collateral city', 'Springfield'],
      ['Collateral US state', 'IL'],
      ['Deal gross loan', 'from $1,000,000.00 to $5,000,000.50'],
      ['Sorted by', 'DSCR (dscr), descending; empty values last, ties in the default order'],
    ]);
  });

  it('says when there is no filter, and shortens a long list of deals', () => {
    expect(describeFilter({})[0]).toEqual(['Filter', 'none: every collateral of every deal']);
    const ids = Array.from({ length: 40 }, (_, i) => `d${i}`);
    expect(describeFilter({ dealIds: ids, maxGrossLoan: 10 })).toEqual([
      ['Deals (40)', `${ids.slice(0, 25).join(', ')} and 15 more`],
      ['Deal gross loan', 'at most $10.00'],
      ['Sorted by', 'default order: deals by creation, then each deal’s collaterals'],
    ]);
  });
});
