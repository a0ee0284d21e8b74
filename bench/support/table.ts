import type { BenchRow } from './types';

/** A number with 3 significant digits (no exponent for ordinary magnitudes). */
export function fmt(value: number | null): string {
  if (value === null) return '—';
  const abs = Math.abs(value);
  if (Number.isInteger(value) && abs < 1000) return String(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

function passText(r: BenchRow): string {
  if (r.note?.startsWith('failed')) return 'FAILED';
  if (r.pass === null) return r.note?.startsWith('not available') ? 'n/a' : '—';
  return r.pass ? 'pass' : 'MISS';
}

export const TABLE_HEADER = ['name', 'value', 'unit', 'ceiling', 'ratio', 'target', 'pass'] as const;

export function tableCells(rows: readonly BenchRow[]): string[][] {
  return rows.map((r) => [
    r.name,
    r.value === null ? (r.note ?? '—') : fmt(r.value),
    r.unit,
    fmt(r.ceiling),
    r.ratio === null ? '—' : fmt(r.ratio),
    r.target,
    passText(r),
  ]);
}

/** The table as aligned plain text. */
export function formatTable(rows: readonly BenchRow[]): string {
  const cells = [TABLE_HEADER.slice(), ...tableCells(rows)];
  const widths = TABLE_HEADER.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  const numeric = new Set([1, 3, 4]);
  const line = (c: readonly string[]) =>
    c.map((text, i) => (numeric.has(i) ? text.padStart(widths[i]!) : text.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** The table as Markdown (for the README's Performance section). */
export function markdownTable(rows: readonly BenchRow[]): string {
  const cells = tableCells(rows);
  return [
    `| ${TABLE_HEADER.join(' | ')} |`,
    `| ${TABLE_HEADER.map((_, i) => ([1, 3, 4].includes(i) ? '---:' : '---')).join(' | ')} |`,
    ...cells.map((c) => `| ${c.map((x) => x.replaceAll('|', '\\|')).join(' | ')} |`),
  ].join('\n');
}
