import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, isIsoDate, monthsBetween, startOfMonth } from '../../../src-main/demo/calendar';
import { IdFactory, Rng, roundTo } from '../../../src-main/demo/random';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the seeded random generator', () => {
  it('draws the same numbers for the same seed and other numbers for another seed', () => {
    const draw = (seed: number) => {
      const rng = new Rng(seed);
      return Array.from({ length: 20 }, () => rng.uint32());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('gives independent streams for different labels of one seed', () => {
    expect(new Rng(7, 'a').uint32()).not.toBe(new Rng(7, 'b').uint32());
    expect(new Rng(7, 'a').uint32()).toBe(new Rng(7, 'a').uint32());
  });

  it('keeps its draws within the bounds it was asked for', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 5_000; i++) {
      const n = rng.next();
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
      const k = rng.int(-3, 3);
      expect(Number.isInteger(k) && k >= -3 && k <= 3).toBe(true);
      const x = rng.normalIn(0, 1, -2, 2);
      expect(x).toBeGreaterThanOrEqual(-2);
      expect(x).toBeLessThanOrEqual(2);
    }
  });

  it('reaches both ends of an integer range and never picks a zero-weight value', () => {
    const rng = new Rng(2);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(rng.int(1, 4));
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
    for (let i = 0; i < 500; i++) expect(rng.weighted([['never', 0], ['always', 1]] as const)).toBe('always');
  });

  it('samples distinct items', () => {
    const rng = new Rng(3);
    const sample = rng.sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(sample).toHaveLength(3);
    expect(new Set(sample).size).toBe(3);
    expect(rng.sample(['a', 'b'], 5)).toHaveLength(2);
  });

  it('rounds to a step without binary noise', () => {
    expect(roundTo(0.05512, 0.0005)).toBe(0.0550);
    expect(roundTo(0.0549, 0.0025)).toBe(0.055);
    expect(roundTo(12_345_678, 25_000)).toBe(12_350_000);
  });
});

describe('demo ids', () => {
  it('are UUID-shaped (version 4, RFC variant), unique, increasing and the same for the same seed', () => {
    const ids = new IdFactory(20261121);
    const list = Array.from({ length: 50_000 }, () => ids.next());
    for (const id of list) expect(id).toMatch(UUID_V4);
    expect(new Set(list).size).toBe(list.length);
    expect(list.every((id, i) => i === 0 || list[i - 1]! < id)).toBe(true);
    const again = new IdFactory(20261121);
    expect(again.next()).toBe(list[0]);
    expect(new IdFactory(1).next()).not.toBe(list[0]);
  });

  it('gives another set of ids for another salt, each still UUID-shaped and increasing, and the same ids for the same salt', () => {
    const draw = (salt?: string) => {
      const ids = new IdFactory(20261121, salt);
      return Array.from({ length: 5_000 }, () => ids.next());
    };
    const plain = draw();
    const a = draw('3f0c9e2a51b84d7f9a6e0c1d2b3a4f5e');
    const b = draw('8d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a');
    expect(draw('3f0c9e2a51b84d7f9a6e0c1d2b3a4f5e')).toEqual(a);
    expect(draw('')).toEqual(plain);
    for (const list of [a, b]) {
      for (const id of list) expect(id).toMatch(UUID_V4);
      expect(list.every((id, i) => i === 0 || list[i - 1]! < id)).toBe(true);
    }
    const shared = (x: string[], y: string[]) => x.filter((id) => new Set(y).has(id)).length;
    expect(shared(a, plain)).toBe(0);
    expect(shared(a, b)).toBe(0);
  });
});

describe('the demo calendar', () => {
  it('agrees with the UTC calendar on day arithmetic across decades', () => {
    for (let t = Date.UTC(1964, 0, 1); t < Date.UTC(2040, 0, 1); t += 86_400_000 * 13) {
      const date = new Date(t).toISOString().slice(0, 10);
      for (const days of [-800, -1, 1, 59, 365, 4_000]) {
        expect(addDays(date, days)).toBe(new Date(t + days * 86_400_000).toISOString().slice(0, 10));
      }
      expect(daysBetween(date, addDays(date, 123))).toBe(123);
    }
  });

  it('clamps month arithmetic to the end of the month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2026-03-15', -14)).toBe('2025-01-15');
    expect(monthsBetween('2025-01-15', '2026-01-14')).toBe(11);
    expect(startOfMonth('2026-11-21')).toBe('2026-11-01');
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it('refuses what is not a YYYY-MM-DD date', () => {
    expect(() => addDays('2026-1-01', 1)).toThrow(/YYYY-MM-DD/);
    expect(() => addMonths('2026-13-01', 1)).toThrow(/YYYY-MM-DD/);
  });
});
