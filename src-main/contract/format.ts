/**
 * Every number the workstation shows goes through one of these, so the same figure reads the
 * same everywhere — on the screens (src-renderer) and in the documents the main process writes
 * (the credit memo): USD, percentages (from decimals or from percentage numbers, as the API
 * gives them), DSCR as a multiple, sizes, months and dates. Missing values (null, undefined,
 * NaN, infinities) show as an em dash, never as "NaN" or "$0". Pure: no imports, no I/O.
 */

export const EMPTY = '—';

type Num = number | null | undefined;

const isNumber = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

const cache = new Map<string, Intl.NumberFormat>();
function nf(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', options);
    cache.set(key, f);
  }
  return f;
}

/** Avoids "-$0" and "-0.0%" for values that round to zero. */
function noNegativeZero(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) === 0 ? 0 : value;
}

/** $1,234,567 (whole dollars by default; `cents` for $1,234,567.89). */
export function usd(value: Num, options: { cents?: boolean } = {}): string {
  if (!isNumber(value)) return EMPTY;
  const digits = options.cents ? 2 : 0;
  return nf(`usd${digits}`, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    noNegativeZero(value, digits),
  );
}

/** $12.3M, $850K, $1.2B: for dense tables and headers. */
export function usdCompact(value: Num): string {
  if (!isNumber(value)) return EMPTY;
  return nf('usdc', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(noNegativeZero(value, 0));
}

/** A decimal ratio as a percentage: 0.0725 -> 7.25 %. */
export function pct(value: Num, digits = 2): string {
  if (!isNumber(value)) return EMPTY;
  return `${nf(`pct${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(noNegativeZero(value * 100, digits))}%`;
}

/** A number that already is a percentage (the API's debtYield): 10.5 -> 10.50 %. */
export function pctNumber(value: Num, digits = 2): string {
  if (!isNumber(value)) return pct(value, digits);
  return pct(value / 100, digits);
}

/** A multiple, for DSCR: 1.2534 -> 1.25x. */
export function multiple(value: Num, digits = 2): string {
  if (!isNumber(value)) return EMPTY;
  return `${nf(`x${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(noNegativeZero(value, digits))}x`;
}

/** A count or size: 12,345 (rounded). */
export function int(value: Num): string {
  if (!isNumber(value)) return EMPTY;
  return nf('int', { maximumFractionDigits: 0 }).format(noNegativeZero(value, 0));
}

/** A number with fixed decimals: 1,234.5 with digits = 1. */
export function num(value: Num, digits = 2): string {
  if (!isNumber(value)) return EMPTY;
  return nf(`n${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(noNegativeZero(value, digits));
}

/** Square feet: 12,345 SF. */
export function sf(value: Num): string {
  return isNumber(value) ? `${int(value)} SF` : EMPTY;
}

/** Months as the term fields hold them: 120 mo (10 yr). */
export function months(value: Num): string {
  if (!isNumber(value)) return EMPTY;
  const years = value / 12;
  return Number.isInteger(years) && years > 0 ? `${int(value)} mo (${years} yr)` : `${int(value)} mo`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A YYYY-MM-DD date as "Mar 4, 2027" (no time zone shift: the date is taken as written). */
export function date(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${month} ${Number(m[3])}, ${m[1]}` : value;
}

/**
 * An ISO timestamp as "Mar 4, 2027 14:05" in the local time zone, or with `utc` as
 * "Mar 4, 2027 14:05 UTC" (documents that must read the same wherever they are made).
 */
export function timestamp(value: string | null | undefined, options: { utc?: boolean } = {}): string {
  if (!value) return EMPTY;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (options.utc) {
    return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  }
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An enum identifier as words: Multi_Family_Apartments -> Multi Family Apartments, NewDeal -> New Deal. */
export function label(value: string | null | undefined): string {
  if (!value) return EMPTY;
  return value
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\bP I\b/, 'P&I')
    .trim();
}

/** Text or a dash. */
export function text(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? EMPTY : value;
}

/**
 * A social security number as it is shown by default: only its last four digits
 * ("***-**-6789"). Null stays null; a value with fewer than four digits is fully masked.
 */
export function maskSsn(ssn: string | null): string | null {
  if (ssn === null) return null;
  const digits = ssn.replace(/\D/g, '');
  if (digits.length < 4) return '***-**-****';
  return `***-**-${digits.slice(-4)}`;
}

/**
 * A figure and the limit it breaks, formatted on the same rounding: `digits` decimals, or one
 * more for the figure where `digits` would show it equal to the limit (1.245x against 1.25x is
 * "1.245x", not "1.25x < 1.25x").
 */
export function besideLimit(formatter: (value: Num, digits?: number) => string, value: number | null, limit: number, digits: number): [value: string, limit: string] {
  const shown = formatter(value, digits);
  const bound = formatter(limit, digits);
  return shown === bound && isNumber(value) ? [formatter(value, digits + 1), bound] : [shown, bound];
}
