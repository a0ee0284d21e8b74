// The underwritten operating statement (year 1) of a component, and the yearly projection of
// a collateral's cash flow. All amounts are positive: the cash-flow ladder applies the signs.

import type { CashFlowSectionName } from '../domain';
import { EXPENSE_GROUPS, type ExpenseGroup } from './assets';
import type { Metro } from './places';
import type { PropertyLayout } from './property';
import { clamp, roundTo, type Rng } from './random';

export interface ProFormaLine {
  section: CashFlowSectionName;
  group: string;
  description: string;
  comment: string | null;
  /** year 1, USD */
  amount: number;
  /** which growth array projects the line */
  grows: 'revenue' | 'expense';
}

/** Assumptions drawn once per component, shared by its underwritten and market cash flows. */
export interface ComponentAssumptions {
  otherRevenuePct: number;
  concessionsPct: number;
  creditLossPct: number;
  vacancyFloor: number;
  parkingAnnual: number;
  laundryAnnual: number;
  rubsAnnual: number;
  expenseRatio: number;
  managementFeePct: number;
  expenseWeights: Record<Exclude<ExpenseGroup, 'Management Fee'>, number>;
  reservesRate: number;
  tenantImprovementsPsf: number;
  leasingCommissionsPsf: number;
}

const HIGH_INSURANCE_METROS = new Set(['MIA', 'ORL', 'TPA', 'HOU']);
const HIGH_TAX_METROS = new Set(['DAL', 'HOU', 'AUS', 'SAT', 'CHI']);

export function drawAssumptions(rng: Rng, layout: PropertyLayout, metro: Metro, urban: boolean): ComponentAssumptions {
  const p = layout.profile;
  const units = layout.totalUnits;
  const asset = layout.asset;
  const weights = { ...p.expenseWeights };
  if (HIGH_INSURANCE_METROS.has(metro.key)) weights.Insurance *= 1.9;
  if (HIGH_TAX_METROS.has(metro.key)) weights.Taxes *= 1.2;
  let otherRevenuePct = 0;
  if (asset === 'Multi_Family_Apartments') otherRevenuePct = rng.float(0.01, 0.03);
  else if (asset === 'Senior_Housing') otherRevenuePct = rng.float(0.15, 0.28);
  else if (asset === 'Retail' && rng.chance(0.4)) otherRevenuePct = rng.float(0.005, 0.015);
  else if ((asset === 'Office' || asset === 'Flex_Office') && rng.chance(0.3)) otherRevenuePct = rng.float(0.002, 0.006);
  else if (asset === 'Self_Storage') otherRevenuePct = rng.float(0.05, 0.08);
  const residential = p.kind === 'Residential';
  const hotel = p.kind === 'Hotel';
  // Every statement carries some other income: parking (RV and boat storage at self-storage
  // facilities), laundry, or reimbursements.
  let parkingAnnual = 0;
  if (residential && (urban || rng.chance(0.3))) parkingAnnual = units * rng.float(0.3, 0.8) * rng.float(40, 175) * 12;
  else if (asset === 'Office' && urban) parkingAnnual = (layout.totalSf / 1_000) * 1.5 * rng.float(90, 240) * 12;
  else if (hotel) parkingAnnual = layout.concludedAnnual * (urban ? rng.float(0.015, 0.03) : rng.float(0.004, 0.01));
  else if (asset === 'Self_Storage') parkingAnnual = layout.concludedAnnual * rng.float(0.01, 0.04);
  let laundryAnnual = 0;
  if (asset === 'Multi_Family_Apartments') laundryAnnual = units * rng.float(6, 15) * 12;
  else if (asset === 'Senior_Housing') laundryAnnual = units * rng.float(10, 25) * 12;
  return {
    otherRevenuePct,
    concessionsPct: residential ? (rng.chance(0.7) ? rng.float(0.002, 0.015) : 0) : asset === 'Office' ? rng.float(0.005, 0.02) : 0,
    creditLossPct: asset === 'Land' ? 0 : hotel ? rng.float(0.002, 0.005) : rng.float(0.005, 0.015),
    vacancyFloor: asset === 'Land' ? 0.02 : residential ? 0.05 : hotel ? 0 : 0.05,
    parkingAnnual,
    laundryAnnual,
    rubsAnnual: asset === 'Multi_Family_Apartments' && rng.chance(0.6) ? units * rng.float(35, 75) * 12 : 0,
    expenseRatio: rng.float(p.expenseRatio[0], p.expenseRatio[1]),
    managementFeePct: roundTo(rng.float(p.managementFee[0], p.managementFee[1]), 0.0025),
    expenseWeights: weights,
    reservesRate: rng.float(p.reserves[0], p.reserves[1]),
    tenantImprovementsPsf: p.tenantImprovementsPsf ? rng.float(...p.tenantImprovementsPsf) : 0,
    leasingCommissionsPsf: p.leasingCommissionsPsf ? rng.float(...p.leasingCommissionsPsf) : 0,
  };
}

export interface ComponentProForma {
  lines: ProFormaLine[];
  /** effective gross income, year 1 */
  egi: number;
  operatingExpenses: number;
  noi: number;
  /** the vacancy rate underwritten, decimal of gross potential revenue */
  vacancyRate: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const usd0 = (x: number) => `$${Math.round(x).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

const EXPENSE_DESCRIPTIONS: Record<ExpenseGroup, string> = {
  Taxes: 'Real Estate Taxes',
  Insurance: 'Property Insurance',
  Utilities: 'Utilities',
  'Repairs & Maintenance': 'Repairs & Maintenance',
  'Management Fee': 'Management Fee',
  Payroll: 'Payroll & Benefits',
  'General & Administrative': 'General & Administrative',
};

/**
 * Year-1 statement of one component. `mode` 'market' uses comparable rents and market vacancy;
 * 'underwritten' uses the concluded rents and the higher of market, rent-roll and floor vacancy.
 * `label` tells components of a mixed-use collateral apart in revenue descriptions.
 */
export function componentProForma(
  layout: PropertyLayout,
  a: ComponentAssumptions,
  mode: 'underwritten' | 'market',
  rentRollVacancy: number,
  useRentRollVacancy: boolean,
  label: string | null,
): ComponentProForma {
  const lines: ProFormaLine[] = [];
  const suffix = label ? ` - ${label}` : '';
  const add = (
    section: CashFlowSectionName,
    group: string,
    description: string,
    amount: number,
    grows: 'revenue' | 'expense',
    comment: string | null = null,
  ) => {
    const rounded = Math.round(amount);
    if (rounded > 0) lines.push({ section, group, description, comment, amount: rounded, grows });
    return rounded > 0 ? rounded : 0;
  };
  const p = layout.profile;
  const hotel = layout.hotel;
  const residential = p.kind === 'Residential';

  // Revenue
  let gross: number;
  let otherRevenue = 0;
  if (hotel) {
    const room = hotel.rooms * hotel.adr * hotel.occupancy * 365;
    gross = add('revenue', 'Rental Income', `Room Revenue${suffix}`, room, 'revenue', `${hotel.rooms} keys at ${usd0(hotel.adr)} ADR and ${pct(hotel.occupancy)} occupancy`);
    const other = room * hotel.otherRevenueRatio;
    otherRevenue += add('revenue', 'Other Revenue', `Food & Beverage${suffix}`, other * 0.7, 'revenue');
    otherRevenue += add('revenue', 'Other Revenue', `Other Departmental${suffix}`, other * 0.3, 'revenue');
  } else {
    const annual = mode === 'market' ? layout.compsAnnual : layout.concludedAnnual;
    gross = add(
      'revenue',
      'Rental Income',
      `Gross Potential Rent${suffix}`,
      annual,
      'revenue',
      mode === 'market'
        ? 'At comparable market rents'
        : `${layout.totalUnits} ${residential ? 'units' : layout.asset === 'Self_Storage' ? 'buildings' : layout.asset === 'Land' ? 'ground-leased pads' : 'suites'} at concluded rents`.replace(/^1 (\w+?)s /, '1 $1 '),
    );
    const otherDescription =
      layout.asset === 'Senior_Housing'
        ? 'Care & Service Fees'
        : layout.asset === 'Multi_Family_Apartments'
          ? 'Fee & Amenity Income'
          : layout.asset === 'Retail'
            ? 'Percentage Rent'
            : layout.asset === 'Self_Storage'
              ? 'Tenant Insurance & Fees'
              : 'Signage & Antenna';
    otherRevenue += add('revenue', 'Other Revenue', `${otherDescription}${suffix}`, annual * a.otherRevenuePct, 'revenue');
  }
  const potential = gross + otherRevenue;

  // Vacancy and concessions
  const vacancyRate = hotel
    ? 0
    : mode === 'market'
      ? Math.max(layout.marketVacancy, a.vacancyFloor * 0.6)
      : Math.max(layout.marketVacancy, useRentRollVacancy ? Math.min(rentRollVacancy, 0.35) : 0, a.vacancyFloor);
  let vacancy = 0;
  if (vacancyRate > 0) {
    vacancy += add('vacancyAndConcessions', 'Vacancy', `General Vacancy${suffix}`, gross * vacancyRate, 'revenue', `${pct(vacancyRate)} of gross potential rent`);
  }
  vacancy += add('vacancyAndConcessions', 'Concessions', `Free Rent & Concessions${suffix}`, gross * a.concessionsPct, 'revenue');
  vacancy += add(
    'vacancyAndConcessions',
    'Credit Loss',
    `Bad Debt${suffix}`,
    potential * Math.max(a.creditLossPct, hotel ? 0.002 : 0.001),
    'revenue',
  );

  // Other income (before reimbursements, which depend on the expenses)
  let otherIncome = 0;
  otherIncome += add('otherIncome', 'Parking', `Parking Income${suffix}`, a.parkingAnnual, 'revenue');
  otherIncome += add('otherIncome', 'Laundry', `Laundry & Vending${suffix}`, a.laundryAnnual, 'revenue');
  otherIncome += add('otherIncome', 'Reimbursements', `Utility Reimbursements (RUBS)${suffix}`, a.rubsAnnual, 'revenue');
  const base = potential - vacancy + otherIncome;

  // Operating expenses at the expense ratio of EGI; commercial tenants pay part of them back:
  // E = rho (B + r E)  =>  E = rho B / (1 - rho r).
  const rho = a.expenseRatio;
  const r = layout.recoveryRatio;
  const expenses = (rho * base) / (1 - rho * r);
  const recoveries = add('otherIncome', 'Reimbursements', `CAM, Tax & Insurance Recoveries${suffix}`, expenses * r, 'revenue', r > 0 ? `${pct(r)} of operating expenses recovered` : null);
  const egi = base + recoveries;
  const managementFee = egi * a.managementFeePct;
  const rest = Math.max(0, expenses - managementFee);
  const weights = a.expenseWeights;
  const sumW = Object.values(weights).reduce((s, w) => s + w, 0);
  let operatingExpenses = 0;
  for (const group of EXPENSE_GROUPS) {
    const amount = group === 'Management Fee' ? managementFee : (rest * weights[group]) / sumW;
    const description =
      hotel && group === 'General & Administrative' ? 'Franchise, Sales & Marketing, A&G' : EXPENSE_DESCRIPTIONS[group];
    operatingExpenses += add(
      'operatingExpenses',
      group,
      description,
      amount,
      'expense',
      group === 'Management Fee' ? `${pct(a.managementFeePct)} of EGI` : null,
    );
  }

  // Below the line
  if (hotel) {
    add('belowTheLineExpense', 'Replacement Reserves', `FF&E Reserve${suffix}`, (gross + otherRevenue) * a.reservesRate, 'expense', `${pct(a.reservesRate)} of total revenue`);
  } else if (residential) {
    add('belowTheLineExpense', 'Replacement Reserves', `Replacement Reserves${suffix}`, layout.totalUnits * a.reservesRate, 'expense', `${usd0(a.reservesRate)} per unit per year`);
  } else {
    add('belowTheLineExpense', 'Replacement Reserves', `Replacement Reserves${suffix}`, layout.totalSf * a.reservesRate, 'expense', `$${a.reservesRate.toFixed(2)} per SF per year`);
    add('belowTheLineExpense', 'Tenant Improvements', `Tenant Improvements${suffix}`, layout.totalSf * a.tenantImprovementsPsf, 'expense', `$${a.tenantImprovementsPsf.toFixed(2)} per SF per year`);
    add('belowTheLineExpense', 'Leasing Commissions', `Leasing Commissions${suffix}`, layout.totalSf * a.leasingCommissionsPsf, 'expense', `$${a.leasingCommissionsPsf.toFixed(2)} per SF per year`);
  }

  return { lines, egi, operatingExpenses, noi: egi - operatingExpenses, vacancyRate };
}

export interface CollateralProForma {
  lines: ProFormaLine[];
  egi: number;
  operatingExpenses: number;
  noi: number;
  belowTheLine: number;
}

/** Merges the components' statements: revenue lines stay per component, expenses per group. */
export function mergeProFormas(parts: readonly ComponentProForma[]): CollateralProForma {
  const perComponent: ProFormaLine[] = [];
  const pooled = new Map<string, ProFormaLine>();
  for (const part of parts) {
    for (const line of part.lines) {
      if (line.section === 'operatingExpenses' || line.section === 'belowTheLineExpense') {
        const key = `${line.section}|${line.group}`;
        const existing = pooled.get(key);
        if (existing) {
          existing.amount += line.amount;
          if (existing.comment !== line.comment) existing.comment = null;
          existing.description = existing.description.replace(/ - .*$/, '');
        } else {
          pooled.set(key, { ...line });
        }
      } else {
        perComponent.push(line);
      }
    }
  }
  // Section by section, each group's lines together (components in order within a group).
  const order: CashFlowSectionName[] = ['revenue', 'vacancyAndConcessions', 'otherIncome', 'operatingExpenses', 'belowTheLineExpense'];
  const groupOrder = [
    'Rental Income', 'Other Revenue', 'Vacancy', 'Concessions', 'Credit Loss', 'Parking', 'Laundry', 'Reimbursements',
    ...EXPENSE_GROUPS, 'Replacement Reserves', 'Tenant Improvements', 'Leasing Commissions',
  ];
  const lines = [...perComponent, ...pooled.values()].sort(
    (x, y) => order.indexOf(x.section) - order.indexOf(y.section) || groupOrder.indexOf(x.group) - groupOrder.indexOf(y.group),
  );
  const total = (section: CashFlowSectionName) => lines.filter((l) => l.section === section).reduce((s, l) => s + l.amount, 0);
  const egi = total('revenue') - total('vacancyAndConcessions') + total('otherIncome');
  const operatingExpenses = total('operatingExpenses');
  return { lines, egi, operatingExpenses, noi: egi - operatingExpenses, belowTheLine: total('belowTheLineExpense') };
}

/**
 * Ten years of growth rates. Index i is the growth from year i+1 to year i+2; the last one takes
 * year 10 to year 11, whose NOI the DCF capitalizes for the reversion.
 */
export function growthRates(rng: Rng, nearTerm: number, longTerm: number, years = 10): number[] {
  return Array.from({ length: years }, (_, i) =>
    roundTo(clamp(longTerm + (nearTerm - longTerm) * Math.pow(0.6, i) + rng.float(-0.0015, 0.0015), 0.015, 0.04), 0.0005),
  );
}

/** year 1 = amount; year k+1 = year k x (1 + growth[k-1]); whole dollars. */
export function project(amount: number, growth: readonly number[], years = 10): number[] {
  const out: number[] = [];
  let value = amount;
  for (let y = 0; y < years; y++) {
    out.push(Math.round(value));
    value *= 1 + (growth[y] ?? 0);
  }
  return out;
}
