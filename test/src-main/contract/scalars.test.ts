import { describe, expect, it } from 'vitest';
import { groupedDigits, IsoDate, Timestamp } from '../../../src-main/contract';

describe('IsoDate', () => {
  it('accepts real calendar dates, leap days included', () => {
    for (const date of ['2024-02-29', '2025-01-31', '2000-02-29', '1999-12-31'])
      expect(IsoDate.safeParse(date).success, date).toBe(true);
  });

  it('rejects impossible days and other formats', () => {
    for (const date of ['2025-02-30', '2025-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-1-05', '2025-01-05T00:00:00Z', ''])
      expect(IsoDate.safeParse(date).success, date).toBe(false);
  });
});

describe('Timestamp', () => {
  it('accepts ISO 8601 date-times with or without an offset', () => {
    for (const ts of ['2025-06-30T12:00:00Z', '2025-06-30T12:00:00.123+02:00', '2025-06-30T12:00:00'])
      expect(Timestamp.safeParse(ts).success, ts).toBe(true);
    expect(Timestamp.safeParse('2025-06-30').success).toBe(false);
  });
});

describe('groupedDigits', () => {
  it("writes a whole number as toLocaleString('en-US') does", () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 1e9, 1e12, -1000, -1_234_567, Number.MAX_SAFE_INTEGER])
      expect(groupedDigits(value), String(value)).toBe(value.toLocaleString('en-US'));
  });

  it('refuses a fraction or a number beyond exact integers', () => {
    for (const value of [1.5, Number.NaN, Infinity, 2 ** 53]) expect(() => groupedDigits(value), String(value)).toThrow(RangeError);
  });
});
