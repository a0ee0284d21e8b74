import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  commercialRentRollSummary,
  residentialRentRollSummary,
  tenantTurnover,
  type RentRollItemInput,
} from '../../../src-main/domain/rent-roll-summary';
import { expectAllFinite, expectClose, isoDate, money, positiveMoney } from './arbitraries';

type Item = RentRollItemInput & { unitNumber: string };

const unit = (unitNumber: string, bedrooms: number, bathrooms: number, unitSize: number, monthlyRent: number, tenantName: string | null, leaseStart: string | null, leaseEnd: string | null): Item => ({
  unitNumber,
  bedrooms,
  bathrooms,
  unitSize,
  monthlyRent,
  tenantName,
  leaseStart,
  leaseEnd,
});

// A four-unit roll worked by hand, effective 2026-06-30.
const items: Item[] = [
  unit('101', 1, 1, 750, 1_500, 'Avery', '2025-09-01', '2026-08-31'),
  unit('102', 1, 1, 750, 1_550, 'Blake', '2024-03-01', '2027-02-28'),
  unit('201', 2, 2, 1_100, 2_200, 'Casey', '2026-01-15', '2027-01-14'),
  unit('202', 2, 2, 1_100, 0, null, null, null),
];
const effectiveDate = '2026-06-30';

describe('residentialRentRollSummary', () => {
  const summary = residentialRentRollSummary({ items, effectiveDate });

  it('sums units, SF and rent, and annualizes rent as 12 x monthly', () => {
    // 750 + 750 + 1,100 + 1,100 = 3,700 SF; 1,500 + 1,550 + 2,200 = 5,250 a month, 63,000 a year.
    expect(summary.totalUnits).toBe(4);
    expect(summary.totalSf).toBe(3_700);
    expect(summary.totalMonthlyRevenue).toBe(5_250);
    expect(summary.totalAnnualRevenue).toBe(63_000);
  });

  it('divides rent by leased SF for the per-SF totals: 5,250 / 2,600 = 2.0192 a month, 24.2308 a year', () => {
    expect(summary.totalMonthlyRevenuePerSf).toBeCloseTo(2.01923, 5);
    expect(summary.totalAnnualRevenuePerSf).toBeCloseTo(24.23077, 5);
  });

  it('measures physical vacancy as vacant units over units: 1 / 4 = 0.25', () => {
    expect(summary.vacancy).toBe(0.25);
  });

  it('counts lease expirations by the year of leaseEnd, keyed by the year as a string', () => {
    expect(summary.expiringLeases).toEqual({ '2026': 1, '2027': 2 });
  });

  it('rates turnover as leases started in the 12 months before the effective date over occupied units: 2 / 3', () => {
    expect(summary.tenantTurnover).toBeCloseTo(2 / 3, 15);
  });

  it('adds annual rent and rent per SF to each item and keeps its own fields', () => {
    // 1,500 x 12 = 18,000; 1,500 / 750 = 2.00 a month, 24.00 a year per SF.
    expect(summary.rentRollItems[0]).toMatchObject({ unitNumber: '101', tenantName: 'Avery', annualRent: 18_000, monthlyRentPerSf: 2, annualRentPerSf: 24 });
    expect(summary.rentRollItems[3]).toMatchObject({ unitNumber: '202', annualRent: 0, monthlyRentPerSf: 0 });
  });

  it('summarizes the unit mix by bedrooms and bathrooms, rent averaged over leased units', () => {
    // 1/1: 3,050 / 1,500 leased SF = 2.0333, 3,050 / 2 = 1,525 a unit. 2/2: 2,200 / 1,100 = 2, one leased unit.
    expect(summary.unitTypeSummaryTable).toHaveLength(2);
    expect(summary.unitTypeSummaryTable[0]).toEqual({ totalUnits: 2, bedrooms: 1, bathrooms: 1, avgSf: 750, avgMonthlyRevenuePerSf: 3_050 / 1_500, avgMonthlyRevenuePerUnit: 1_525 });
    expect(summary.unitTypeSummaryTable[1]).toEqual({ totalUnits: 2, bedrooms: 2, bathrooms: 2, avgSf: 1_100, avgMonthlyRevenuePerSf: 2, avgMonthlyRevenuePerUnit: 2_200 });
  });

  it('is all zeros for an empty roll', () => {
    const empty = residentialRentRollSummary({ items: [], effectiveDate });
    expect(empty).toEqual({
      totalSf: 0, totalUnits: 0, totalMonthlyRevenue: 0, totalMonthlyRevenuePerSf: 0, totalAnnualRevenue: 0, totalAnnualRevenuePerSf: 0,
      vacancy: 0, tenantTurnover: 0, expiringLeases: {}, rentRollItems: [], unitTypeSummaryTable: [],
    });
  });
});

describe('commercialRentRollSummary', () => {
  it('treats a blank tenant name as vacant and has no unit-mix table', () => {
    const suites: RentRollItemInput[] = [
      { unitSize: 5_000, monthlyRent: 12_500, tenantName: 'Acme Dental', leaseStart: '2022-01-01', leaseEnd: '2031-12-31' },
      { unitSize: 2_500, monthlyRent: 0, tenantName: '  ', leaseStart: null, leaseEnd: null },
    ];
    const summary = commercialRentRollSummary({ items: suites, effectiveDate });
    // 12,500 x 12 = 150,000 a year over 5,000 leased SF = 30.00 per SF.
    expect(summary.totalAnnualRevenuePerSf).toBe(30);
    expect(summary.vacancy).toBe(0.5);
    expect(summary.expiringLeases).toEqual({ '2031': 1 });
    expect(summary).not.toHaveProperty('unitTypeSummaryTable');
  });
});

describe('tenantTurnover', () => {
  const occupied = (leaseStart: string | null, moveIns?: number): RentRollItemInput => ({ unitSize: 1, monthlyRent: 1, tenantName: 'T', leaseStart, leaseEnd: null, moveIns });

  it('counts a lease that starts on the effective date and not one that starts exactly a year before', () => {
    expect(tenantTurnover([occupied('2026-06-30'), occupied('2025-06-30')], '2026-06-30')).toBe(0.5);
  });

  it('uses the recorded move-ins of a unit when the rent roll has them', () => {
    expect(tenantTurnover([occupied('2020-01-01', 2), occupied('2026-01-01', 0)], '2026-06-30')).toBe(1);
  });

  it('is 0 without occupied units or with an unreadable effective date', () => {
    expect(tenantTurnover([], '2026-06-30')).toBe(0);
    expect(tenantTurnover([occupied('2026-01-01')], '')).toBe(0);
  });
});

describe('rent roll properties', () => {
  const item = fc.record({
    unitSize: fc.oneof(fc.constant(0), positiveMoney.map((x) => x / 1e6)),
    monthlyRent: money.map((x) => x / 1e3),
    tenantName: fc.constantFrom(null, '', 'Tenant A', 'Tenant B'),
    leaseStart: fc.option(isoDate),
    leaseEnd: fc.option(fc.oneof(isoDate, fc.constant('not a date'))),
    bedrooms: fc.option(fc.integer({ min: 0, max: 4 })),
    bathrooms: fc.option(fc.integer({ min: 1, max: 3 })),
  });
  const roll = fc.record({ items: fc.array(item, { maxLength: 30 }), effectiveDate: isoDate });

  it('makes totals the sums of the items and the unit mix cover every unit', () => {
    fc.assert(
      fc.property(roll, (input) => {
        const s = residentialRentRollSummary(input);
        const rent = input.items.reduce((t, x) => t + x.monthlyRent, 0);
        const scale = input.items.reduce((t, x) => t + Math.abs(x.monthlyRent), 0);
        expect(s.totalUnits).toBe(input.items.length);
        expectClose(s.totalSf, input.items.reduce((t, x) => t + x.unitSize, 0), 1e-12);
        expectClose(s.totalMonthlyRevenue, rent, 1e-12, scale);
        expect(s.totalAnnualRevenue).toBe(12 * s.totalMonthlyRevenue);
        expectClose(s.rentRollItems.reduce((t, x) => t + x.annualRent, 0), s.totalAnnualRevenue, 1e-12, 12 * scale);
        expect(s.unitTypeSummaryTable.reduce((t, x) => t + x.totalUnits, 0)).toBe(input.items.length);
        const occupied = input.items.filter((x) => x.tenantName != null && x.tenantName.trim() !== '');
        const withEnd = occupied.filter((x) => x.leaseEnd != null && /^\d{4}-\d{2}-\d{2}$/.test(x.leaseEnd));
        expect(Object.values(s.expiringLeases).reduce((t, n) => t + n, 0)).toBe(withEnd.length);
        expect(s.vacancy).toBe(input.items.length === 0 ? 0 : (input.items.length - occupied.length) / input.items.length);
      }),
    );
  });

  it('has no NaN or Infinity for any finite items, zero sizes and rents included', () => {
    fc.assert(fc.property(roll, (input) => expectAllFinite(residentialRentRollSummary(input))));
  });
});
