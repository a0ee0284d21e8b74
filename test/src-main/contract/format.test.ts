import { describe, expect, it } from 'vitest';
import { date, EMPTY, int, label, maskSsn, months, multiple, num, pct, pctNumber, sf, text, timestamp, usd, usdCompact } from '../../../src-main/contract/format';

describe('formatters', () => {
  it('format USD whole or with cents, never -$0', () => {
    expect(usd(12850000)).toBe('$12,850,000');
    expect(usd(1234.567, { cents: true })).toBe('$1,234.57');
    expect(usd(-1500)).toBe('-$1,500');
    expect(usd(-0.2)).toBe('$0');
    expect(usd(-0.001, { cents: true })).toBe('$0.00');
    expect(usdCompact(12_345_678)).toBe('$12.3M');
    expect(usdCompact(850_000)).toBe('$850K');
  });

  it('format decimals as percentages, and percentage numbers as they are', () => {
    expect(pct(0.0725)).toBe('7.25%');
    expect(pct(0.65, 1)).toBe('65.0%');
    expect(pct(1)).toBe('100.00%');
    expect(pct(-0.00001)).toBe('0.00%');
    expect(pctNumber(10.5)).toBe('10.50%');
    expect(pctNumber(13.324, 1)).toBe('13.3%');
  });

  it('format DSCR as a multiple', () => {
    expect(multiple(1.2534)).toBe('1.25x');
    expect(multiple(0)).toBe('0.00x');
    expect(multiple(12.5, 1)).toBe('12.5x');
  });

  it('show a dash for missing or non-finite values, never NaN', () => {
    for (const f of [usd, usdCompact, pct, pctNumber, multiple, int, num, sf, months]) {
      expect(f(null)).toBe(EMPTY);
      expect(f(undefined)).toBe(EMPTY);
      expect(f(Number.NaN)).toBe(EMPTY);
      expect(f(Number.POSITIVE_INFINITY)).toBe(EMPTY);
    }
    expect(date(null)).toBe(EMPTY);
    expect(text('  ')).toBe(EMPTY);
    expect(label(null)).toBe(EMPTY);
  });

  it('format sizes, terms and dates', () => {
    expect(int(1234.6)).toBe('1,235');
    expect(num(1234.5, 1)).toBe('1,234.5');
    expect(sf(88250)).toBe('88,250 SF');
    expect(months(120)).toBe('120 mo (10 yr)');
    expect(months(18)).toBe('18 mo');
    expect(date('2027-03-04')).toBe('Mar 4, 2027');
    expect(date('2027-12-31')).toBe('Dec 31, 2027'); // no time-zone shift
    expect(date('soon')).toBe('soon');
  });

  it('turn identifiers into words', () => {
    expect(label('Multi_Family_Apartments')).toBe('Multi Family Apartments');
    expect(label('NewDeal')).toBe('New Deal');
    expect(label('P_I_Amortization')).toBe('P&I Amortization');
    expect(label('Acquisition_Construction')).toBe('Acquisition Construction');
  });

  it('format a timestamp in UTC for documents, whatever the local time zone', () => {
    expect(timestamp('2027-03-04T23:30:00-05:00', { utc: true })).toBe('Mar 5, 2027 04:30 UTC');
    expect(timestamp(null, { utc: true })).toBe(EMPTY);
  });

  it('mask a social security number to its last four digits, idempotently', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskSsn(maskSsn('123-45-6789'))).toBe('***-**-6789');
    expect(maskSsn('12')).toBe('***-**-****');
    expect(maskSsn(null)).toBeNull();
  });
});
