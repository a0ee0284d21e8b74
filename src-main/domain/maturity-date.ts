/**
 * Maturity = origination date plus the loan term in whole months, clamped to the month's last
 * day (a 2024-01-31 loan of 1 month matures 2024-02-29). Null without an origination date.
 */
export function maturityDate(originationDate: string | null, loanTermMonths: number): string | null {
  const m = originationDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(originationDate) : null;
  if (!m || !Number.isFinite(loanTermMonths)) return null;
  const monthIndex = Number(m[1]) * 12 + Number(m[2]) - 1 + Math.trunc(loanTermMonths);
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
