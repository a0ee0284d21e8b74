// One collateral of a deal: its plan (what the deal's property type makes: one building, phases,
// a portfolio, a mixed-use property), then the collateral itself, its components, valuations and
// description, written as rows.

import { ASSET_PROFILES, PORTFOLIO_ASSETS, type PropertyAsset } from './assets';
import type { DemoAssetType, DemoContext, DemoLoanType, DemoState } from './book';
import { addDays, addMonths, startOfMonth } from './calendar';
import { buildComponents, type ComponentPart } from './components';
import { propertyName } from './names';
import { capitalize, collateralHead, plural, suiteNoun, thousands } from './phrases';
import { pickMetro, pickZip, streetsOf, type DemoAddress, type Metro, type ZipArea } from './places';
import { mergeProFormas } from './proforma';
import { buildSalesComps } from './property';
import { clamp, roundTo, type Rng } from './random';
import { addAppraisals, addRevenueValuations } from './valuations';

export interface ComponentSpec {
  asset: PropertyAsset;
  /** share of the collateral's value */
  share: number;
  /** revenue-line label inside a mixed-use collateral */
  label: string | null;
}

export interface CollateralSpec {
  asset: PropertyAsset | 'Mixed';
  metro: Metro;
  share: number;
  components: ComponentSpec[];
  phase: string | null;
}

export interface CollateralResult {
  id: string;
  name: string;
  asset: PropertyAsset | 'Mixed';
  address: DemoAddress;
  noi: number;
  netIncome: number;
  value: number;
  capRate: number;
  totalUnits: number;
  totalSf: number;
  description: string;
  sizePhrase: string;
  yearBuilt: number | null;
  area: ZipArea;
}

export interface DealFacts {
  dealId: string;
  loanType: DemoLoanType;
  state: DemoState;
  preLeasing: boolean;
  leaseUp: boolean;
  completionDate: string;
  yearBuiltHint: number | null;
  createdDate: string;
  /** the date the deal's property data is as of: asOf, the payoff of a repaid loan, the decline of a rejected deal */
  dataDate: string;
  /** a renovation (value-add) deal: an older building */
  renovation: boolean;
  subStatus: string;
}

function yearBuiltFor(rng: Rng, asset: PropertyAsset | 'Mixed', renovation: boolean): number {
  if (renovation) return rng.int(1965, 2005);
  const era = rng.weighted(
    asset === 'Senior_Housing' || asset === 'Distribution_Warehouse' || asset === 'Self_Storage'
      ? ([[0, 1], [1, 3], [2, 4], [3, 4]] as const)
      : ([[0, 3], [1, 5], [2, 6], [3, 6]] as const),
  );
  const [lo, hi] = [
    [1965, 1984],
    [1985, 1999],
    [2000, 2014],
    [2015, 2024],
  ][era]!;
  return rng.int(lo!, hi!);
}

/** The collateral plan of a deal, and the median loan of its kind (the loan's size is drawn around it). */
export function planCollaterals(rng: Rng, assetType: DemoAssetType, metro: Metro): { specs: CollateralSpec[]; loanMedian: number } {
  const specs: CollateralSpec[] = [];
  let loanMedian: number;
  if (assetType === 'Portfolio') {
    const count = rng.chance(0.55) ? 2 : 3;
    const homogeneous = rng.chance(0.6);
    const first = rng.pick(PORTFOLIO_ASSETS);
    const assets = homogeneous ? Array.from({ length: count }, () => first) : rng.sample(PORTFOLIO_ASSETS, count);
    const weights = assets.map(() => rng.float(0.6, 1.4));
    const sumW = weights.reduce((a, b) => a + b, 0);
    const sameMetro = rng.chance(0.5);
    assets.forEach((a, k) => {
      specs.push({
        asset: a,
        metro: sameMetro || k === 0 ? metro : pickMetro(rng),
        share: weights[k]! / sumW,
        components: [{ asset: a, share: 1, label: null }],
        phase: null,
      });
    });
    loanMedian = 24_000_000;
  } else if (assetType === 'Mixed') {
    // Always at least two component types: residential or hotel over commercial space.
    const variant = rng.weighted([['resi-retail', 55], ['resi-office-retail', 20], ['hotel-retail', 15], ['resi-office', 10]] as const);
    let components: ComponentSpec[];
    if (variant === 'resi-retail') {
      const r = rng.float(0.68, 0.85);
      components = [
        { asset: 'Multi_Family_Apartments', share: r, label: 'Residential' },
        { asset: 'Retail', share: 1 - r, label: 'Retail' },
      ];
    } else if (variant === 'resi-office-retail') {
      const r = rng.float(0.55, 0.7);
      const o = rng.float(0.15, 0.25);
      components = [
        { asset: 'Multi_Family_Apartments', share: r, label: 'Residential' },
        { asset: 'Office', share: o, label: 'Office' },
        { asset: 'Retail', share: 1 - r - o, label: 'Retail' },
      ];
    } else if (variant === 'hotel-retail') {
      const h = rng.float(0.75, 0.9);
      components = [
        { asset: 'Hotel', share: h, label: 'Hotel' },
        { asset: 'Retail', share: 1 - h, label: 'Retail' },
      ];
    } else {
      const r = rng.float(0.6, 0.8);
      components = [
        { asset: 'Multi_Family_Apartments', share: r, label: 'Residential' },
        { asset: 'Office', share: 1 - r, label: 'Office' },
      ];
    }
    specs.push({ asset: 'Mixed', metro, share: 1, components, phase: null });
    loanMedian = 20_000_000;
  } else {
    const asset = assetType as PropertyAsset;
    const phased = asset !== 'Land' && asset !== 'Hotel' && rng.chance(0.03);
    const phases = phased ? ['Phase I', 'Phase II'] : [null];
    const first = rng.float(0.5, 0.65);
    phases.forEach((phase, k) => {
      specs.push({
        asset,
        metro,
        share: phased ? (k === 0 ? first : 1 - first) : 1,
        components: [{ asset, share: 1, label: null }],
        phase,
      });
    });
    loanMedian = ASSET_PROFILES[asset].loanMedian;
  }
  return { specs, loanMedian };
}

/** Size, sub-type and description of a collateral (the sub-type is drawn for some property types). */
function describeCollateral(rng: Rng, spec: CollateralSpec, parts: readonly ComponentPart[], area: ZipArea, yearBuilt: number | null) {
  const main = spec.components[0]!;
  const totalUnits = parts.reduce((s, p) => s + p.layout.totalUnits, 0);
  const totalSf = parts.reduce((s, p) => s + p.layout.totalSf, 0);
  const mainLayout = parts[0]!.layout;
  const sizePhrase =
    spec.asset === 'Mixed'
      ? `${thousands(totalSf)} SF`
      : mainLayout.profile.kind === 'Residential'
        ? `${totalUnits}-unit`
        : mainLayout.profile.kind === 'Hotel'
          ? `${totalUnits}-key`
          : `${thousands(totalSf)} SF`;
  const subType =
    spec.asset === 'Mixed'
      ? 'Mixed Use'
      : mainLayout.hotel
        ? mainLayout.hotel.fullService
          ? 'Full Service'
          : 'Limited Service'
        : main.asset === 'Office'
          ? area.kind === 'urban'
            ? 'CBD Office'
            : 'Suburban Office'
          : main.asset === 'Multi_Family_Apartments'
            ? area.kind === 'urban'
              ? totalUnits >= 200 && rng.chance(0.5)
                ? 'High-Rise'
                : 'Mid-Rise'
              : 'Garden'
            : ASSET_PROFILES[main.asset].subTypes.length > 0
              ? rng.pick(ASSET_PROFILES[main.asset].subTypes)
              : null;
  const built = yearBuilt === null ? '' : `; built ${yearBuilt}`;
  const description =
    spec.asset === 'Mixed'
      ? `Mixed-use property: ${parts.map((p) => `${p.spec.label ?? p.layout.profile.kind} (${p.layout.profile.kind === 'Commercial' ? `${thousands(p.layout.totalSf)} SF` : `${p.layout.totalUnits} ${p.layout.hotel ? 'keys' : 'units'}`})`).join(', ')}${built}.`
      : `${capitalize(collateralHead(subType, main.asset))}: ${
          mainLayout.profile.kind === 'Residential'
            ? `${totalUnits} units`
            : mainLayout.profile.kind === 'Hotel'
              ? `${totalUnits} keys`
              : `${thousands(totalSf)} SF in ${plural(mainLayout.units.length, suiteNoun(main.asset))}`
        }${built}.`;
  return { totalUnits, totalSf, sizePhrase, subType, description };
}

export function buildCollateral(ctx: DemoContext, rng: Rng, deal: DealFacts, spec: CollateralSpec, targetValue: number, position: number): CollateralResult {
  const { ids, out, addresses } = ctx;
  const collateralId = ids.next();
  const main = spec.components[0]!;
  const zipKinds = spec.asset === 'Mixed' ? (['urban'] as const) : ASSET_PROFILES[main.asset].zipKinds;
  const area = pickZip(rng, spec.metro, zipKinds);
  const address = addresses.take(rng, area);
  // Raw land has no building (its ground leases let the land alone).
  const yearBuilt = spec.asset === 'Land' ? null : (deal.yearBuiltHint ?? yearBuiltFor(rng, spec.asset, deal.renovation));
  const dataDate = deal.dataDate;
  const baseName = propertyName(rng, spec.asset, address.street);
  const name = spec.phase ? `${baseName} ${spec.phase}` : baseName;

  // Rent rolls: the latest month-end before the data date, sometimes the year-earlier roll as well.
  const rollMonthsBack = rng.weighted([[0, 6], [1, 3], [2, 1]] as const);
  const latestRollDate = addDays(startOfMonth(addMonths(dataDate, -rollMonthsBack)), -1);
  const parts = buildComponents(ctx, rng, deal, spec, targetValue, { collateralId, area, yearBuilt, name, latestRollDate });

  const merged = mergeProFormas(parts.map((p) => p.underwritten));
  const noi = merged.noi;
  // The collateral's market cap rate: the components' cap rates weighted by their NOI.
  const weightSum = parts.reduce((s, p) => s + Math.max(1, p.underwritten.noi), 0);
  const marketCapRate = roundTo(parts.reduce((s, p) => s + p.layout.capRate * Math.max(1, p.underwritten.noi), 0) / weightSum, 0.0005);
  const capRate = roundTo(
    clamp(marketCapRate + rng.weighted([[-0.0025, 1], [0, 5], [0.0025, 3], [0.005, 1]] as const), 0.04, 0.1),
    0.0005,
  );
  const value = noi / capRate;

  for (const p of parts) {
    out.salesComps.push(...buildSalesComps(p.ctx, p.layout, p.underwritten.noi, streetsOf(area.kind)));
  }

  addRevenueValuations(ctx, rng, deal, { collateralId, name, parts, merged, capRate, marketCapRate });
  addAppraisals(ctx, rng, deal, collateralId, value);
  const { totalUnits, totalSf, sizePhrase, subType, description } = describeCollateral(rng, spec, parts, area, yearBuilt);

  const { addressKey, ...addressColumns } = address;
  out.collaterals.push({
    id: collateralId,
    name,
    description,
    propertyType: spec.asset,
    subType,
    subStatus: deal.subStatus,
    yearBuilt,
    ...addressColumns,
    addressKey,
    migrationReference: null,
    marketCapRate,
    capRateLastModifiedTime: addDays(dataDate, -rng.int(3, 90)),
  });
  out.dealCollaterals.push({ dealId: deal.dealId, collateralId, position });

  return {
    id: collateralId,
    name,
    asset: spec.asset,
    address: addressColumns,
    noi,
    netIncome: noi - merged.belowTheLine,
    value,
    capRate,
    totalUnits,
    totalSf,
    description,
    sizePhrase,
    yearBuilt,
    area,
  };
}
