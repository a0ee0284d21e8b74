import { describe, it, expect } from 'vitest';
import { annualInterestFactor } from '../../../src-main/domain/day-count';

describe('annualInterestFactor', () => {
  it('is 1 for 30/360: twelve 30-day months over a 360-day year', () => {
    expect(annualInterestFactor('30/360')).toBe(1);
  });

  it('is 365/360 for Actual/360: 365 days of interest over a 360-day year (ISDA 2006, 4.16(e))', () => {
    expect(annualInterestFactor('Actual/360')).toBe(365 / 360);
  });

  it('is 1 for Actual/365 (Fixed): 365 days over a 365-day year', () => {
    expect(annualInterestFactor('Actual/365')).toBe(1);
  });
});
