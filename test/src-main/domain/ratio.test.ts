import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ratio, sum } from '../../../src-main/domain/ratio';
import { anyFinite } from './arbitraries';

describe('ratio', () => {
  it('divides the numerator by the denominator', () => {
    expect(ratio(3, 4)).toBe(0.75);
  });

  it('is 0 when the denominator is 0, not NaN or Infinity', () => {
    expect(ratio(5, 0)).toBe(0);
    expect(ratio(0, 0)).toBe(0);
    expect(ratio(-5, -0)).toBe(0);
  });

  it('is 0 when the denominator or numerator is not finite', () => {
    expect(ratio(5, Infinity)).toBe(0);
    expect(ratio(5, NaN)).toBe(0);
    expect(ratio(NaN, 5)).toBe(0);
  });

  it('is 0 when a finite division would overflow', () => {
    expect(ratio(1e308, 1e-308)).toBe(0);
  });

  it('is always finite for any finite numerator and denominator', () => {
    fc.assert(fc.property(anyFinite, anyFinite, (n, d) => Number.isFinite(ratio(n, d))));
  });
});

describe('sum', () => {
  it('is 0 for no values', () => {
    expect(sum([])).toBe(0);
  });

  it('adds the values in full precision without rounding', () => {
    expect(sum([0.1, 0.2])).toBe(0.1 + 0.2);
    expect(sum([1000.005, 2000.0025])).toBe(1000.005 + 2000.0025);
  });
});
