import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ParsedImportFile } from '../contract';

/** A file the import screen cannot read: the message is shown next to the file picker. */
export class ImportFileError extends Error {}

export const MAX_IMPORT_ROWS = 20_000;

/** YYYY-MM-DD of a spreadsheet date (exceljs gives dates as UTC midnight). */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellText(value.result as ExcelJS.CellValue); // formula
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text); // hyperlink
    if ('error' in value) return '';
  }
  return String(value);
}

function normalise(headers: string[], rows: string[][]): { headers: string[]; rows: string[][] } {
  const width = headers.length;
  const seen = new Map<string, number>();
  const unique = headers.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const data = rows
    .map((r) => Array.from({ length: width }, (_, i) => (r[i] ?? '').trim()))
    .filter((r) => r.some((cell) => cell !== ''));
  if (data.length > MAX_IMPORT_ROWS) throw new ImportFileError(`The file has ${data.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`);
  return { headers: unique, rows: data };
}

export function parseCsv(text: string): { headers: string[]; rows: string[][] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw new ImportFileError(`The CSV file cannot be read: ${fatal.message} (row ${fatal.row ?? '?'}).`);
  const [headers, ...rows] = parsed.data;
  if (!headers || headers.every((h) => h.trim() === '')) throw new ImportFileError('The CSV file is empty: its first line must name the columns.');
  return normalise(headers, rows);
}

export async function parseXlsx(bytes: Buffer): Promise<{ headers: string[]; rows: string[][]; sheet: string }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw new ImportFileError(`The XLSX file cannot be read: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) throw new ImportFileError('The XLSX file has no sheet with data.');
  const all: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    all.push(cells);
  });
  const [headers, ...rows] = all;
  if (!headers) throw new ImportFileError('The XLSX file has no header row.');
  return { ...normalise(headers, rows), sheet: sheet.name };
}

/** Reads an uploaded CSV or XLSX file into a header row and string cells, for the column mapping. */
export async function parseImportFile(fileName: string, contentBase64: string): Promise<ParsedImportFile> {
  const bytes = Buffer.from(contentBase64, 'base64');
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) {
    const { headers, rows, sheet } = await parseXlsx(bytes);
    return { fileName, format: 'xlsx', headers, rows, sheet };
  }
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) {
    return { fileName, format: 'csv', ...parseCsv(bytes.toString('utf8')) };
  }
  throw new ImportFileError('Choose a .csv or .xlsx file.');
}
