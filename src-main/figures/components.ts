import {
  hotelRevenue,
  type HotelRevenue,
  rentRollSummary,
  type RentRollSummary,
  salesComparison,
  type SalesComparison,
  sum,
} from '../domain';
import type { ComponentRow, LivingUnitRow, RentRollItemRow, RentRollRow, StorePort } from '../store';
import { groupBy } from './group-by';

// A component's derived figures: its size, sales comparison, hotel revenue and rent roll.

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

export function summarizeRentRoll(row: RentRollRow, items: RentRollItemRow[]): RentRollSummary<RentRollItemRow> {
  return rentRollSummary({ items, effectiveDate: row.effectiveDate });
}

export interface ComponentBasics {
  hotel: HotelRevenue | null;
  totalUnits: number;
  totalSf: number;
  sales: SalesComparison;
}

/** A component's size, sales comparison and hotel revenue: what its collateral's roll-up needs. */
function componentBasics(row: ComponentRow, units: readonly LivingUnitRow[], comps: Parameters<typeof salesComparison>[0]['comps']): ComponentBasics {
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
    comps,
    units: totalUnits,
    sf: totalSf,
  });
  return { hotel, totalUnits, totalSf, sales };
}

export async function loadComponentBasics(
  store: StorePort,
  collateralIds: readonly string[],
): Promise<{ row: ComponentRow; units: LivingUnitRow[]; basics: ComponentBasics }[]> {
  const rows = await store.componentsOfCollaterals(collateralIds);
  const ids = rows.map((r) => r.id);
  const unitsBy = groupBy(await store.livingUnitsOf(ids), (u) => u.componentId);
  const compsBy = groupBy(await store.salesCompsOf(ids), (c) => c.componentId);
  return rows.map((row) => {
    const units = unitsBy.get(row.id) ?? [];
    return { row, units, basics: componentBasics(row, units, compsBy.get(row.id) ?? []) };
  });
}

/**
 * Ports whose answers cannot change while they are used (one read snapshot whose reads are
 * shared: gateway/snapshot-reads.ts), with the components computed over them so far. The
 * reads of one deal's graph compute the same collateral's components about five times (its
 * summaries, cash flow, each component's reads); over such a port they are computed once.
 */
const sharedComputations = new WeakMap<StorePort, Map<string, Promise<ComponentComputed[]>>>();

/** Declares `store`'s answers stable for as long as it is used: computeComponents over it is computed once per collateral list. */
export function shareComputedComponents(store: StorePort): void {
  if (!sharedComputations.has(store)) sharedComputations.set(store, new Map());
}

/** Loads the components of the given collaterals with everything their figures need. */
export function computeComponents(store: StorePort, collateralIds: readonly string[]): Promise<ComponentComputed[]> {
  const shared = sharedComputations.get(store);
  if (!shared) return computeComponentsOf(store, collateralIds);
  const key = JSON.stringify(collateralIds);
  let computed = shared.get(key);
  if (!computed) shared.set(key, (computed = computeComponentsOf(store, collateralIds)));
  return computed;
}

async function computeComponentsOf(store: StorePort, collateralIds: readonly string[]): Promise<ComponentComputed[]> {
  const loaded = await loadComponentBasics(store, collateralIds);
  const ids = loaded.map((c) => c.row.id);
  const rolls = await store.rentRollsOfComponents(ids);
  const rollsBy = groupBy(rolls, (r) => r.componentId);
  const selectedIds = loaded.map((c) => c.row.selectedRentRollId).filter((id): id is string => !!id);
  const itemsBy = groupBy(await store.itemsOfRentRolls(selectedIds), (i) => i.rentRollId);
  return loaded.map(({ row, units, basics }) => {
    const { hotel } = basics;
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
      ...basics,
      totalMarketAnnualRevenue: hotel ? hotel.totalRevenueAnnual : annualAt((u) => u.compsMonthlyRent),
      totalConcludedRentAnnualRevenue: hotel ? hotel.totalRevenueAnnual : annualAt((u) => u.concludedMonthlyRent),
      totalRentRollAnnualRevenue: selectedRentRoll?.summary.totalAnnualRevenue ?? 0,
      rentRollVacancy: selectedRentRoll?.summary.vacancy ?? 0,
    };
  });
}
