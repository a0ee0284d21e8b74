import fc from 'fast-check';
import { expect } from 'vitest';

/** Money-sized finite numbers, zero included and biased towards edge values by fast-check. */
export const money = fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true });
export const positiveMoney = fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true });
/** Decimal rates, including 0, negatives down to -99 % and tiny values near zero. */
export const rate = fc.oneof(
  fc.constant(0),
  fc.double({ min: -0.99, max: 2, noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1e-12, max: 1e-12, noNaN: true, noDefaultInfinity: true }),
);
/** Any finite double at all, for functions that must never produce NaN or Infinity. */
export const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true });
export const months = fc.integer({ min: 0, max: 600 });

export const isoDate = fc
  .record({ y: fc.integer({ min: 2015, max: 2035 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

/** Relative closeness for sums whose order of addition may differ. */
export function expectClose(actual: number, expected: number, tolerance = 1e-9, scale = 0): void {
  const bound = tolerance * Math.max(1, Math.abs(actual), Math.abs(expected), scale);
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(bound);
}

/** Every number reachable in a value (objects, arrays) is finite. */
export function expectAllFinite(value: unknown, path = '$'): void {
  if (typeof value === 'number') {
    expect(Number.isFinite(value), `${path} = ${value}`).toBe(true);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => expectAllFinite(v, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) expectAllFinite(v, `${path}.${k}`);
  }
}
