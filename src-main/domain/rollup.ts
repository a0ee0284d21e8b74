import { sum } from './ratio';

/** Numeric keys of T. */
export type NumericKeys<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T];

/**
 * Totals of the named numeric fields over the items. A missing or non-finite figure counts
 * as 0, so one unfinished component cannot turn its collateral's totals into NaN.
 */
export function sumBy<T, K extends NumericKeys<T>>(items: readonly T[], keys: readonly K[]): Record<K, number> {
  const totals = {} as Record<K, number>;
  for (const key of keys) {
    totals[key] = sum(
      items.map((item) => {
        const value = item[key] as unknown;
        return typeof value === 'number' && Number.isFinite(value) ? value : 0;
      }),
    );
  }
  return totals;
}

/** A component's size and sales figures (ComponentSummaryDto names). */
export interface ComponentFigures {
  totalSf: number;
  totalUnits: number;
  saleValue: number;
  totalMarketAnnualRevenue: number;
  totalRentRollAnnualRevenue: number;
}

/** ComponentTotalsDto of a collateral's cash flow. */
export interface ComponentTotals {
  totalSaleValue: number;
  totalSf: number;
  totalUnits: number;
}

type SizeFigures = Pick<ComponentFigures, 'saleValue' | 'totalSf' | 'totalUnits'>;

export function componentTotals(components: readonly SizeFigures[]): ComponentTotals {
  const t = sumBy(components, ['saleValue', 'totalSf', 'totalUnits']);
  return { totalSaleValue: t.saleValue, totalSf: t.totalSf, totalUnits: t.totalUnits };
}

/** A collateral's own figures, with the names of CollateralSummaryDto. */
export interface CollateralRollupFigures {
  netIncome: number;
  netOperatingIncome: number;
  incomeValuation: number;
  alternativeValuation: number;
  salesValuation: number;
  totalSF: number;
  totalUnit: number;
}

/** Size and sales value of a collateral from its components (the cash flow supplies NOI and net income). */
export function collateralFiguresFromComponents(
  components: readonly SizeFigures[],
): Pick<CollateralRollupFigures, 'totalSF' | 'totalUnit' | 'salesValuation'> {
  const t = componentTotals(components);
  return { totalSF: t.totalSf, totalUnit: t.totalUnits, salesValuation: t.totalSaleValue };
}

/** The summed figures of the deal's collateralTotals (CollateralTotalsDto names). */
export function dealCollateralTotals(collaterals: readonly CollateralRollupFigures[]): CollateralRollupFigures {
  return sumBy(collaterals, [
    'netIncome',
    'netOperatingIncome',
    'incomeValuation',
    'alternativeValuation',
    'salesValuation',
    'totalSF',
    'totalUnit',
  ]);
}
