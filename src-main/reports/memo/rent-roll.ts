import type { Content } from 'pdfmake/interfaces';
import { type CommercialRentRollInfoResponseDto, format, type ResidentialRentRollInfoResponseDto } from '../../contract';
import { leasedSf } from '../../domain';
import { collateralTitle } from './collateral';
import { componentTitle, dealComponents } from './components';
import { dataTable, heading, keepTogether, keyValues, notice, subheading } from './layout';
import type { MemoData } from './types';

const { date, int, pct, sf, text, usd } = format;

type RentRoll = ResidentialRentRollInfoResponseDto | CommercialRentRollInfoResponseDto;

export interface RolloverYear {
  year: string;
  leases: number;
  sf: number | null;
  annualRent: number | null;
  shareOfRent: number | null;
  cumulativeShareOfRent: number | null;
}

/**
 * Lease rollover by year of lease end: from the items when the roll has them (leases, SF and
 * annual rent expiring each year, share of the roll's leased rent and its running total),
 * else from the roll's expiringLeases counts.
 */
export function rollover(roll: RentRoll): RolloverYear[] {
  const items = roll.rentRollItems as readonly RentRoll['rentRollItems'][number][];
  const leased = items.filter((i) => i.leaseEnd);
  if (leased.length === 0) {
    return Object.entries(roll.expiringLeases)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([year, leases]) => ({ year, leases, sf: null, annualRent: null, shareOfRent: null, cumulativeShareOfRent: null }));
  }
  const totalRent = items.reduce((a, i) => a + i.annualRent, 0);
  const byYear = new Map<string, { leases: number; sf: number; annualRent: number }>();
  for (const i of leased) {
    const year = i.leaseEnd!.slice(0, 4);
    const y = byYear.get(year) ?? { leases: 0, sf: 0, annualRent: 0 };
    y.leases += 1;
    y.sf += i.unitSize;
    y.annualRent += i.annualRent;
    byYear.set(year, y);
  }
  let cumulative = 0;
  return [...byYear.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([year, y]) => {
      cumulative += y.annualRent;
      return {
        year,
        ...y,
        shareOfRent: totalRent > 0 ? y.annualRent / totalRent : null,
        cumulativeShareOfRent: totalRent > 0 ? cumulative / totalRent : null,
      };
    });
}

/** A rent roll's totals (kept with `lead`, the headings above it), its comment, rollover, unit types or largest tenants. */
function rollSummary(roll: RentRoll, isSelected: boolean, lead: Content[]): Content[] {
  const items = roll.rentRollItems as readonly RentRoll['rentRollItems'][number][];
  const vacant = items.filter((i) => !i.tenantName).length;
  const out: Content[] = [
    keepTogether(
      ...lead,
      subheading(`${roll.name}${isSelected ? ' (selected)' : ''}`),
      keyValues([
        ['Effective date', date(roll.effectiveDate)],
        ['Units on the roll', `${int(roll.totalUnits)}${items.length ? ` (${int(vacant)} vacant)` : ''}`],
        ['Occupancy (physical)', pct(1 - roll.vacancy, 1)],
        ['Vacancy (physical)', pct(roll.vacancy, 1)],
        ['Total SF', sf(roll.totalSf)],
        ['Leased SF', sf(leasedSf(items))],
        ['Tenant turnover', pct(roll.tenantTurnover, 1)],
        ['Monthly revenue', usd(roll.totalMonthlyRevenue)],
        ['Annual revenue', usd(roll.totalAnnualRevenue)],
        ['Annual $/leased SF', usd(roll.totalAnnualRevenuePerSf, { cents: true })],
      ]),
    ),
    // Free text: after the block kept together, never inside it.
    ...(roll.comment ? [{ text: [{ text: 'Comment  ', style: 'muted' }, roll.comment], style: 'small', margin: [0, -4, 0, 6] } as Content] : []),
  ];
  const years = rollover(roll);
  out.push(
    years.length === 0
      ? notice('No lease end on record: no rollover to show.')
      : dataTable(years, [
          { title: 'Lease rollover by year', cell: (y) => y.year },
          { title: 'Leases', cell: (y) => int(y.leases), numeric: true },
          { title: 'SF', cell: (y) => int(y.sf), numeric: true },
          { title: 'Annual rent', cell: (y) => usd(y.annualRent), numeric: true },
          { title: '% of rent', cell: (y) => pct(y.shareOfRent, 1), numeric: true },
          { title: 'Cumulative %', cell: (y) => pct(y.cumulativeShareOfRent, 1), numeric: true },
        ]),
  );
  if ('unitTypeSummaryTable' in roll) {
    if (roll.unitTypeSummaryTable.length > 0) {
      out.push(
        dataTable(roll.unitTypeSummaryTable, [
          { title: 'Unit type', cell: (u) => `${u.bedrooms} BR / ${u.bathrooms} BA` },
          { title: 'Units', cell: (u) => int(u.totalUnits), numeric: true },
          { title: 'Avg SF', cell: (u) => int(u.avgSf), numeric: true },
          { title: 'Avg rent / mo', cell: (u) => usd(u.avgMonthlyRevenuePerUnit), numeric: true },
          { title: 'Avg $/SF / mo', cell: (u) => usd(u.avgMonthlyRevenuePerSf, { cents: true }), numeric: true },
        ]),
      );
    }
  } else {
    const leased = roll.rentRollItems.filter((i) => i.tenantName);
    const total = roll.rentRollItems.reduce((a, i) => a + i.annualRent, 0);
    const largest = [...leased].sort((a, b) => b.annualRent - a.annualRent || a.suite.localeCompare(b.suite)).slice(0, 5);
    if (largest.length > 0) {
      out.push(
        dataTable(largest, [
          { title: `Largest tenants (${largest.length} of ${leased.length})`, cell: (i) => i.tenantName! },
          { title: 'Suite', cell: (i) => i.suite, width: 36 },
          { title: 'Lease type', cell: (i) => text(i.leaseType), width: 80 },
          { title: 'SF', cell: (i) => int(i.unitSize), numeric: true },
          { title: 'Annual rent', cell: (i) => usd(i.annualRent), numeric: true },
          { title: '% of rent', cell: (i) => pct(total > 0 ? i.annualRent / total : null, 1), numeric: true },
          { title: 'Lease end', cell: (i) => date(i.leaseEnd) },
        ]),
      );
    }
  }
  return out;
}

/** Section 7: each rent roll's occupancy, revenue and lease rollover by year. */
export function rentRollSection(data: MemoData): Content[] {
  const title = heading('Rent roll summary', { number: '7' });
  const withRolls = dealComponents(data)
    .map((entry, index) => ({ ...entry, index }))
    .filter(({ component }) => (component.rentRolls?.length ?? 0) > 0);
  if (withRolls.length === 0) return [keepTogether(title, notice('No rent roll on record for this deal’s components.'))];
  const out: Content[] = [];
  withRolls.forEach(({ component, collateral, collateralIndex, index }, i) => {
    const componentHeading = heading(`${componentTitle(component)} — ${collateralTitle(collateral, collateralIndex)} (component 6.${index + 1})`, { level: 2 });
    (component.rentRolls ?? []).forEach((roll, r) => {
      const lead = r > 0 ? [] : i === 0 ? [title, componentHeading] : [componentHeading];
      out.push(...rollSummary(roll, roll.id === component.info.selectedRentRollId, lead));
    });
  });
  return out;
}
