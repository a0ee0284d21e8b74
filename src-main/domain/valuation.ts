import { ratio, sum } from './ratio';

/** Direct capitalization: value = NOI / cap rate (cap rate a decimal). */
export function incomeValuation(noi: number, capRate: number): number {
  return ratio(noi, capRate);
}

export interface DcfInput {
  /** Net cash flows of years 1..n, each received at the end of its year. */
  netCashFlows: readonly number[];
  /** NOI of year n + 1, which the buyer at the end of year n capitalizes. */
  nextYearNoi: number;
  discountRate: number;
  exitCapRate: number;
  /** Costs of sale as a decimal of the gross sale price. */
  sellingCosts: number;
  price: number;
}

export interface DcfResult {
  presentValues: number[];
  /** Net reversion at the end of year n, undiscounted. */
  finalSale: number;
  presentValue: number;
  netPresentValue: number;
}

/** PV of an amount received at the end of `year`; 0 when the discount factor degenerates. */
function discount(amount: number, rate: number, year: number): number {
  return ratio(amount, (1 + rate) ** year);
}

export function dcf({ netCashFlows, nextYearNoi, discountRate, exitCapRate, sellingCosts, price }: DcfInput): DcfResult {
  const presentValues = netCashFlows.map((cf, index) => discount(cf, discountRate, index + 1));
  const finalSale = ratio(nextYearNoi, exitCapRate) * (1 - sellingCosts);
  const presentValue = sum(presentValues) + discount(finalSale, discountRate, netCashFlows.length);
  return { presentValues, finalSale, presentValue, netPresentValue: presentValue - price };
}

export type SaleValueComputationType = 'ByUnit' | 'BySf';

export interface SalesComp {
  pricePerUnit: number;
  pricePerSf: number;
}

export interface SalesComparisonInput {
  method: SaleValueComputationType;
  comps: readonly SalesComp[];
  units: number;
  sf: number;
}

export interface SalesComparison {
  salesCompUnitValuation: number;
  salesCompSFValuation: number;
  saleValue: number;
}

/** Average of the values a comp actually reports: a comp with no $/unit (0) must not drag the $/unit average down. */
function averageReported(values: readonly number[]): number {
  const reported = values.filter((v) => v > 0);
  return ratio(sum(reported), reported.length);
}

/** Sales comparison approach: average comp $/unit x units, or average comp $/SF x SF. */
export function salesComparison({ method, comps, units, sf }: SalesComparisonInput): SalesComparison {
  const salesCompUnitValuation = averageReported(comps.map((c) => c.pricePerUnit)) * units;
  const salesCompSFValuation = averageReported(comps.map((c) => c.pricePerSf)) * sf;
  return {
    salesCompUnitValuation,
    salesCompSFValuation,
    saleValue: method === 'ByUnit' ? salesCompUnitValuation : salesCompSFValuation,
  };
}
