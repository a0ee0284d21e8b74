/**
 * Safe arithmetic shared by every domain module.
 *
 * Underwriting figures are shown to people and persisted: a NaN or Infinity leaking out of
 * a division (no debt service yet, an empty rent roll, a zero cap rate) would poison every
 * total built on it. The house rule is that such a ratio is 0.
 */

/** numerator / denominator, or 0 when the denominator is 0 or either side (or the result) is not finite. */
export function ratio(numerator: number, denominator: number): number {
  if (denominator === 0 || !Number.isFinite(denominator) || !Number.isFinite(numerator)) return 0;
  const result = numerator / denominator;
  // A finite numerator over a tiny denominator can still overflow.
  return Number.isFinite(result) ? result : 0;
}

/** The value, or 0 when it is not finite: products of finite extremes can still overflow. */
export function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** Plain left-to-right sum, kept in full precision (rounding is for display only). */
export function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
