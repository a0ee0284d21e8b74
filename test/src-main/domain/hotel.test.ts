import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { hotelRevenue } from '../../../src-main/domain/hotel';
import { expectAllFinite, expectClose, positiveMoney } from './arbitraries';

describe('hotelRevenue', () => {
  it('computes RevPAR as ADR x occupancy (STR definition: room revenue / rooms available): $150 x 75% = $112.50', () => {
    expect(hotelRevenue({ totalRooms: 100, averageDailyRate: 150, occupancy: 0.75 }).revPar).toBe(112.5);
  });

  it('annualizes room revenue over 365 nights: 100 rooms x $150 x 75% x 365 = $4,106,250', () => {
    const r = hotelRevenue({ totalRooms: 100, averageDailyRate: 150, occupancy: 0.75 });
    expect(r.roomRevenueAnnual).toBe(4_106_250);
    expect(r.otherRevenueAnnual).toBe(0);
    expect(r.totalRevenueAnnual).toBe(4_106_250);
  });

  it('adds other departments as a share of room revenue: 25% of 4,106,250 = 1,026,562.50', () => {
    const r = hotelRevenue({ totalRooms: 100, averageDailyRate: 150, occupancy: 0.75, otherRevenueRatio: 0.25 });
    expect(r.otherRevenueAnnual).toBe(1_026_562.5);
    expect(r.totalRevenueAnnual).toBe(5_132_812.5);
  });

  it('agrees with room revenue over available room-nights for any hotel', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 5000, noNaN: true, noDefaultInfinity: true }),
        fc.double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true }),
        (totalRooms, averageDailyRate, occupancy) => {
          const r = hotelRevenue({ totalRooms, averageDailyRate, occupancy });
          expectClose(r.roomRevenueAnnual / (totalRooms * 365), r.revPar, 1e-12);
        },
      ),
    );
  });

  it('has only finite figures for any finite inputs, zeros included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        positiveMoney,
        fc.double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true }),
        fc.double({ min: 0, max: 10, noNaN: true, noDefaultInfinity: true }),
        (totalRooms, averageDailyRate, occupancy, otherRevenueRatio) =>
          expectAllFinite(hotelRevenue({ totalRooms, averageDailyRate, occupancy, otherRevenueRatio })),
      ),
    );
  });
});
