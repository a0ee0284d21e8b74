import { date, int, pct, sf, usd } from '../../shared/format';

/** What the totals of a rent roll are made of (residential and commercial rolls alike). */
export interface RollTotalsInput {
  totalSf: number;
  totalUnits: number;
  totalMonthlyRevenue: number;
  totalAnnualRevenue: number;
  /** Annual revenue per LEASED square foot (the domain's rent roll summary divides by leased SF). */
  totalAnnualRevenuePerSf: number;
  vacancy: number;
  tenantTurnover: number;
  effectiveDate: string | null;
  rentRollItems: readonly { unitSize: number; tenantName: string | null }[];
}

/** A unit or suite is leased when it has a tenant: the rule the rent roll summary counts vacancy and per-SF rent by. */
const isLeased = (item: { tenantName: string | null }) => item.tenantName !== null && item.tenantName.trim() !== '';

/** The square feet of the leased units or suites (vacant ones left out). */
export function leasedSf(items: RollTotalsInput['rentRollItems']): number {
  return items.reduce((sum, item) => (isLeased(item) ? sum + item.unitSize : sum), 0);
}

export interface RollFigure {
  label: string;
  value: string;
  testId: string;
}

/**
 * The totals shown over a rent roll, each labelled as what it is: the total SF of every unit,
 * the leased SF (vacant space left out), and the annual rent per leased SF (the figure the
 * roll carries, computed on the leased SF), so that revenue / leased SF reads back on screen.
 */
export function rentRollFigures(roll: RollTotalsInput): RollFigure[] {
  return [
    { label: 'Units', value: int(roll.totalUnits), testId: 'rent-roll-units' },
    { label: 'Total SF', value: sf(roll.totalSf), testId: 'rent-roll-total-sf' },
    { label: 'Leased SF', value: sf(leasedSf(roll.rentRollItems)), testId: 'rent-roll-leased-sf' },
    { label: 'Monthly revenue', value: usd(roll.totalMonthlyRevenue), testId: 'rent-roll-monthly' },
    { label: 'Annual revenue', value: usd(roll.totalAnnualRevenue), testId: 'rent-roll-annual' },
    { label: 'Annual $/leased SF', value: usd(roll.totalAnnualRevenuePerSf, { cents: true }), testId: 'rent-roll-annual-psf' },
    { label: 'Vacancy', value: pct(roll.vacancy, 1), testId: 'rent-roll-vacancy' },
    { label: 'Tenant turnover', value: pct(roll.tenantTurnover, 1), testId: 'rent-roll-turnover' },
    { label: 'Effective', value: date(roll.effectiveDate), testId: 'rent-roll-effective' },
  ];
}
