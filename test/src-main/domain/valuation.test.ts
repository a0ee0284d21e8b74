import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { dcf, incomeValuation, salesComparison } from '../../../src-main/domain/valuation';
import { expectAllFinite, expectClose, money, positiveMoney, rate } from './arbitraries';

describe('incomeValuation', () => {
  it('capitalizes NOI directly, V = I / R (The Appraisal of Real Estate): 500,000 / 0.05 = 10,000,000', () => {
    expect(incomeValuation(500_000, 0.05)).toBeCloseTo(10_000_000, 6);
  });

  it('is 0 without a cap rate', () => {
    expect(incomeValuation(500_000, 0)).toBe(0);
  });
});

describe('dcf', () => {
  // Five years of 100,000 at 10 %, resale on 110,000 year-6 NOI at an 8 % exit cap less 2 % costs.
  const example = {
    netCashFlows: [100_000, 100_000, 100_000, 100_000, 100_000],
    nextYearNoi: 110_000,
    discountRate: 0.1,
    exitCapRate: 0.08,
    sellingCosts: 0.02,
    price: 1_200_000,
  };

  it('discounts each year from its end: PV of 100,000 in year 1 at 10 % is 90,909.09, in year 5 62,092.13', () => {
    const { presentValues } = dcf(example);
    expect(presentValues).toHaveLength(5);
    expect(presentValues[0]).toBeCloseTo(90_909.09, 2);
    expect(presentValues[4]).toBeCloseTo(62_092.13, 2);
    // Sum = 100,000 x 3.790787, the 10 %, 5-year present value of annuity factor from standard tables.
    expect(presentValues.reduce((a, b) => a + b, 0)).toBeCloseTo(379_078.68, 2);
  });

  it('values the reversion undiscounted as next-year NOI / exit cap less selling costs: 110,000 / 0.08 x 0.98 = 1,347,500', () => {
    expect(dcf(example).finalSale).toBeCloseTo(1_347_500, 6);
  });

  it('matches Excel =NPV(0.1, 100000, 100000, 100000, 100000, 1447500) = 1,215,770.16 and an NPV of 15,770.16 at a 1,200,000 price', () => {
    const result = dcf(example);
    expect(result.presentValue).toBeCloseTo(1_215_770.16, 2);
    expect(result.netPresentValue).toBeCloseTo(15_770.16, 2);
  });

  it('adds the undiscounted flows and reversion when the discount rate is 0', () => {
    const result = dcf({ ...example, discountRate: 0 });
    expect(result.presentValue).toBeCloseTo(500_000 + 1_347_500, 6);
  });

  it('has no reversion without an exit cap rate, and takes the reversion at year 0 without cash flows', () => {
    expect(dcf({ ...example, exitCapRate: 0 }).finalSale).toBe(0);
    expect(dcf({ ...example, netCashFlows: [] }).presentValue).toBeCloseTo(1_347_500, 6);
  });

  it('always reports NPV as present value minus price, with only finite figures', () => {
    fc.assert(
      fc.property(
        fc.record({
          netCashFlows: fc.array(money, { maxLength: 15 }),
          nextYearNoi: money,
          discountRate: rate,
          exitCapRate: rate,
          sellingCosts: fc.double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true }),
          price: positiveMoney,
        }),
        (input) => {
          const result = dcf(input);
          expectAllFinite(result);
          expect(result.netPresentValue).toBe(result.presentValue - input.price);
          expect(result.presentValues).toHaveLength(input.netCashFlows.length);
        },
      ),
    );
  });

  it('makes the present value the sum of its yearly parts plus the discounted reversion', () => {
    fc.assert(
      fc.property(
        fc.array(positiveMoney, { maxLength: 15 }),
        fc.double({ min: 0, max: 0.5, noNaN: true, noDefaultInfinity: true }),
        (netCashFlows, discountRate) => {
          const result = dcf({ netCashFlows, nextYearNoi: 1_000_000, discountRate, exitCapRate: 0.07, sellingCosts: 0.02, price: 0 });
          const reversion = result.finalSale / (1 + discountRate) ** netCashFlows.length;
          const total = result.presentValues.reduce((a, b) => a + b, 0) + reversion;
          expectClose(result.presentValue, total, 1e-12);
        },
      ),
    );
  });
});

describe('salesComparison', () => {
  const comps = [
    { pricePerUnit: 200_000, pricePerSf: 250 },
    { pricePerUnit: 220_000, pricePerSf: 300 },
    { pricePerUnit: 240_000, pricePerSf: 0 },
  ];

  it('values by average $/unit x units and average $/SF x SF, ignoring comps that report no figure', () => {
    // (200,000 + 220,000 + 240,000) / 3 x 50 units = 11,000,000; (250 + 300) / 2 x 42,000 SF = 11,550,000.
    const result = salesComparison({ method: 'ByUnit', comps, units: 50, sf: 42_000 });
    expect(result.salesCompUnitValuation).toBe(11_000_000);
    expect(result.salesCompSFValuation).toBe(11_550_000);
    expect(result.saleValue).toBe(11_000_000);
  });

  it('takes the sale value the method selects', () => {
    expect(salesComparison({ method: 'BySf', comps, units: 50, sf: 42_000 }).saleValue).toBe(11_550_000);
  });

  it('is 0 without comparables', () => {
    expect(salesComparison({ method: 'ByUnit', comps: [], units: 50, sf: 42_000 })).toEqual({
      salesCompUnitValuation: 0,
      salesCompSFValuation: 0,
      saleValue: 0,
    });
  });

  it('has only finite figures for any comps, units and SF', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ pricePerUnit: money, pricePerSf: money }), { maxLength: 10 }),
        fc.constantFrom('ByUnit' as const, 'BySf' as const),
        positiveMoney,
        positiveMoney,
        (c, method, units, sf) => expectAllFinite(salesComparison({ method, comps: c, units, sf })),
      ),
    );
  });
});
