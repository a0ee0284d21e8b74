import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ReportTotals } from '../gateway';
import { writeAtomically } from './atomic-file';
import { fileValue, REPORT_COLUMNS, type ReportColumn } from './columns';
import { PROGRESS_EVERY, type ReportSource, type WriteReportOptions, type WriteReportResult } from './types';

const EOL = '\r\n';
/**
 * The UTF-8 byte order mark: Excel reads a CSV opened by a double click as UTF-8 only when it
 * starts with one (otherwise as the system's ANSI code page, garbling every accented name).
 */
export const UTF8_BOM = '\uFEFF';
/** Text that a spreadsheet would run as a formula (CSV injection): = + - @ tab CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted when it holds a quote, a comma or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A value as CSV text, as its column's kind writes it (fileValue: enum values in words, every
 * ratio a decimal fraction, ratings as numbers): numbers at full precision (the shortest text
 * that reads back as the same double), dates as YYYY-MM-DD (as the API gives them), null and
 * non-finite numbers empty. Text that would start a spreadsheet formula gets a leading
 * apostrophe (OWASP's advice against CSV injection); numbers never do, so negative amounts
 * stay numbers.
 */
export function csvValue(raw: unknown, column: Pick<ReportColumn, 'kind'>): string {
  const value = column.kind === 'label' || column.kind === 'percentNumber' || column.kind === 'rating' ? fileValue(raw, column.kind) : raw;
  // Numbers first: most of a row's fields are.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return csvField(FORMULA_START.test(text) ? `'${text}` : text);
}

export function csvLine(values: readonly string[]): string {
  return values.join(',') + EOL;
}

/** Batches of CSV text: the header, the rows, then the totals row. */
async function* csvChunks(source: ReportSource, options: WriteReportOptions, totals: ReportTotals, count: { rows: number }) {
  yield UTF8_BOM + csvLine(REPORT_COLUMNS.map((c) => csvField(c.title)));
  options.onProgress?.(0, source.totalRows);
  let chunk = '';
  for await (const batch of source.batches) {
    for (const row of batch) {
      totals.add(row);
      chunk += csvLine(REPORT_COLUMNS.map((c) => csvValue(row[c.key], c)));
      if (++count.rows % PROGRESS_EVERY === 0) {
        yield chunk;
        chunk = '';
        options.onProgress?.(count.rows, Math.max(source.totalRows, count.rows));
      }
    }
  }
  const t = totals.result();
  const label = `${t.rowCount} collaterals of ${t.dealCount} deals`;
  const cells = REPORT_COLUMNS.map((c) => {
    if (c.key === 'dealId') return 'Total';
    if (c.key === 'seedName') return csvField(label);
    return c.total ? csvValue(t[c.total], c) : '';
  });
  yield chunk + csvLine(cells);
}

/**
 * Writes the report as CSV (RFC 4180: comma-separated, CRLF line ends, UTF-8 with a byte order
 * mark, a header row of the same column titles as the XLSX), then a totals row whose first
 * field is "Total". Values as the screen shows them (enum values in words, the risk rating a
 * number), every ratio (LTV, interest rate, debt yield) a decimal fraction: 0.65 is 65 %.
 * Streams with back-pressure; the file appears under its name only once complete.
 */
export async function writeReportCsv(source: ReportSource, options: WriteReportOptions): Promise<WriteReportResult> {
  const totals = new ReportTotals(source.dealRowsAdjacent);
  const count = { rows: 0 };
  await writeAtomically(options.file, (temp) =>
    pipeline(Readable.from(csvChunks(source, options, totals, count), { objectMode: false }), createWriteStream(temp)),
  );
  options.onProgress?.(count.rows, count.rows);
  return { rows: count.rows, totals: totals.result(), file: options.file };
}
