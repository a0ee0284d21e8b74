// A component's rent rolls and their items: the units or suites of its layout, leased and
// vacant, at the rents of the roll's date.

import type { BulkRow } from '../store';
import { addDays, addMonths, daysBetween } from './calendar';
import { residentName, tenantBusinessName } from './names';
import { apportion, MAX_RESIDENTIAL_ROLL_ITEMS, type ComponentContext, type PropertyLayout } from './property';
import { clamp, roundTo, type Rng } from './random';

type LivingUnitInsert = BulkRow<'livingUnits'>;
type RentRollInsert = BulkRow<'rentRolls'>;
type RentRollItemInsert = BulkRow<'rentRollItems'>;

export interface RentRollPlan {
  rollId: string;
  effectiveDate: string;
  name: string;
  fileId: string | null;
  position: number;
  /** rents relative to today's (an older roll shows last year's rents) */
  rentLevel: number;
}

export interface RentRollResult {
  rolls: RentRollInsert[];
  items: RentRollItemInsert[];
  /** of the selected (most recent) roll: vacant units / units, or vacant SF / SF for commercial */
  physicalVacancy: number;
}

/** Rent-roll sample of a residential component: unit types spread like the unit mix. */
function residentialSample(units: readonly LivingUnitInsert[], rng: Rng): LivingUnitInsert[] {
  const total = units.reduce((a, u) => a + (u.numUnits ?? 0), 0);
  const size = Math.min(total, MAX_RESIDENTIAL_ROLL_ITEMS);
  const counts = apportion(
    size,
    units.map((u) => u.numUnits ?? 0),
  );
  const list: LivingUnitInsert[] = [];
  units.forEach((u, i) => {
    for (let k = 0; k < counts[i]!; k++) list.push(u);
  });
  return rng.shuffle(list);
}

export function buildRentRolls(ctx: ComponentContext, layout: PropertyLayout, plans: readonly RentRollPlan[]): RentRollResult {
  const { rng } = ctx;
  const rolls: RentRollInsert[] = [];
  const items: RentRollItemInsert[] = [];
  const residential = layout.profile.kind === 'Residential';
  const sample = residential ? residentialSample(layout.units, rng) : layout.units;
  const totalUnits = layout.totalUnits;
  const partial = residential && sample.length < totalUnits;
  const vacancyTarget = ctx.leaseUp
    ? rng.float(0.12, 0.28)
    : clamp(layout.marketVacancy * rng.float(0.6, 1.5), 0.02, 0.2);

  for (const plan of plans) {
    let comment: string | null = null;
    if (ctx.preLeasing && plan.position === 0) {
      comment = `Pre-leasing schedule ahead of delivery on ${ctx.completionDate}.`;
    } else if (partial) {
      comment = `Covers Building A, a representative ${sample.length} of the ${totalUnits} units; the other buildings share its unit mix and lease terms.`;
    }
    rolls.push({
      id: plan.rollId,
      componentId: layout.componentId,
      kind: residential ? 'Residential' : 'Commercial',
      name: partial ? `${plan.name} (Building A)` : plan.name,
      fileId: plan.fileId,
      effectiveDate: plan.effectiveDate,
      comment,
      position: plan.position,
    });
  }

  const latest = plans.find((p) => p.position === 0)!;
  let physicalVacancy: number;
  if (residential) {
    const perFloor = clamp(Math.round(sample.length / 4), 6, 16);
    physicalVacancy = 0;
    for (const plan of plans) {
      const rows = sample.map((u, index) => residentialItem(ctx, layout, plan, u, index, perFloor, partial, vacancyTarget));
      items.push(...rows);
      if (plan === latest) physicalVacancy = rows.filter((r) => r.tenantName == null).length / Math.max(1, rows.length);
    }
  } else {
    // The latest roll first; an older roll shows the same long leases a year earlier.
    const current = sample.map((u, index) => commercialItem(ctx, layout, latest, u, index, vacancyTarget));
    items.push(...current);
    const sf = current.reduce((a, r) => a + r.unitSize, 0);
    const vacantSf = current.filter((r) => r.tenantName == null).reduce((a, r) => a + r.unitSize, 0);
    physicalVacancy = vacantSf / Math.max(1, sf);
    for (const plan of plans) {
      if (plan === latest) continue;
      items.push(...current.map((row, index) => earlierCommercialItem(ctx, layout, plan, latest, sample[index]!, row)));
    }
  }
  return { rolls, items, physicalVacancy };
}

function emptyItem(ctx: ComponentContext, plan: RentRollPlan, index: number, unitSize: number): RentRollItemInsert {
  return {
    id: ctx.ids.next(),
    rentRollId: plan.rollId,
    position: index,
    unitNumber: null,
    tenantName: null,
    unitType: null,
    leaseType: null,
    floor: null,
    bedrooms: null,
    bathrooms: null,
    unitSize,
    monthlyRent: 0,
    leaseStart: null,
    leaseEnd: null,
  };
}

function residentialItem(
  ctx: ComponentContext,
  layout: PropertyLayout,
  plan: RentRollPlan,
  u: LivingUnitInsert,
  index: number,
  perFloor: number,
  partial: boolean,
  vacancyTarget: number,
): RentRollItemInsert {
  const { rng } = ctx;
  const row = emptyItem(ctx, plan, index, u.unitSize);
  const concluded = (u.concludedMonthlyRent ?? 0) * plan.rentLevel;
  const preLeasing = ctx.preLeasing && plan.position === 0;
  const floor = 1 + Math.floor(index / perFloor);
  const number = floor * 100 + (index % perFloor) + 1;
  row.unitNumber = partial ? `A${number}` : String(number);
  row.unitType = u.description ?? null;
  row.floor = floor;
  row.bedrooms = u.bedrooms ?? null;
  row.bathrooms = u.bathrooms ?? null;
  const occupied = preLeasing ? rng.chance(layout.leaseToPreLeaseRatio) : !rng.chance(vacancyTarget);
  if (!occupied) return row;
  row.tenantName = residentName(rng);
  if (preLeasing) {
    row.leaseStart = addDays(ctx.completionDate, rng.int(0, 30));
    row.leaseEnd = addDays(addMonths(row.leaseStart, 12), -1);
    row.monthlyRent = roundTo(concluded * rng.float(0.95, 1), 5);
  } else if (rng.chance(0.04)) {
    // Month to month after the lease ran out.
    row.leaseStart = addDays(plan.effectiveDate, -rng.int(400, 1_100));
    row.monthlyRent = roundTo(concluded * rng.float(0.9, 0.97), 5);
  } else {
    const age = rng.int(0, 364);
    const term = rng.weighted(LEASE_MONTHS);
    row.leaseStart = addDays(plan.effectiveDate, -age);
    row.leaseEnd = addDays(addMonths(row.leaseStart, term), -1);
    // Older leases were signed at lower rents (loss to lease).
    row.monthlyRent = roundTo(concluded * (1 - 0.05 * (age / 365)) * rng.float(0.97, 1.03), 5);
  }
  return row;
}

const LEASE_MONTHS = [
  [12, 8],
  [13, 1],
  [15, 1],
] as const;

/** A self-storage building is let unit by unit, month to month: one line per building. */
function storageTenant(unitSize: number, occupancy: number): string {
  const units = Math.round(unitSize / 110);
  return `Self-storage occupants (${Math.round(units * occupancy)} of ${units} units)`;
}

function commercialItem(
  ctx: ComponentContext,
  layout: PropertyLayout,
  plan: RentRollPlan,
  u: LivingUnitInsert,
  index: number,
  vacancyTarget: number,
): RentRollItemInsert {
  const { rng } = ctx;
  const profile = layout.profile;
  const row = emptyItem(ctx, plan, index, u.unitSize);
  row.unitNumber = u.suite ?? null;
  row.floor = u.floor ?? null;
  const concluded = (u.concludedMonthlyRent ?? 0) * plan.rentLevel;
  if (layout.asset === 'Self_Storage') {
    const occupancy = rng.float(0.84, 0.94);
    row.tenantName = storageTenant(u.unitSize, occupancy);
    row.leaseType = 'Month-to-Month';
    row.monthlyRent = roundTo(concluded * occupancy, 10);
    return row;
  }
  const preLeasing = ctx.preLeasing && plan.position === 0;
  const anchor = u.description === 'Retail - anchor';
  const vacant = preLeasing ? !rng.chance(layout.leaseToPreLeaseRatio) : !anchor && rng.chance(vacancyTarget);
  if (vacant) return row;
  row.tenantName = tenantBusinessName(rng, profile.tenantSector ?? 'office');
  row.leaseType = rng.chance(0.8) && layout.leaseTypeHint ? layout.leaseTypeHint : rng.weighted(profile.leaseTypes!);
  const [yLo, yHi] = profile.leaseYears!;
  const termMonths = 12 * rng.int(yLo, yHi);
  if (preLeasing) {
    row.leaseStart = addDays(ctx.completionDate, rng.int(0, 60));
    row.monthlyRent = roundTo(concluded * rng.float(0.95, 1.02), 10);
  } else {
    const elapsed = rng.int(0, termMonths - 1);
    row.leaseStart = addDays(addMonths(plan.effectiveDate, -elapsed), -rng.int(0, 27));
    // Rent steps of ~2.5 % a year: leases signed years ago pay less than today's rent.
    row.monthlyRent = roundTo(concluded * Math.pow(1.025, -elapsed / 12) * rng.float(0.95, 1.05), 10);
  }
  row.leaseEnd = addDays(addMonths(row.leaseStart, termMonths), -1);
  return row;
}

/** The same suite on an earlier roll: a lease already running then is there too, one rent step lower. */
function earlierCommercialItem(
  ctx: ComponentContext,
  layout: PropertyLayout,
  plan: RentRollPlan,
  latest: RentRollPlan,
  u: LivingUnitInsert,
  now: RentRollItemInsert,
): RentRollItemInsert {
  const { rng } = ctx;
  const row = emptyItem(ctx, plan, now.position ?? 0, now.unitSize);
  row.unitNumber = now.unitNumber ?? null;
  row.floor = now.floor ?? null;
  const concluded = (u.concludedMonthlyRent ?? 0) * plan.rentLevel;
  if (layout.asset === 'Self_Storage') {
    const occupancy = rng.float(0.82, 0.94);
    row.tenantName = storageTenant(now.unitSize, occupancy);
    row.leaseType = 'Month-to-Month';
    row.monthlyRent = roundTo(concluded * occupancy, 10);
    return row;
  }
  if (now.tenantName != null && now.leaseStart != null && now.leaseStart <= plan.effectiveDate) {
    row.tenantName = now.tenantName;
    row.leaseType = now.leaseType ?? null;
    row.leaseStart = now.leaseStart;
    row.leaseEnd = now.leaseEnd ?? null;
    row.monthlyRent = roundTo((now.monthlyRent ?? 0) / 1.025, 10);
    return row;
  }
  // The suite turned over (or went dark) since: a previous tenant whose lease ended in between.
  const gap = daysBetween(plan.effectiveDate, now.leaseStart ?? latest.effectiveDate);
  if (gap < 30 || !rng.chance(0.65)) return row;
  const profile = layout.profile;
  row.tenantName = tenantBusinessName(rng, profile.tenantSector ?? 'office');
  row.leaseType = rng.weighted(profile.leaseTypes!);
  row.leaseEnd = addDays(plan.effectiveDate, rng.int(15, gap - 10));
  const [yLo, yHi] = profile.leaseYears!;
  row.leaseStart = addDays(addMonths(row.leaseEnd, -12 * rng.int(yLo, yHi)), 1);
  row.monthlyRent = roundTo(concluded * rng.float(0.85, 0.97), 10);
  return row;
}
