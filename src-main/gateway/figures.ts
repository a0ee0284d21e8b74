import {
  cashFlow,
  collateralFiguresFromComponents,
  dealCollateralTotals,
  dealMetrics,
  hotelRevenue,
  incomeValuation,
  rentRollSummary,
  salesComparison,
  sum,
  type CashFlow,
  type CashFlowSectionName,
  type CollateralRollupFigures,
  type DealMetrics,
  type HotelRevenue,
  type RentRollSummary,
  type SalesComparison,
} from '../domain';
import type { UnderwritingSettings } from '../contract/system-config';
import {
  componentsOfCollaterals,
  itemsOfRentRolls,
  livingUnitsOf,
  rentRollsOfComponents,
  salesCompsOf,
  type ComponentRow,
  type LivingUnitRow,
  type RentRollItemRow,
  type RentRollRow,
} from '../store/components';
import type { CollateralRow, DealRow } from '../store/deals';
import type { Db } from '../store/db';
import {
  alternativeValuationsOf,
  revenueValuationsOf,
  transactionsOf,
  type AlternativeValuationRow,
  type RevenueValuationRow,
} from '../store/valuations';

// Every derived figure is computed here from stored inputs, on every read: no figure is cached,
// so a write is visible to every read at once and two reads can never disagree.

export interface ComponentComputed {
  row: ComponentRow;
  units: LivingUnitRow[];
  rentRolls: RentRollRow[];
  selectedRentRoll: { row: RentRollRow; items: RentRollItemRow[]; summary: RentRollSummary<RentRollItemRow> } | null;
  totalUnits: number;
  totalSf: number;
  sales: SalesComparison;
  hotel: HotelRevenue | null;
  /** Annual revenue at market (comparable) rents, USD. */
  totalMarketAnnualRevenue: number;
  /** Annual revenue at the underwriter's concluded rents, USD. */
  totalConcludedRentAnnualRevenue: number;
  totalRentRollAnnualRevenue: number;
  rentRollVacancy: number;
}

export interface CollateralComputed {
  row: CollateralRow;
  components: ComponentComputed[];
  revenueValuations: RevenueValuationRow[];
  mainValuation: RevenueValuationRow | null;
  cashFlows: Map<string, CashFlow>;
  alternativeValuations: AlternativeValuationRow[];
  mainAlternativeValuation: AlternativeValuationRow | null;
  figures: CollateralRollupFigures;
}

export function summarizeRentRoll(row: RentRollRow, items: RentRollItemRow[]): RentRollSummary<RentRollItemRow> {
  return rentRollSummary({ items, effectiveDate: row.effectiveDate });
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Loads the components of the given collaterals with everything their figures need. */
export function computeComponents(db: Db, collateralIds: readonly string[]): ComponentComputed[] {
  const rows = componentsOfCollaterals(db, collateralIds);
  const ids = rows.map((r) => r.id);
  const unitsBy = groupBy(livingUnitsOf(db, ids), (u) => u.componentId);
  const compsBy = groupBy(salesCompsOf(db, ids), (c) => c.componentId);
  const rolls = rentRollsOfComponents(db, ids);
  const rollsBy = groupBy(rolls, (r) => r.componentId);
  const selectedIds = rows.map((r) => r.selectedRentRollId).filter((id): id is string => !!id);
  const itemsBy = groupBy(itemsOfRentRolls(db, selectedIds), (i) => i.rentRollId);
  return rows.map((row) => {
    const units = unitsBy.get(row.id) ?? [];
    const isHotel = row.componentType === 'Hotel';
    const hotel = isHotel
      ? hotelRevenue({
          totalRooms: row.hotelTotalRooms,
          averageDailyRate: row.hotelAverageDailyRate,
          occupancy: row.hotelOccupancy,
          otherRevenueRatio: row.hotelOtherRevenueRatio,
        })
      : null;
    const totalUnits = isHotel ? row.hotelTotalRooms : sum(units.map((u) => u.numUnits));
    const totalSf = isHotel ? row.hotelTotalSf : sum(units.map((u) => u.unitSize * u.numUnits));
    const sales = salesComparison({
      method: row.saleValueComputationType === 'BySf' ? 'BySf' : 'ByUnit',
      comps: compsBy.get(row.id) ?? [],
      units: totalUnits,
      sf: totalSf,
    });
    const rollRows = rollsBy.get(row.id) ?? [];
    const selectedRow = rollRows.find((r) => r.id === row.selectedRentRollId) ?? null;
    const items = selectedRow ? (itemsBy.get(selectedRow.id) ?? []) : [];
    const selectedRentRoll = selectedRow ? { row: selectedRow, items, summary: summarizeRentRoll(selectedRow, items) } : null;
    const annualAt = (rent: (u: LivingUnitRow) => number) => 12 * sum(units.map((u) => rent(u) * u.numUnits));
    return {
      row,
      units,
      rentRolls: rollRows,
      selectedRentRoll,
      totalUnits,
      totalSf,
      sales,
      hotel,
      totalMarketAnnualRevenue: hotel ? hotel.totalRevenueAnnual : annualAt((u) => u.compsMonthlyRent),
      totalConcludedRentAnnualRevenue: hotel ? hotel.totalRevenueAnnual : annualAt((u) => u.concludedMonthlyRent),
      totalRentRollAnnualRevenue: selectedRentRoll?.summary.totalAnnualRevenue ?? 0,
      rentRollVacancy: selectedRentRoll?.summary.vacancy ?? 0,
    };
  });
}

/** The valuation whose cash flow and cap rate are the collateral's: the main one, else the first. */
function mainOf<T extends { isMain: boolean }>(rows: readonly T[]): T | null {
  return rows.find((r) => r.isMain) ?? rows[0] ?? null;
}

export function computeCollaterals(db: Db, collateralRows: readonly CollateralRow[]): CollateralComputed[] {
  const ids = collateralRows.map((c) => c.id);
  const componentsBy = groupBy(computeComponents(db, ids), (c) => c.row.collateralId);
  const valuationsBy = groupBy(revenueValuationsOf(db, ids), (v) => v.collateralId);
  const alternativesBy = groupBy(alternativeValuationsOf(db, ids), (v) => v.collateralId);
  const valuationIds = [...valuationsBy.values()].flat().map((v) => v.id);
  const transactionsBy = groupBy(transactionsOf(db, valuationIds), (t) => t.valuationId);
  return collateralRows.map((row) => {
    const components = componentsBy.get(row.id) ?? [];
    const size = collateralFiguresFromComponents(components.map((c) => ({ ...c, saleValue: c.sales.saleValue })));
    const revenueValuations = valuationsBy.get(row.id) ?? [];
    const cashFlows = new Map<string, CashFlow>();
    for (const valuation of revenueValuations) {
      cashFlows.set(
        valuation.id,
        cashFlow({
          years: valuation.years,
          totalSf: size.totalSF,
          totalUnits: size.totalUnit,
          transactions: (transactionsBy.get(valuation.id) ?? []).map((t) => ({
            section: t.section as CashFlowSectionName,
            group: t.groupName,
            description: t.description,
            comment: t.comment ?? '',
            measureType: t.measureType,
            amount: t.amount,
            annualizedByYear: t.annualizedByYear,
          })),
        }),
      );
    }
    const mainValuation = mainOf(revenueValuations.filter((v) => !v.isMarket)) ?? mainOf(revenueValuations);
    const mainCashFlow = mainValuation ? cashFlows.get(mainValuation.id) : undefined;
    const alternativeValuations = alternativesBy.get(row.id) ?? [];
    const mainAlternativeValuation = mainOf(alternativeValuations);
    const noi = mainCashFlow?.netOperatingIncome ?? 0;
    return {
      row,
      components,
      revenueValuations,
      mainValuation,
      cashFlows,
      alternativeValuations,
      mainAlternativeValuation,
      figures: {
        netOperatingIncome: noi,
        netIncome: mainCashFlow?.netIncome ?? 0,
        incomeValuation: incomeValuation(noi, mainValuation?.capRate ?? 0),
        alternativeValuation: mainAlternativeValuation?.valuation ?? 0,
        salesValuation: size.salesValuation,
        totalSF: size.totalSF,
        totalUnit: size.totalUnit,
      },
    };
  });
}

export interface DealComputed {
  collaterals: CollateralComputed[];
  totals: CollateralRollupFigures;
  metrics: DealMetrics;
}

export function computeDealMetrics(deal: DealRow, totals: CollateralRollupFigures, settings: UnderwritingSettings): DealMetrics {
  return dealMetrics({
    grossLoan: deal.grossLoan,
    isFixed: deal.rateIndex === 'Fixed',
    indexRate: deal.indexRate,
    rateSpread: deal.rateSpread,
    interestRateFloor: deal.interestRateFloor,
    loanPaymentStructure: deal.loanPaymentStructure === 'P_I_Amortization' ? 'P_I_Amortization' : 'InterestOnly',
    amortizationTerm: deal.amortizationTerm,
    debtServiceMethod: deal.debtServiceMethod === 'Manual' ? 'Manual' : 'Calculated',
    userDebtService: deal.userDebtService,
    projectTotalCost: deal.projectTotalCost,
    userSelectedLtv: deal.userSelectedLtv as 'None' | 'Alternative' | 'Income' | 'Sales',
    collateral: totals,
    dayCount: settings.dayCount,
    dscrNumerator: settings.dscrNumerator,
  });
}

export function computeDeal(db: Db, deal: DealRow, collateralRows: readonly CollateralRow[], settings: UnderwritingSettings): DealComputed {
  const collaterals = computeCollaterals(db, collateralRows);
  const totals = dealCollateralTotals(collaterals.map((c) => c.figures));
  return { collaterals, totals, metrics: computeDealMetrics(deal, totals, settings) };
}
