import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { noteRate } from '../../../src-main/domain/note-rate';
import { rate } from './arbitraries';

describe('noteRate', () => {
  it('adds the spread to the index for a floating loan above its floor', () => {
    // SOFR 5.30 % + 2.75 % spread = 8.05 %, floor 6 % not binding.
    expect(noteRate({ isFixed: false, indexRate: 0.053, rateSpread: 0.0275, interestRateFloor: 0.06 })).toBe(0.053 + 0.0275);
  });

  it('holds a floating loan at its floor when index plus spread is below it', () => {
    expect(noteRate({ isFixed: false, indexRate: 0.01, rateSpread: 0.025, interestRateFloor: 0.05 })).toBe(0.05);
  });

  it('takes the spread as the whole rate for a fixed loan, ignoring index and floor', () => {
    expect(noteRate({ isFixed: true, indexRate: 0.05, rateSpread: 0.065, interestRateFloor: 0.08 })).toBe(0.065);
  });

  it('is never below the floor for a floating loan', () => {
    fc.assert(
      fc.property(rate, rate, rate, (indexRate, rateSpread, interestRateFloor) => {
        const r = noteRate({ isFixed: false, indexRate, rateSpread, interestRateFloor });
        return r >= interestRateFloor && r >= indexRate + rateSpread;
      }),
    );
  });
});
