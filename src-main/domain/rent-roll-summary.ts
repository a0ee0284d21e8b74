import { ratio, sum } from './ratio';

export interface RentRollItemInput {
  /** square feet */
  unitSize: number;
  monthlyRent: number;
  /** YYYY-MM-DD or null */
  leaseStart: string | null;
  leaseEnd: string | null;
  /** null or blank means the unit is vacant */
  tenantName: string | null;
  bedrooms?: number | null | undefined;
  bathrooms?: number | null | undefined;
  /**
   * Move-ins into this unit during the 12 months before the effective date, when the rent
   * roll records them. Absent: derived from the current lease's start date.
   */
  moveIns?: number | null | undefined;
}

export interface RentRollItemFigures {
  annualRent: number;
  monthlyRentPerSf: number;
  annualRentPerSf: number;
}

export interface RentRollSummaryInput<T extends RentRollItemInput> {
  items: readonly T[];
  /** YYYY-MM-DD */
  effectiveDate: string;
}

export interface RentRollSummary<T> {
  totalSf: number;
  totalUnits: number;
  totalMonthlyRevenue: number;
  totalMonthlyRevenuePerSf: number;
  totalAnnualRevenue: number;
  totalAnnualRevenuePerSf: number;
  /** physical: vacant units / units, decimal */
  vacancy: number;
  /** decimal, see tenantTurnover() */
  tenantTurnover: number;
  /** year of leaseEnd (as a string) -> number of leases ending that year */
  expiringLeases: Record<string, number>;
  rentRollItems: (T & RentRollItemFigures)[];
}

export interface UnitTypeSummary {
  totalUnits: number;
  bedrooms: number;
  bathrooms: number;
  avgSf: number;
  avgMonthlyRevenuePerSf: number;
  avgMonthlyRevenuePerUnit: number;
}

export interface ResidentialRentRollSummary<T> extends RentRollSummary<T> {
  unitTypeSummaryTable: UnitTypeSummary[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isOccupied(item: Pick<RentRollItemInput, 'tenantName'>): boolean {
  return item.tenantName != null && item.tenantName.trim() !== '';
}

/** The square feet of the occupied units or suites: what per-SF rent divides by. */
export function leasedSf(items: readonly Pick<RentRollItemInput, 'unitSize' | 'tenantName'>[]): number {
  return sum(items.filter(isOccupied).map((item) => item.unitSize));
}

export function rentRollItemFigures(item: Pick<RentRollItemInput, 'unitSize' | 'monthlyRent'>): RentRollItemFigures {
  const annualRent = 12 * item.monthlyRent;
  return {
    annualRent,
    monthlyRentPerSf: ratio(item.monthlyRent, item.unitSize),
    annualRentPerSf: ratio(annualRent, item.unitSize),
  };
}

/** Lease rollover: each occupied unit's lease counted in the calendar year its leaseEnd falls in. */
export function expiringLeases(items: readonly RentRollItemInput[]): Record<string, number> {
  const byYear: Record<string, number> = {};
  for (const item of items) {
    if (!isOccupied(item)) continue;
    const year = item.leaseEnd != null ? ISO_DATE.exec(item.leaseEnd)?.[1] : undefined;
    if (year !== undefined) byYear[year] = (byYear[year] ?? 0) + 1;
  }
  return byYear;
}

/**
 * Our definition (the spec gives none): move-ins during the 12 months before the effective
 * date, divided by the occupied units, as a decimal annual rate. A move-in is counted from
 * the item's moveIns when the rent roll records it, otherwise as 1 for an occupied unit
 * whose leaseStart is in (effectiveDate - 1 year, effectiveDate].
 */
export function tenantTurnover(items: readonly RentRollItemInput[], effectiveDate: string): number {
  const end = ISO_DATE.exec(effectiveDate);
  if (!end) return 0;
  // ISO dates order as strings; "one year before" keeps month and day, so 02-29 still orders correctly.
  const windowStart = `${String(Number(end[1]) - 1).padStart(4, '0')}-${end[2]}-${end[3]}`;
  const moveIns = items.map((item) => {
    if (item.moveIns != null && Number.isFinite(item.moveIns)) return item.moveIns;
    const start = item.leaseStart;
    const started = isOccupied(item) && start != null && ISO_DATE.test(start) && start > windowStart && start <= effectiveDate;
    return started ? 1 : 0;
  });
  return ratio(sum(moveIns), items.filter(isOccupied).length);
}

/**
 * Aggregates of a rent roll. Totals are sums over all items (vacant rows normally carry no
 * rent); per-SF totals divide by LEASED SF, so they read as in-place rent per leased foot.
 */
export function rentRollSummary<T extends RentRollItemInput>({ items, effectiveDate }: RentRollSummaryInput<T>): RentRollSummary<T> {
  const totalMonthlyRevenue = sum(items.map((item) => item.monthlyRent));
  const totalAnnualRevenue = 12 * totalMonthlyRevenue;
  const leased = leasedSf(items);
  const totalUnits = items.length;
  return {
    totalSf: sum(items.map((item) => item.unitSize)),
    totalUnits,
    totalMonthlyRevenue,
    totalMonthlyRevenuePerSf: ratio(totalMonthlyRevenue, leased),
    totalAnnualRevenue,
    totalAnnualRevenuePerSf: ratio(totalAnnualRevenue, leased),
    vacancy: ratio(items.filter((item) => !isOccupied(item)).length, totalUnits),
    tenantTurnover: tenantTurnover(items, effectiveDate),
    expiringLeases: expiringLeases(items),
    rentRollItems: items.map((item) => ({ ...item, ...rentRollItemFigures(item) })),
  };
}

export const commercialRentRollSummary = rentRollSummary;

/**
 * Unit mix, one row per (bedrooms, bathrooms), ordered by bedrooms then bathrooms. A unit
 * with no recorded count is grouped under 0 (the DTO fields are numbers). Averages of rent
 * are over the leased units of the type, like the roll's per-SF totals: avgMonthlyRevenuePerSf
 * is the type's rent / its leased SF, avgMonthlyRevenuePerUnit its rent / its leased units.
 */
export function unitTypeSummaryTable(items: readonly RentRollItemInput[]): UnitTypeSummary[] {
  const groups = new Map<string, { bedrooms: number; bathrooms: number; items: RentRollItemInput[] }>();
  for (const item of items) {
    const bedrooms = item.bedrooms ?? 0;
    const bathrooms = item.bathrooms ?? 0;
    const key = `${bedrooms}/${bathrooms}`;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { bedrooms, bathrooms, items: [item] });
  }
  return [...groups.values()]
    .sort((a, b) => a.bedrooms - b.bedrooms || a.bathrooms - b.bathrooms)
    .map(({ bedrooms, bathrooms, items: unitItems }) => {
      const rent = sum(unitItems.map((item) => item.monthlyRent));
      return {
        totalUnits: unitItems.length,
        bedrooms,
        bathrooms,
        avgSf: ratio(sum(unitItems.map((item) => item.unitSize)), unitItems.length),
        avgMonthlyRevenuePerSf: ratio(rent, leasedSf(unitItems)),
        avgMonthlyRevenuePerUnit: ratio(rent, unitItems.filter(isOccupied).length),
      };
    });
}

export function residentialRentRollSummary<T extends RentRollItemInput>(
  input: RentRollSummaryInput<T>,
): ResidentialRentRollSummary<T> {
  return { ...rentRollSummary(input), unitTypeSummaryTable: unitTypeSummaryTable(input.items) };
}
