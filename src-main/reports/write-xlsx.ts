import type ExcelJS from 'exceljs';
// The streaming writer alone, not exceljs's entry, which loads its readers too (measured under tsx
// on a busy machine: ~0.7 s of CPU to load the entry, ~0.33 s for the writer's modules; the
// module is declared in src-main/types/).
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { CrossDealCollateralReportRowDto } from '../contract';
import { ReportTotals } from '../gateway';
import { writeAtomically } from './atomic-file';
import { fileValue, REPORT_COLUMNS, type ColumnKind } from './columns';
import { describeFilter, filterLine, REPORT_TITLE } from './describe-filter';
import { FOOTER_BUDGET, headerText, landscapePrintSetup, type PrintSetup } from './print-setup';
import { PROGRESS_EVERY, type ReportSource, type WriteReportOptions, type WriteReportResult } from './types';

type Row = CrossDealCollateralReportRowDto;

export const REPORT_SHEET = 'Collateral report';
export const INFO_SHEET = 'Report info';

/** Number formats of the typed cells (Excel format codes). */
export const XLSX_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  label: undefined,
  money: '"$"#,##0.00;[Red]-"$"#,##0.00',
  // Decimals shown as percentages: the cell holds 0.65, Excel shows 65.00%.
  ratio: '0.00%',
  rate: '0.000%',
  multiple: '0.00"x"',
  // debtYield comes as a percentage number (10.5 means 10.5 %): the cell holds its fraction
  // (0.105, fileValue), like every other ratio, under the same percentage format.
  percentNumber: '0.00%',
  rating: '0',
  date: 'yyyy-mm-dd',
  months: '0',
  count: '#,##0',
};
const TIMESTAMP_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * How the report prints: landscape, one page wide (as many pages down as it takes), the header
 * row on every page, the title and the date it was produced at the top, the filter and the
 * page number at the bottom.
 */
export function reportPrintSetup(query: WriteReportOptions['query'], producedAt: Date): PrintSetup {
  // The filter as long as the footer allows once its & are doubled.
  let max = FOOTER_BUDGET;
  let filter = filterLine(query, max);
  while (headerText(filter).length > FOOTER_BUDGET) filter = filterLine(query, (max -= 8));
  return landscapePrintSetup(REPORT_TITLE, producedAt, filter);
}

/** A YYYY-MM-DD date as an Excel date (exceljs writes a Date as its UTC day). */
function excelDate(value: string | null): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function cellValue(row: Row, key: keyof Row, kind: ColumnKind): ExcelJS.CellValue {
  const raw = row[key];
  if (raw === null || raw === undefined) return null;
  if (kind === 'date') return excelDate(raw as string);
  const value = kind === 'label' || kind === 'percentNumber' || kind === 'rating' ? fileValue(raw, kind) : raw;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // A line break inside an Excel cell is LF; a raw CR would be lost by XML's line-end rules.
  // (Checked first: almost no value holds a CR, and the test is cheaper than the replace.)
  const text = value as string;
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Excel's column letters (1 = A, 27 = AA). */
export function columnLetter(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

/** Rows written between two waits for the zip to catch up. */
const ROWS_BETWEEN_DRAINS = 200;

/**
 * Waits until the zip has taken in what the sheet wrote. exceljs's streaming writer pipes each
 * sheet into the zip without back-pressure (its sheet stream ignores write()'s return value),
 * so a producer that only yields now and then lets the uncompressed XML pile up in the pipe:
 * measured, the whole sheet (~1.2 KB a row) stayed in memory. The pipe's destinations are
 * ordinary Node streams, so their 'drain' is the back-pressure signal. Should a later exceljs
 * change those internals, this waits for nothing and the memory test notices.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return;
  for (const pipe of pipes as (Writable & { _writableState?: { needDrain?: boolean } })[]) {
    // archiver's PassThrough comes from readable-stream 2, which predates writableNeedDrain.
    if (pipe.writableNeedDrain ?? pipe._writableState?.needDrain) await once(pipe, 'drain');
  }
}

/**
 * One style object per column, shared by every data cell of the column (and one empty object
 * shared by every data row). exceljs's style manager remembers the style id of each style
 * object it has seen (a WeakMap keyed by the object), but a cell added by addRow gets a fresh
 * style object merged from its column's, so without sharing every cell's style was rendered to
 * XML and looked up by that text: measured, the largest single cost of the export. Frozen, so
 * that nothing can change the style of a whole column through one cell.
 */
const COLUMN_STYLES: readonly Partial<ExcelJS.Style>[] = REPORT_COLUMNS.map((c) => {
  const numFmt = XLSX_FORMATS[c.kind];
  return Object.freeze(numFmt ? { numFmt } : {});
});
const DATA_ROW_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true, color: { argb: 'FFFFFFFF' } },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } },
  alignment: { vertical: 'middle', wrapText: true },
};

/**
 * Writes the report as an XLSX workbook with exceljs's streaming writer: each row is committed
 * as soon as it is added, so rows never accumulate in memory (strings are written inline, not
 * into a shared-strings table that would hold every distinct text).
 *
 * Sheet "Collateral report": a frozen header row with an autofilter over the data, typed cells
 * as the screen shows them (money in a $ format; ltv, interest rate and debt yield as decimal
 * fractions under a percentage format; dscr as 1.25x; state, loan and property type in words;
 * the risk rating a number; maturity a real Excel date), and a totals row:
 * SUM formulas (with their computed results) under the collateral figures, and under the gross
 * loan the sum over distinct deals as a value (a SUM of the column would count a deal once per
 * collateral). It prints landscape, one page wide, with the header row on every page and the
 * title, date and filter in the page header and footer (reportPrintSetup). Sheet "Report info":
 * the filter in words and when the report was produced.
 */
export async function writeReportXlsx(source: ReportSource, options: WriteReportOptions): Promise<WriteReportResult> {
  const totals = new ReportTotals(source.dealRowsAdjacent);
  const producedAt = (options.now ?? (() => new Date()))();
  const rows = await writeAtomically(options.file, async (temp) => {
    const stream = createWriteStream(temp);
    // Surface an I/O error (disk full) through the writer instead of an unhandled 'error' event.
    let streamError: Error | undefined;
    stream.on('error', (err) => (streamError = err));
    try {
      return await writeWorkbook(stream, () => streamError, source, options, totals, producedAt);
    } catch (err) {
      // Release the file before the temporary file is removed (Windows refuses to delete an open file).
      if (!stream.closed) {
        const closed = once(stream, 'close').catch(() => undefined);
        stream.destroy();
        await closed;
      }
      throw err;
    }
  });
  options.onProgress?.(rows, rows);
  return { rows, totals: totals.result(), file: options.file };
}

/** Writes both sheets into the stream; returns the number of data rows. */
async function writeWorkbook(
  stream: Writable,
  streamError: () => Error | undefined,
  source: ReportSource,
  options: WriteReportOptions,
  totals: ReportTotals,
  producedAt: Date,
): Promise<number> {
  let rows = 0;
  const workbook = new WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
    // Fastest deflate. It is archiver's default today, pinned because the level is a real cost:
    // measured on 100,000 rows, level 6 made a 17 % smaller file (24.7 MB instead of 29.7 MB) for
    // about 2 s more CPU, and level 0 (stored, 127 MB) was no faster than level 1.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Underwriting Workstation';
  workbook.created = producedAt;

  const sheet = workbook.addWorksheet(REPORT_SHEET, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    ...reportPrintSetup(options.query, producedAt),
  });
  sheet.columns = REPORT_COLUMNS.map((c, i) => ({
    key: c.key,
    width: c.width,
    style: COLUMN_STYLES[i]!,
  }));
  const header = sheet.addRow(REPORT_COLUMNS.map((c) => c.title));
  header.height = 30;
  header.eachCell((cell) => (cell.style = HEADER_STYLE));
  header.commit();

  options.onProgress?.(0, source.totalRows);
  for await (const batch of source.batches) {
    for (const row of batch) {
      const failed = streamError();
      if (failed) throw failed;
      totals.add(row);
      const added = sheet.addRow(REPORT_COLUMNS.map((c) => cellValue(row, c.key, c.kind)));
      // Row.style is exceljs's own field, missing from its typings.
      (added as unknown as { style: Partial<ExcelJS.Style> }).style = DATA_ROW_STYLE;
      for (let i = 0; i < COLUMN_STYLES.length; i++) added.getCell(i + 1).style = COLUMN_STYLES[i]!;
      added.commit();
      if (++rows % ROWS_BETWEEN_DRAINS === 0) await zipCaughtUp(sheet);
      if (rows % PROGRESS_EVERY === 0) options.onProgress?.(rows, Math.max(source.totalRows, rows));
    }
  }

  const t = totals.result();
  const firstData = 2;
  const lastData = rows + 1;
  const totalsRow = sheet.addRow(
    REPORT_COLUMNS.map((c, i) => {
      if (c.key === 'dealId') return 'Total';
      if (c.key === 'seedName') return `${t.rowCount} collaterals of ${t.dealCount} deals`;
      if (!c.total) return null;
      const result = t[c.total];
      if (c.total === 'grossLoan' || rows === 0) return result;
      const col = columnLetter(i + 1);
      return { formula: `SUM(${col}${firstData}:${col}${lastData})`, result };
    }),
  );
  totalsRow.font = { bold: true };
  totalsRow.eachCell({ includeEmpty: true }, (cell) => (cell.border = { top: { style: 'double' } }));
  totalsRow.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastData, column: REPORT_COLUMNS.length } };
  sheet.commit();

  const info = workbook.addWorksheet(INFO_SHEET);
  info.columns = [
    { key: 'item', width: 28 },
    { key: 'value', width: 90 },
  ];
  const infoHeader = info.addRow(['Item', 'Value']);
  infoHeader.eachCell((cell) => (cell.style = HEADER_STYLE));
  infoHeader.commit();
  info.addRow(['Report', REPORT_TITLE]).commit();
  const produced = info.addRow(['Produced at (UTC)', producedAt]);
  produced.getCell(2).numFmt = TIMESTAMP_FORMAT;
  produced.getCell(2).alignment = { horizontal: 'left' };
  produced.commit();
  info.addRow(['Produced at (ISO 8601)', producedAt.toISOString()]).commit();
  info.addRow(['Rows', t.rowCount]).commit();
  info.addRow(['Deals', t.dealCount]).commit();
  for (const [item, value] of describeFilter(options.query)) info.addRow([item, value]).commit();
  info.addRow(['Ratios', 'LTV, interest rate and debt yield are decimal fractions shown as percentages: 0.105 is 10.50%']).commit();
  info.addRow(['Gross loan total', 'each deal counted once, however many of its collaterals are listed']).commit();
  info.commit();

  await workbook.commit();
  const failed = streamError();
  if (failed) throw failed;
  return rows;
}
