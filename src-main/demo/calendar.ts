// Calendar arithmetic on YYYY-MM-DD strings: proleptic Gregorian, integer day numbers, no Date
// objects, no clock, no locale. (The generator does a few million of these for 10,000 deals.)

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number (Howard Hinnant's civil_from_days). */
function civilFromDays(z: number): [number, number, number] {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

function digit(date: string, at: number): number {
  const c = date.charCodeAt(at) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
}

function parts(date: string): [number, number, number] {
  if (date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45) {
    const y = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
    const m = digit(date, 5) * 10 + digit(date, 6);
    const d = digit(date, 8) * 10 + digit(date, 9);
    if (m >= 1 && m <= 12 && d >= 1 && d <= 31) return [y, m, d]; // NaN fails the tests too
  }
  throw new Error(`not a YYYY-MM-DD date: ${date}`);
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}`;
}

export function isIsoDate(date: string): boolean {
  const m = ISO.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const [yy, mm, dd] = civilFromDays(daysFromCivil(y, m, d) + Math.round(days));
  return format(yy, mm, dd);
}

/** Whole months later (or earlier), clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + Math.trunc(months);
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return daysFromCivil(y2, m2, d2) - daysFromCivil(y1, m1, d1);
}

/** Whole months from `from` to `to`, counting a month only once its day is reached. */
export function monthsBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
}

export function yearOf(date: string): number {
  return parts(date)[0];
}

/** The first day of the date's month. */
export function startOfMonth(date: string): string {
  const [y, m] = parts(date);
  return format(y, m, 1);
}

/** An ISO 8601 timestamp at a fixed time of day, in the same format SQLite's defaults write. */
export function timestamp(date: string, hour = 9, minute = 0): string {
  return `${date}T${TWO_DIGITS[hour] ?? String(hour).padStart(2, '0')}:${TWO_DIGITS[minute] ?? String(minute).padStart(2, '0')}:00.000Z`;
}
