// The physical property behind a component: unit mix, suites or hotel keys, the rents a lender
// would underwrite, and the sales comparables (its rent rolls: rent-rolls.ts).

import type { BulkRow } from '../store';
import { ASSET_PROFILES, RECOVERY_BY_LEASE_TYPE, type AssetProfile, type PropertyAsset } from './assets';
import { addDays } from './calendar';
import { propertyName } from './names';
import type { Metro } from './places';
import { clamp, roundTo, type IdFactory, type Rng } from './random';

type LivingUnitInsert = BulkRow<'livingUnits'>;
type SalesCompInsert = BulkRow<'salesComps'>;

/**
 * A residential rent roll lists at most this many units. A larger community's roll covers one
 * representative building (phase) of it: keeps a 10,000-deal store near 300k rent-roll items.
 */
export const MAX_RESIDENTIAL_ROLL_ITEMS = 60;

interface UnitType {
  label: string;
  bedrooms: number;
  bathrooms: number;
  sf: readonly [number, number];
  /** smaller units rent for more per SF */
  rentPremium: number;
}

const UNIT_TYPES: readonly UnitType[] = [
  { label: 'Studio', bedrooms: 0, bathrooms: 1, sf: [450, 600], rentPremium: 1.22 },
  { label: '1BR/1BA', bedrooms: 1, bathrooms: 1, sf: [650, 850], rentPremium: 1.1 },
  { label: '2BR/1BA', bedrooms: 2, bathrooms: 1, sf: [850, 1000], rentPremium: 1 },
  { label: '2BR/2BA', bedrooms: 2, bathrooms: 2, sf: [950, 1200], rentPremium: 1 },
  { label: '3BR/2BA', bedrooms: 3, bathrooms: 2, sf: [1150, 1400], rentPremium: 0.92 },
];

/** Unit-mix templates: weights over UNIT_TYPES. */
const MIX_TEMPLATES: readonly (readonly number[])[] = [
  [0, 40, 10, 35, 15], // garden
  [20, 50, 0, 30, 0], // urban mid-rise
  [15, 45, 5, 30, 5], // high-rise
  [0, 35, 0, 45, 20], // suburban family
  [10, 40, 15, 25, 10], // older mixed stock
];

const SENIOR_UNIT_TYPES: readonly UnitType[] = [
  { label: 'Studio', bedrooms: 0, bathrooms: 1, sf: [450, 550], rentPremium: 0.85 },
  { label: '1BR/1BA', bedrooms: 1, bathrooms: 1, sf: [550, 750], rentPremium: 1 },
  { label: '2BR/1BA', bedrooms: 2, bathrooms: 1, sf: [800, 1000], rentPremium: 1.22 },
];

export interface ComponentContext {
  rng: Rng;
  ids: IdFactory;
  asOf: string;
  metro: Metro;
  yearBuilt: number;
  /** a building under construction: its rent roll is a pre-leasing schedule */
  preLeasing: boolean;
  /** a value-add or lease-up deal: more vacancy on the rent roll */
  leaseUp: boolean;
  /** when a building under construction delivers */
  completionDate: string;
  /** the component's share of the collateral's target value, USD */
  targetValue: number;
}

export interface HotelFacts {
  rooms: number;
  adr: number;
  occupancy: number;
  totalSf: number;
  otherRevenueRatio: number;
  fullService: boolean;
}

/** The priced property of one component: what the cash flow, comps and rent rolls build on. */
export interface PropertyLayout {
  asset: PropertyAsset;
  profile: AssetProfile;
  componentId: string;
  units: LivingUnitInsert[];
  hotel: HotelFacts | null;
  totalUnits: number;
  totalSf: number;
  marketVacancy: number;
  /** the component's own market cap rate */
  capRate: number;
  leaseToPreLeaseRatio: number;
  /** annual revenue at the underwriter's concluded rents (hotels: total revenue) */
  concludedAnnual: number;
  /** annual revenue at comparable (market) rents */
  compsAnnual: number;
  /** commercial: share of operating expenses recovered from tenants */
  recoveryRatio: number;
  /** commercial: the lease type most of the suites are let on */
  leaseTypeHint?: string;
}

function vintageFactor(yearBuilt: number): number {
  if (yearBuilt >= 2015) return 1.12;
  if (yearBuilt >= 2000) return 1.03;
  if (yearBuilt >= 1985) return 0.95;
  return 0.88;
}

function componentCapRate(rng: Rng, profile: AssetProfile, metro: Metro, yearBuilt: number): number {
  const [lo, hi] = profile.capRate;
  const age = yearBuilt < 1985 ? 0.0025 : yearBuilt >= 2015 ? -0.0015 : 0;
  return roundTo(clamp(rng.float(lo, hi) + metro.capRateAdjustment * 0.6 + age, lo - 0.0025, hi + 0.0025), 0.0005);
}

/** Splits `total` into `count` positive integers proportional to `weights` (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sumW = weights.reduce((a, b) => a + b, 0);
  if (sumW <= 0 || total <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (w / sumW) * total);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

function residentialLayout(ctx: ComponentContext, profile: AssetProfile, componentId: string): PropertyLayout {
  const { rng, metro } = ctx;
  const senior = profile.asset === 'Senior_Housing';
  const types = senior ? SENIOR_UNIT_TYPES : UNIT_TYPES;
  const template = senior ? [20, 55, 25] : rng.pick(MIX_TEMPLATES);
  const weights = template.map((w) => (w > 0 ? w * rng.float(0.7, 1.3) : 0));
  const vintage = vintageFactor(ctx.yearBuilt);
  const marketVacancy = roundTo(rng.float(...profile.marketVacancy), 0.0025);
  const capRate = componentCapRate(rng, profile, metro, ctx.yearBuilt);

  // Priced per unit type first, so the number of units can be sized to the target value.
  const priced = types.map((t, i) => {
    const unitSize = roundTo(rng.float(t.sf[0], t.sf[1]), 5);
    const rent = senior
      ? (2_400 + 700 * metro.apartmentRentPsf) * t.rentPremium * vintage * rng.float(0.92, 1.08)
      : clamp(unitSize * metro.apartmentRentPsf * t.rentPremium * vintage * rng.float(0.93, 1.07), 900, 4_200);
    return { type: t, weight: weights[i]!, unitSize, concluded: roundTo(rent, 5) };
  });
  const active = priced.filter((p) => p.weight > 0);
  const sumW = active.reduce((a, p) => a + p.weight, 0);
  const avgRent = active.reduce((a, p) => a + p.concluded * p.weight, 0) / sumW;
  const margin = 1 - (profile.expenseRatio[0] + profile.expenseRatio[1]) / 2;
  const otherRevenue = senior ? 1.2 : 1.04;
  const valuePerUnit = (12 * avgRent * (1 - Math.max(marketVacancy, 0.05)) * otherRevenue * margin) / capRate;
  const [minUnits, maxUnits] = senior ? [40, 220] : [12, 500];
  const totalUnits = Math.round(clamp(ctx.targetValue / valuePerUnit, minUnits, maxUnits));
  const counts = apportion(
    totalUnits,
    active.map((p) => p.weight),
  );

  const units: LivingUnitInsert[] = [];
  active.forEach((p, i) => {
    const numUnits = counts[i]!;
    if (numUnits <= 0) return;
    units.push({
      id: ctx.ids.next(),
      componentId,
      frontEndGridLineNumber: String(units.length + 1),
      description: p.type.label,
      suite: null,
      floor: null,
      bedrooms: p.type.bedrooms,
      bathrooms: p.type.bathrooms,
      unitSize: p.unitSize,
      numUnits,
      // The underwriter concludes a little under the comparables more often than over them.
      compsMonthlyRent: roundTo(p.concluded * rng.float(0.98, 1.06), 5),
      concludedMonthlyRent: p.concluded,
    });
  });
  return finishLayout(ctx, profile, componentId, units, null, marketVacancy, capRate, 0);
}

function suiteLabel(asset: PropertyAsset, index: number, perFloor: number): { suite: string; floor: number } {
  if (asset === 'Self_Storage') return { suite: `Bldg ${String.fromCharCode(65 + index)}`, floor: 1 };
  if (asset === 'Land') return { suite: `Pad ${index + 1}`, floor: 1 };
  const floor = 1 + Math.floor(index / perFloor);
  return { suite: String(floor * 100 + (index % perFloor) * 10), floor };
}

function commercialLayout(ctx: ComponentContext, profile: AssetProfile, componentId: string): PropertyLayout {
  const { rng, metro } = ctx;
  const suites = profile.suites!;
  const rentPsf = profile.rentPsf!(metro, rng) * (profile.asset === 'Land' ? 1 : vintageFactor(ctx.yearBuilt));
  const marketVacancy = roundTo(rng.float(...profile.marketVacancy), 0.0025);
  const capRate = componentCapRate(rng, profile, metro, ctx.yearBuilt);

  // Lease types decide how much of the expenses come back as reimbursements.
  const leaseType = rng.weighted(profile.leaseTypes!);
  const [rLo, rHi] = RECOVERY_BY_LEASE_TYPE[leaseType] ?? [0, 0];
  const recoveryRatio = rng.float(rLo, rHi);
  const rho = (profile.expenseRatio[0] + profile.expenseRatio[1]) / 2;
  const margin = 1 - (rho * (1 - recoveryRatio)) / (1 - rho * recoveryRatio);
  const valuePerSf = (rentPsf * (1 - Math.max(marketVacancy, 0.03)) * margin) / capRate;
  const minSf = suites.minCount * suites.minSf;
  const maxSf = suites.maxCount * suites.maxSf;
  const totalTarget = clamp(ctx.targetValue / valuePerSf, minSf, maxSf);
  const count = Math.round(clamp(totalTarget / suites.typicalSf, suites.minCount, suites.maxCount));
  const anchored = profile.asset === 'Retail' && count >= 6;
  const weights = Array.from({ length: count }, (_, i) => (anchored && i === 0 ? 5 : rng.float(0.5, 1.5)));
  const sumW = weights.reduce((a, b) => a + b, 0);

  const units: LivingUnitInsert[] = weights.map((w, i) => {
    const unitSize = roundTo(clamp((w / sumW) * totalTarget, suites.minSf, suites.maxSf), 50);
    const { suite, floor } = suiteLabel(profile.asset, i, suites.perFloor);
    // Small suites lease at a premium per SF, anchors at a discount.
    const sizeFactor = Math.pow(suites.typicalSf / unitSize, 0.08);
    const concluded = roundTo((unitSize * rentPsf * sizeFactor * rng.float(0.95, 1.05)) / 12, 10);
    return {
      id: ctx.ids.next(),
      componentId,
      frontEndGridLineNumber: String(i + 1),
      description: anchored && i === 0 ? 'Retail - anchor' : suites.description,
      suite,
      floor,
      bedrooms: null,
      bathrooms: null,
      unitSize,
      numUnits: 1,
      compsMonthlyRent: roundTo(concluded * rng.float(0.96, 1.08), 10),
      concludedMonthlyRent: concluded,
    };
  });
  const layout = finishLayout(ctx, profile, componentId, units, null, marketVacancy, capRate, recoveryRatio);
  layout.leaseTypeHint = leaseType;
  return layout;
}

function hotelLayout(ctx: ComponentContext, profile: AssetProfile, componentId: string): PropertyLayout {
  const { rng, metro } = ctx;
  const adr = roundTo(clamp(metro.hotelAdr * rng.float(0.72, 1.32) * (ctx.yearBuilt >= 2015 ? 1.08 : 1), 120, 380), 0.5);
  const occupancy = roundTo(rng.float(0.62, 0.82), 0.001);
  const fullService = adr >= 220 || rng.chance(0.3);
  const otherRevenueRatio = roundTo(fullService ? rng.float(0.25, 0.35) : rng.float(0.15, 0.22), 0.005);
  const capRate = componentCapRate(rng, profile, metro, ctx.yearBuilt);
  const margin = 1 - (profile.expenseRatio[0] + profile.expenseRatio[1]) / 2;
  const valuePerRoom = (adr * occupancy * 365 * (1 + otherRevenueRatio) * margin) / capRate;
  const rooms = Math.round(clamp(ctx.targetValue / valuePerRoom, 80, 400));
  const sfPerRoom = fullService ? rng.float(850, 1_100) : rng.float(520, 650);
  const hotel: HotelFacts = {
    rooms,
    adr,
    occupancy,
    totalSf: roundTo(rooms * sfPerRoom, 100),
    otherRevenueRatio,
    fullService,
  };
  const marketVacancy = roundTo(clamp(1 - occupancy + rng.float(-0.04, 0.04), 0.15, 0.4), 0.0025);
  return finishLayout(ctx, profile, componentId, [], hotel, marketVacancy, capRate, 0);
}

function finishLayout(
  ctx: ComponentContext,
  profile: AssetProfile,
  componentId: string,
  units: LivingUnitInsert[],
  hotel: HotelFacts | null,
  marketVacancy: number,
  capRate: number,
  recoveryRatio: number,
): PropertyLayout {
  const { rng } = ctx;
  let totalUnits = 0;
  let totalSf = 0;
  let concludedAnnual = 0;
  let compsAnnual = 0;
  for (const u of units) {
    const n = u.numUnits ?? 1;
    totalUnits += n;
    totalSf += u.unitSize * n;
    concludedAnnual += 12 * (u.concludedMonthlyRent ?? 0) * n;
    compsAnnual += 12 * (u.compsMonthlyRent ?? 0) * n;
  }
  if (hotel) {
    totalUnits = hotel.rooms;
    totalSf = hotel.totalSf;
    const room = hotel.rooms * hotel.adr * hotel.occupancy * 365;
    concludedAnnual = room * (1 + hotel.otherRevenueRatio);
    compsAnnual = concludedAnnual;
  }
  // Leased over pre-leased space: 1 for a stabilized building (and for hotels, which lease none).
  const leaseToPreLeaseRatio = hotel
    ? 1
    : ctx.preLeasing
      ? roundTo(rng.float(0.1, 0.6), 0.01)
      : ctx.leaseUp
        ? roundTo(rng.float(0.75, 0.95), 0.01)
        : 1;
  return {
    asset: profile.asset,
    profile,
    componentId,
    units,
    hotel,
    totalUnits,
    totalSf,
    marketVacancy,
    capRate,
    leaseToPreLeaseRatio,
    concludedAnnual,
    compsAnnual,
    recoveryRatio,
  };
}

export function buildLayout(ctx: ComponentContext, asset: PropertyAsset, componentId: string): PropertyLayout {
  const profile = ASSET_PROFILES[asset];
  if (profile.kind === 'Hotel') return hotelLayout(ctx, profile, componentId);
  if (profile.kind === 'Residential') return residentialLayout(ctx, profile, componentId);
  return commercialLayout(ctx, profile, componentId);
}

// --- rent rolls ---------------------------------------------------------------------------

// --- sales comparables -----------------------------------------------------------------

export function buildSalesComps(
  ctx: ComponentContext,
  layout: PropertyLayout,
  componentNoi: number,
  streets: readonly string[],
): SalesCompInsert[] {
  const { rng } = ctx;
  const count = rng.int(3, 6);
  const comps: SalesCompInsert[] = [];
  const noiPerUnit = componentNoi / Math.max(1, layout.totalUnits);
  const avgSize = layout.totalSf / Math.max(1, layout.totalUnits);
  const byUnit = layout.profile.kind !== 'Commercial';
  for (let i = 0; i < count; i++) {
    const capRate = Math.max(0.035, layout.capRate + rng.float(-0.004, 0.004));
    const quality = rng.float(0.9, 1.1);
    const street = rng.pick(streets);
    const saleDate = addDays(ctx.asOf, -rng.int(30, 720));
    let pricePerUnit: number;
    let pricePerSf: number;
    if (byUnit) {
      pricePerUnit = roundTo((noiPerUnit / capRate) * quality, 100);
      pricePerSf = roundTo(pricePerUnit / (avgSize * rng.float(0.9, 1.1)), 0.01);
    } else {
      pricePerSf = roundTo(((componentNoi / Math.max(1, layout.totalSf)) / capRate) * quality, 0.01);
      pricePerUnit = roundTo(pricePerSf * avgSize * rng.float(0.85, 1.15), 100);
    }
    comps.push({
      id: ctx.ids.next(),
      componentId: layout.componentId,
      name: `${propertyName(rng, layout.asset, street)} - ${rng.int(100, 9_999)} ${street}`,
      saleDate,
      pricePerUnit,
      pricePerSf,
    });
  }
  return comps;
}
