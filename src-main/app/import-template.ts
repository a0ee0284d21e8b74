import { IMPORT_COLUMNS } from '../contract';

/*
 * The collateral import's template: a CSV file with every column the import reads, under the
 * names the import screen maps on its own, and one example row. Its columns and what each
 * expects are the contract's IMPORT_COLUMNS, which the screen lists too.
 */

export const IMPORT_TEMPLATE_NAME = 'collateral-import-template.csv';

/** One RFC 4180 field: quoted when it holds a quote, a comma or a line break. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The template's text: UTF-8 with a byte order mark (Excel reads it as UTF-8 on a double
 * click), CRLF line ends, the header row, then the example row.
 */
export function importTemplateCsv(): string {
  const line = (values: readonly string[]) => values.map(field).join(',') + '\r\n';
  return '\uFEFF' + line(IMPORT_COLUMNS.map((c) => c.header)) + line(IMPORT_COLUMNS.map((c) => c.example));
}
