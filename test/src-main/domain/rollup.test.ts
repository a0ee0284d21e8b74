import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  collateralFiguresFromComponents,
  componentTotals,
  dealCollateralTotals,
  sumBy,
  type CollateralRollupFigures,
  type ComponentFigures,
} from '../../../src-main/domain/rollup';
import { expectAllFinite, expectClose, money } from './arbitraries';

const residential: ComponentFigures = { totalSf: 80_000, totalUnits: 100, saleValue: 20_000_000, totalMarketAnnualRevenue: 2_100_000, totalRentRollAnnualRevenue: 2_000_000 };
const retail: ComponentFigures = { totalSf: 12_000, totalUnits: 6, saleValue: 4_500_000, totalMarketAnnualRevenue: 400_000, totalRentRollAnnualRevenue: 380_000 };

describe('sumBy', () => {
  it('totals only the named numeric fields', () => {
    expect(sumBy([residential, retail], ['totalSf', 'totalUnits'])).toEqual({ totalSf: 92_000, totalUnits: 106 });
  });

  it('counts a missing or non-finite figure as 0', () => {
    const rows = [{ a: 1 }, { a: NaN }, { a: Infinity }, {} as { a: number }];
    expect(sumBy(rows, ['a'])).toEqual({ a: 1 });
  });

  it('is 0 for every field of no items', () => {
    expect(sumBy<ComponentFigures, 'saleValue'>([], ['saleValue'])).toEqual({ saleValue: 0 });
  });
});

describe('component and collateral roll-ups', () => {
  it('totals a mixed-use collateral from its components (ComponentTotalsDto)', () => {
    expect(componentTotals([residential, retail])).toEqual({ totalSaleValue: 24_500_000, totalSf: 92_000, totalUnits: 106 });
    expect(collateralFiguresFromComponents([residential, retail])).toEqual({ totalSF: 92_000, totalUnit: 106, salesValuation: 24_500_000 });
  });

  it("sums the deal's collateral totals over its collaterals", () => {
    const a: CollateralRollupFigures = { netIncome: 900_000, netOperatingIncome: 1_000_000, incomeValuation: 16_000_000, alternativeValuation: 0, salesValuation: 15_000_000, totalSF: 92_000, totalUnit: 106 };
    const b: CollateralRollupFigures = { netIncome: 180_000, netOperatingIncome: 200_000, incomeValuation: 3_000_000, alternativeValuation: 3_200_000, salesValuation: 0, totalSF: 10_000, totalUnit: 1 };
    expect(dealCollateralTotals([a, b])).toEqual({ netIncome: 1_080_000, netOperatingIncome: 1_200_000, incomeValuation: 19_000_000, alternativeValuation: 3_200_000, salesValuation: 15_000_000, totalSF: 102_000, totalUnit: 107 });
  });

  it('makes every deal total the sum of the collateral figures', () => {
    const collateral = fc.record({ netIncome: money, netOperatingIncome: money, incomeValuation: money, alternativeValuation: money, salesValuation: money, totalSF: money, totalUnit: money });
    fc.assert(
      fc.property(fc.array(collateral, { maxLength: 20 }), (collaterals) => {
        const totals = dealCollateralTotals(collaterals);
        expectAllFinite(totals);
        for (const key of Object.keys(totals) as (keyof CollateralRollupFigures)[]) {
          const scale = collaterals.reduce((t, c) => t + Math.abs(c[key]), 0);
          expectClose(totals[key], collaterals.reduce((t, c) => t + c[key], 0), 1e-12, scale);
        }
      }),
    );
  });
});
