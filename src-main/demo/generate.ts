// The deterministic demo portfolio: a lender's book of deals with the whole graph behind each
// one (parties, collaterals, components, market research, rent rolls, cash flows, valuations,
// sources and uses). Pure: no I/O, no clock, no Math.random(); same seed, same data.

import { AssetType, DealState, LoanType } from '../contract';
import { annualDebtService, type LoanPaymentStructure, monthlyPayment, noteRate } from '../domain';
import type { BulkRow } from '../store';
import { ASSET_PROFILES, PORTFOLIO_ASSETS, type PropertyAsset } from './assets';
import { addDays, addMonths, monthsBetween, startOfMonth, timestamp, yearOf } from './calendar';
import { MarketResearch } from './market';
import {
  MIDDLE_INITIALS,
  RELATIONSHIP_MANAGERS,
  personName,
  placeWord,
  propertyName,
  sponsorCompanyName,
} from './names';
import { AddressAllocator, anyAddress, pickMetro, pickZip, streetsOf, type DemoAddress, type Metro, type ZipArea } from './places';
import {
  componentProForma,
  drawAssumptions,
  growthRates,
  mergeProFormas,
  project,
  type ComponentAssumptions,
  type ComponentProForma,
  type ProFormaLine,
} from './proforma';
import {
  buildLayout,
  buildRentRolls,
  buildSalesComps,
  type ComponentContext,
  type PropertyLayout,
  type RentRollPlan,
} from './property';
import { IdFactory, Rng, clamp, roundTo } from './random';

/** Every table the demo fills, as rows ready for drizzle's insert. */
export interface DemoPortfolio {
  users: BulkRow<'users'>[];
  loansPackages: BulkRow<'loansPackages'>[];
  people: BulkRow<'people'>[];
  companies: BulkRow<'companies'>[];
  deals: BulkRow<'deals'>[];
  dealPeople: BulkRow<'dealPeople'>[];
  dealCompanies: BulkRow<'dealCompanies'>[];
  files: BulkRow<'files'>[];
  collaterals: BulkRow<'collaterals'>[];
  dealCollaterals: BulkRow<'dealCollaterals'>[];
  components: BulkRow<'components'>[];
  marketData: BulkRow<'marketData'>[];
  salesComps: BulkRow<'salesComps'>[];
  livingUnits: BulkRow<'livingUnits'>[];
  rentRolls: BulkRow<'rentRolls'>[];
  rentRollItems: BulkRow<'rentRollItems'>[];
  revenueValuations: BulkRow<'revenueValuations'>[];
  cashFlowTransactions: BulkRow<'cashFlowTransactions'>[];
  alternativeValuations: BulkRow<'alternativeValuations'>[];
  fundsAnalyses: BulkRow<'fundsAnalyses'>[];
  fundSources: BulkRow<'fundSources'>[];
  fundUses: BulkRow<'fundUses'>[];
}

/** The tables in foreign-key order: insert in this order, delete in reverse. */
export const DEMO_TABLE_ORDER = [
  'users',
  'loansPackages',
  'people',
  'companies',
  'deals',
  'dealPeople',
  'dealCompanies',
  'files',
  'collaterals',
  'dealCollaterals',
  'components',
  'marketData',
  'salesComps',
  'livingUnits',
  'rentRolls',
  'rentRollItems',
  'revenueValuations',
  'cashFlowTransactions',
  'alternativeValuations',
  'fundsAnalyses',
  'fundSources',
  'fundUses',
] as const satisfies readonly (keyof DemoPortfolio)[];

export interface DemoPortfolioOptions {
  seed?: number;
  deals?: number;
  /** YYYY-MM-DD: the date the book is as of (rent rolls, loan ages, market data) */
  asOf?: string;
  /** extra platform users (e-mail ids) who own deals too */
  ownerIds?: readonly string[];
  /**
   * Mixed into every record id, and into nothing else: the same seed gives the same names and
   * figures whatever the salt, under ids of that salt. seedDemoPortfolio passes the store's
   * identity, so that two data directories never share a demo id.
   */
  idSalt?: string;
}

export const DEMO_DEFAULTS = { seed: 20261121, deals: 200, asOf: '2026-11-01' } as const;

// The contract's enumerations, in the order the generator has always drawn them (the order
// decides which deal gets which value for a seed, so it is kept: Unknown last).
export type DemoLoanType = LoanType;
export const DEMO_LOAN_TYPES: readonly DemoLoanType[] = [...LoanType.options.filter((t) => t !== 'Unknown'), 'Unknown'];

/** Every asset type of the contract's enumeration except None. */
export type DemoAssetType = Exclude<AssetType, 'None'>;
export const DEMO_ASSET_TYPES: readonly DemoAssetType[] = AssetType.options.filter((t): t is DemoAssetType => t !== 'None');

/** Every deal state, in the order a deal goes through them. */
export type DemoState = DealState;
export const DEMO_STATES = ['NewDeal', 'Prep', 'Originated', 'Completed', 'Rejected'] as const satisfies readonly DealState[];

/**
 * The Status values the demo uses, by State. The same sets as the shipped system configuration
 * (resources/system-config.json, statusesByState); a test keeps the two in step.
 */
export const DEMO_STATUS_BY_STATE: Readonly<Record<DemoState, readonly string[]>> = {
  NewDeal: ['Screening', 'Term Sheet', 'Application'],
  Prep: ['Underwriting', 'Credit Memo', 'Committee'],
  Originated: ['Closed', 'Funded', 'Servicing'],
  Completed: ['Paid Off', 'Sold'],
  Rejected: ['Declined', 'Withdrawn', 'Lost to Competitor'],
};

/** Deal scoring profiles used (system configuration: profileNames). */
export const DEMO_PROFILE_NAMES = ['Standard CRE', 'Construction', 'Bridge Lending', 'Agency Multifamily', 'Hospitality'] as const;
/** Value bases of the alternative valuations (system configuration: valueBases). */
export const DEMO_VALUE_BASES = ['As Is', 'As Stabilized', 'As Complete'] as const;
/** Collateral sub-statuses (system configuration: collateralSubStatuses). */
export const DEMO_SUB_STATUSES = ['Active', 'Pending', 'Released'] as const;
/** Collateral sub-types used (system configuration: collateralSubTypes). */
export const DEMO_COLLATERAL_SUB_TYPES = [
  ...new Set([...Object.values(ASSET_PROFILES).flatMap((p) => p.subTypes), 'Mixed Use']),
] as readonly string[];

export const DEMO_USERS: readonly { id: string; name: string }[] = [
  { id: 'jane.doe@demo-lender.com', name: 'Jane Doe' },
  { id: 'michael.chen@demo-lender.com', name: 'Michael Chen' },
  { id: 'sofia.ramirez@demo-lender.com', name: 'Sofia Ramirez' },
  { id: 'david.okafor@demo-lender.com', name: 'David Okafor' },
  { id: 'emily.schmidt@demo-lender.com', name: 'Emily Schmidt' },
  { id: 'raj.patel@demo-lender.com', name: 'Raj Patel' },
  { id: 'olivia.brennan@demo-lender.com', name: 'Olivia Brennan' },
  { id: 'marcus.hill@demo-lender.com', name: 'Marcus Hill' },
];

/** Most originators carry a similar book; two senior ones carry more. */
const OWNER_WEIGHTS = [3, 2, 1.5, 1.5, 1, 1, 1, 0.8];

const LOANS_PACKAGES = ['Q1 2026 Whole Loan Sale', 'Warehouse Facility A', 'CRE CLO 2026-FL1', 'Participation Pool 2025'];

const ASSET_WEIGHTS: readonly (readonly [DemoAssetType, number])[] = [
  ['Multi_Family_Apartments', 24],
  ['Office', 9],
  ['Retail', 10],
  ['Industrial', 9],
  ['Hotel', 7],
  ['Self_Storage', 6],
  ['Mixed', 8],
  ['Senior_Housing', 4],
  ['Distribution_Warehouse', 5],
  ['Flex_Office', 4],
  ['Special_Purpose', 3],
  ['Land', 3],
  ['Portfolio', 6],
];

const LOAN_WEIGHTS: readonly (readonly [DemoLoanType, number])[] = [
  ['Acquisition', 22],
  ['Refinance', 21],
  ['Permanent', 14],
  ['Bridge', 13],
  ['Construction', 9],
  ['Acquisition_Construction', 6],
  ['Refinance_Construction', 4],
  ['Stabilization', 9],
  ['Unknown', 0.5],
];

const STATE_WEIGHTS: readonly (readonly [DemoState, number])[] = [
  ['Originated', 42],
  ['NewDeal', 15],
  ['Prep', 18],
  ['Completed', 12],
  ['Rejected', 13],
];

const PRIORITIES = ['Low', 'Medium', 'High'] as const;
const PRIORITY_WEIGHTS: readonly (readonly [(typeof PRIORITIES)[number], number])[] = [
  ['Low', 25],
  ['Medium', 50],
  ['High', 25],
];

const CONSTRUCTION_TYPES: ReadonlySet<DemoLoanType> = new Set(['Construction', 'Acquisition_Construction', 'Refinance_Construction']);

function loanTypeFits(asset: DemoAssetType, loanType: DemoLoanType): boolean {
  // Raw land is bought, refinanced or bridged; a portfolio of stabilized assets is not built.
  if (asset === 'Land') return ['Acquisition', 'Refinance', 'Bridge', 'Unknown'].includes(loanType);
  if (asset === 'Portfolio') return !CONSTRUCTION_TYPES.has(loanType);
  return true;
}

/** Index rates as of the book's date, decimals. */
const INDEX_RATES: Record<string, number> = {
  SOFR: 0.043,
  M_SOFR_TERM_1: 0.0432,
  AVG_1M_SOFR: 0.0429,
  DAY_SOFR_90: 0.0428,
  DAY_SOFR_180: 0.0425,
  AMERIBOR_Term_30: 0.0445,
  TREAS_5_YR: 0.0405,
  TREAS_10_YR: 0.0425,
  SWAP_5_YR: 0.038,
  SWAP_10_YR: 0.0395,
  FHLB_5_YR: 0.044,
  FHLB_7_YR: 0.0455,
};
const FLOATING_INDEXES: readonly (readonly [string, number])[] = [
  ['M_SOFR_TERM_1', 55],
  ['SOFR', 15],
  ['AVG_1M_SOFR', 10],
  ['DAY_SOFR_90', 8],
  ['DAY_SOFR_180', 4],
  ['AMERIBOR_Term_30', 2],
];
const TERM_INDEXES: readonly (readonly [string, number])[] = [
  ['TREAS_5_YR', 35],
  ['TREAS_10_YR', 25],
  ['SWAP_5_YR', 15],
  ['SWAP_10_YR', 10],
  ['FHLB_5_YR', 10],
  ['FHLB_7_YR', 5],
];

const ASSET_PHRASES: Record<PropertyAsset, string> = {
  Multi_Family_Apartments: 'apartment community',
  Senior_Housing: 'senior housing community',
  Office: 'office building',
  Flex_Office: 'flex office park',
  Retail: 'shopping center',
  Industrial: 'industrial building',
  Distribution_Warehouse: 'distribution warehouse',
  Self_Storage: 'self-storage facility',
  Land: 'ground-leased land parcel',
  Special_Purpose: 'special-purpose property',
  Hotel: 'hotel',
};
const ASSET_LABELS: Record<PropertyAsset, string> = {
  Multi_Family_Apartments: 'Multifamily',
  Senior_Housing: 'Senior Housing',
  Office: 'Office',
  Flex_Office: 'Flex',
  Retail: 'Retail',
  Industrial: 'Industrial',
  Distribution_Warehouse: 'Logistics',
  Self_Storage: 'Self Storage',
  Land: 'Land',
  Special_Purpose: 'Special Purpose',
  Hotel: 'Hospitality',
};
const LOAN_PHRASES: Record<DemoLoanType, string> = {
  Acquisition: 'Acquisition financing for',
  Acquisition_Construction: 'Acquisition and renovation financing for',
  Refinance: 'Refinance of',
  Refinance_Construction: 'Refinance and renovation financing for',
  Construction: 'Ground-up construction financing for',
  Stabilization: 'Lease-up (stabilization) loan on',
  Bridge: 'Bridge loan on',
  Permanent: 'Permanent loan on',
  Unknown: 'Financing request for',
};

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
} as const;

/** "a" or "an" before a phrase such as "80-key" or "11,500 SF" (read as eighty, eleven thousand). */
function article(phrase: string): 'a' | 'an' {
  const lead = /^[\d,]+/.exec(phrase)?.[0];
  if (lead) {
    const group = lead.split(',')[0]!;
    return group.startsWith('8') || group === '11' || group === '18' ? 'an' : 'a';
  }
  return /^[aeiou]/i.test(phrase) ? 'an' : 'a';
}

/** "Garden apartment community", "CBD office building", "Full-service hotel", ... */
function collateralHead(subType: string | null, asset: PropertyAsset): string {
  switch (subType) {
    case null:
      return ASSET_PHRASES[asset];
    case 'CBD Office':
      return 'CBD office building';
    case 'Suburban Office':
      return 'suburban office building';
    case 'Neighborhood Center':
      return 'neighborhood shopping center';
    case 'Strip Center':
      return 'strip shopping center';
    case 'Warehouse':
      return asset === 'Distribution_Warehouse' ? 'distribution warehouse' : 'industrial warehouse';
    case 'Flex':
      return asset === 'Flex_Office' ? 'flex office park' : 'industrial flex building';
    case 'Full Service':
      return 'full-service hotel';
    case 'Limited Service':
      return 'limited-service hotel';
    case 'Climate Controlled':
      return 'climate-controlled self-storage facility';
    case 'Assisted Living':
      return 'assisted living community';
    case 'Raw Land':
      return 'ground-leased land parcel';
    default:
      return `${subType.toLowerCase()} ${ASSET_PHRASES[asset]}`;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function plural(n: number, noun: readonly [string, string]): string {
  return `${n} ${n === 1 ? noun[0] : noun[1]}`;
}

function suiteNoun(asset: PropertyAsset): readonly [string, string] {
  if (asset === 'Self_Storage') return ['building', 'buildings'];
  if (asset === 'Land') return ['pad', 'pads'];
  return ['suite', 'suites'];
}

function thousands(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Draws values from a list until each has come out once, then by weight. */
class Coverage<T> {
  private readonly pending: T[];
  constructor(all: readonly T[]) {
    this.pending = [...all];
  }
  /** The first pending value that `fits`, removed from the pending list; else undefined. */
  take(fits: (value: T) => boolean = () => true): T | undefined {
    const index = this.pending.findIndex(fits);
    if (index < 0) return undefined;
    return this.pending.splice(index, 1)[0];
  }
  drop(value: T): void {
    const index = this.pending.indexOf(value);
    if (index >= 0) this.pending.splice(index, 1);
  }
}

interface ComponentSpec {
  asset: PropertyAsset;
  /** share of the collateral's value */
  share: number;
  /** revenue-line label inside a mixed-use collateral */
  label: string | null;
}

interface CollateralSpec {
  asset: PropertyAsset | 'Mixed';
  metro: Metro;
  share: number;
  components: ComponentSpec[];
  phase: string | null;
}

interface CollateralResult {
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

interface PersonState {
  id: string;
  contactId: string;
  areaCode: string;
}

export function generateDemoPortfolio(options: DemoPortfolioOptions = {}): DemoPortfolio {
  const seed = (options.seed ?? DEMO_DEFAULTS.seed) >>> 0;
  const dealCount = Math.max(0, Math.trunc(options.deals ?? DEMO_DEFAULTS.deals));
  const asOf = options.asOf ?? DEMO_DEFAULTS.asOf;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error(`asOf must be YYYY-MM-DD, got ${asOf}`);

  const ids = new IdFactory(seed, options.idSalt);
  const root = new Rng(seed, 'demo-portfolio');
  const research = new MarketResearch(seed, asOf);
  const addresses = new AddressAllocator();
  const out: DemoPortfolio = {
    users: [],
    loansPackages: [],
    people: [],
    companies: [],
    deals: [],
    dealPeople: [],
    dealCompanies: [],
    files: [],
    collaterals: [],
    dealCollaterals: [],
    components: [],
    marketData: [],
    salesComps: [],
    livingUnits: [],
    rentRolls: [],
    rentRollItems: [],
    revenueValuations: [],
    cashFlowTransactions: [],
    alternativeValuations: [],
    fundsAnalyses: [],
    fundSources: [],
    fundUses: [],
  };

  // --- users and loans packages -----------------------------------------------------------
  const owners: (readonly [string, number])[] = [];
  DEMO_USERS.forEach((u, i) => {
    out.users.push({ id: u.id, name: u.name });
    owners.push([u.id, OWNER_WEIGHTS[i] ?? 1]);
  });
  for (const id of options.ownerIds ?? []) {
    if (out.users.some((u) => u.id === id)) continue;
    const local = id.split('@')[0] ?? id;
    const name = local
      .split(/[._-]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
    out.users.push({ id, name: name || id });
    owners.push([id, 1.5]);
  }
  const packages = LOANS_PACKAGES.map((name) => ({ id: ids.next(), name }));
  out.loansPackages.push(...packages);

  // --- parties: pools shared across deals, created when first used --------------------------
  const peoplePoolSize = Math.max(10, Math.ceil(dealCount * 0.55));
  const sponsorPoolSize = Math.max(6, Math.ceil(dealCount * 0.3));
  const people = new Map<number, PersonState>();
  const sponsors = new Map<number, string>();
  const usedEmails = new Set<string>();
  const partyRng = root.fork('parties');

  const ssn = (rng: Rng) =>
    `9${String(rng.int(0, 99)).padStart(2, '0')}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9_999)).padStart(4, '0')}`;
  const phone = (rng: Rng, areaCode: string) => `(${areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
  const ein = (rng: Rng) => `9${rng.int(0, 9)}-${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;

  function personFor(index: number, metro: Metro, loan: number): PersonState {
    let p = people.get(index);
    if (p) return p;
    const rng = partyRng;
    const id = ids.next();
    const contactId = `CT-${String(people.size + 1).padStart(6, '0')}`;
    const { firstName, lastName } = personName(rng);
    const netWorth = roundTo(Math.max(rng.logNormal(25_000_000, 0.8), loan * rng.float(1, 2.5)), 10_000);
    const liquidity = roundTo(Math.max(netWorth * rng.float(0.06, 0.2), loan * rng.float(0.1, 0.15)), 1_000);
    const dscr = roundTo(rng.float(1.2, 2.8), 0.01);
    const debtService = netWorth * rng.float(0.01, 0.04);
    const home = anyAddress(rng, pickZip(rng, metro, ['suburban', 'urban']));
    let email = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';
    for (let n = 2; usedEmails.has(email); n++) email = `${firstName}.${lastName}${n}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@example.com';
    usedEmails.add(email);
    out.people.push({
      id,
      contactId,
      firstName,
      middleName: rng.chance(0.5) ? rng.pick(MIDDLE_INITIALS) : null,
      lastName,
      socialSecurityNumber: ssn(rng),
      description: rng.pick(['Managing principal and guarantor', 'Key principal', 'Co-sponsor and guarantor', 'Limited partner', 'Principal and loan guarantor']),
      primaryPhoneNumber: phone(rng, metro.areaCode),
      primaryEmail: email,
      image: null,
      ...home,
      personalNetWorth: netWorth,
      personalLiquidity: liquidity,
      personalDSCR: dscr,
      personalCashFlowAfterDebtService: roundTo(debtService * (dscr - 1), 100),
      personDebtRatio: roundTo(rng.float(0.15, 0.6), 0.01),
    });
    p = { id, contactId, areaCode: metro.areaCode };
    people.set(index, p);
    return p;
  }

  function sponsorFor(index: number, metro: Metro, principal: PersonState, loan: number): string {
    let id = sponsors.get(index);
    if (id) return id;
    const rng = partyRng;
    id = ids.next();
    const name = sponsorCompanyName(rng);
    const debtService = roundTo(Math.max(loan * 0.5, rng.logNormal(6_000_000, 0.8)), 1_000);
    const dscr = roundTo(rng.float(1.2, 2.2), 0.01);
    const assets = roundTo(debtService * rng.float(12, 25), 10_000);
    const office = anyAddress(rng, pickZip(rng, metro, ['urban', 'suburban']), `Suite ${rng.int(2, 30)}00`);
    out.companies.push({
      id,
      name,
      description: rng.pick([
        'Vertically integrated owner-operator',
        'Private real estate investment firm',
        'Regional developer and sponsor',
        'Family office real estate platform',
        'Value-add fund manager',
      ]),
      logo: null,
      ...office,
      primaryEmail: `info@${slug(name)}.example.com`,
      primaryPhoneNumber: phone(rng, metro.areaCode),
      companyDebtService: debtService,
      companyCashFlowAfterDebtService: roundTo(debtService * (dscr - 1), 1_000),
      companyDSCR: dscr,
      companyAssetSubtotal: assets,
      companyLiabilitySubtotal: roundTo(assets * rng.float(0.35, 0.7), 10_000),
      companyLiquidity: roundTo(assets * rng.float(0.03, 0.12), 10_000),
      contactId: principal.contactId,
      riskRating: String(rng.weighted([[1, 1], [2, 3], [3, 5], [4, 5], [5, 3], [6, 1]] as const)),
      ein: ein(rng),
    });
    sponsors.set(index, id);
    return id;
  }

  // --- one collateral ----------------------------------------------------------------------
  interface DealFacts {
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

  function addFile(rng: Rng, dealId: string, name: string, kind: keyof typeof CONTENT_TYPES, size: readonly [number, number], date: string): string {
    const id = ids.next();
    out.files.push({
      id,
      dealId,
      name,
      contentType: CONTENT_TYPES[kind],
      size: rng.int(size[0], size[1]),
      createdAt: timestamp(date, rng.int(8, 18), rng.int(0, 59)),
      updatedAt: timestamp(date, 19, 0),
    });
    return id;
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

  function buildCollateral(rng: Rng, deal: DealFacts, spec: CollateralSpec, targetValue: number, position: number): CollateralResult {
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

    const parts: {
      spec: ComponentSpec;
      id: string;
      layout: PropertyLayout;
      assumptions: ComponentAssumptions;
      underwritten: ComponentProForma;
      market: ComponentProForma;
      ctx: ComponentContext;
    }[] = [];
    spec.components.forEach((c, index) => {
      const componentId = ids.next();
      const ctx: ComponentContext = {
        rng,
        ids,
        asOf: dataDate,
        metro: spec.metro,
        yearBuilt: yearBuilt ?? yearOf(dataDate) - 30,
        preLeasing: deal.preLeasing,
        leaseUp: deal.leaseUp,
        completionDate: deal.completionDate,
        targetValue: targetValue * c.share,
      };
      const layout = buildLayout(ctx, c.asset, componentId);
      const profile = layout.profile;
      // Rent rolls (none for hotels).
      let rrVacancy = 0;
      let selectedRentRollId: string | null = null;
      if (profile.kind !== 'Hotel') {
        const plans: RentRollPlan[] = [];
        // A building still under construction has no rent roll from a year ago.
        const count = !deal.preLeasing && rng.chance(profile.kind === 'Residential' ? 0.2 : 0.3) ? 2 : 1;
        for (let k = 0; k < count; k++) {
          const effectiveDate = k === 0 ? latestRollDate : addDays(startOfMonth(addMonths(latestRollDate, -11)), -1);
          const rollId = ids.next();
          const fileId = addFile(
            rng,
            deal.dealId,
            `rent-roll-${slug(name)}${spec.components.length > 1 ? `-${slug(c.label ?? profile.kind)}` : ''}-${effectiveDate.slice(0, 7)}.xlsx`,
            'xlsx',
            [35_000, 420_000],
            effectiveDate > deal.createdDate ? effectiveDate : deal.createdDate,
          );
          plans.push({
            rollId,
            effectiveDate,
            name: deal.preLeasing && k === 0 ? `Pre-Leasing ${effectiveDate.slice(0, 7)}` : `Rent Roll ${effectiveDate.slice(0, 7)}`,
            fileId,
            position: k,
            rentLevel: k === 0 ? 1 : 1 / (1 + rng.float(0.015, 0.045)),
          });
        }
        const rr = buildRentRolls(ctx, layout, plans);
        out.rentRolls.push(...rr.rolls);
        out.rentRollItems.push(...rr.items);
        rrVacancy = rr.physicalVacancy;
        selectedRentRollId = plans[0]!.rollId;
      }
      const assumptions = drawAssumptions(rng, layout, spec.metro, area.kind === 'urban');
      const useRr = !deal.preLeasing;
      const underwritten = componentProForma(layout, assumptions, 'underwritten', rrVacancy, useRr, spec.components.length > 1 ? c.label : null);
      const market = componentProForma(layout, assumptions, 'market', rrVacancy, false, spec.components.length > 1 ? c.label : null);
      out.components.push({
        id: componentId,
        collateralId,
        componentType: profile.kind,
        assetType: c.asset,
        position: index,
        leaseToPreLeaseRatio: layout.leaseToPreLeaseRatio,
        marketVacancy: layout.marketVacancy,
        saleValueComputationType: profile.kind === 'Commercial' ? 'BySf' : 'ByUnit',
        selectedRentRollId,
        hotelTotalSf: layout.hotel?.totalSf ?? 0,
        hotelTotalRooms: layout.hotel?.rooms ?? 0,
        hotelAverageDailyRate: layout.hotel?.adr ?? 0,
        hotelOccupancy: layout.hotel?.occupancy ?? 0,
        hotelOtherRevenueRatio: layout.hotel?.otherRevenueRatio ?? 0,
      });
      out.livingUnits.push(...layout.units);
      const docs = research.documentsFor(area, profile, rng);
      out.marketData.push({
        componentId,
        trendSummary: docs.trendSummary,
        summary: docs.summary,
        mainMarket: docs.mainMarket,
        subMarket: docs.subMarket,
        forecast: docs.forecast,
      });
      parts.push({ spec: c, id: componentId, layout, assumptions, underwritten, market, ctx });
    });

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

    // Revenue valuations: the underwriter's (main) and, for some, one at market rents.
    const years = 10;
    const startDate = startOfMonth(dataDate);
    const endDate = addDays(addMonths(startDate, 12 * years), -1);
    const t12 = addFile(rng, deal.dealId, `t12-operating-statement-${slug(name)}.xlsx`, 'xlsx', [40_000, 260_000], deal.createdDate);
    const revenueGrowth = growthRates(rng, rng.float(0.02, 0.035), rng.float(0.025, 0.03));
    const expenseGrowth = growthRates(rng, rng.float(0.028, 0.035), rng.float(0.025, 0.03));
    const discountRate = roundTo(clamp(capRate + rng.float(0.015, 0.03), 0.07, 0.1), 0.0025);
    const allHotel = parts.every((p) => p.layout.profile.kind === 'Hotel');
    const valuations: { isMain: boolean; isMarket: boolean; lines: ProFormaLine[]; capRate: number; name: string }[] = [
      {
        isMain: true,
        isMarket: false,
        lines: merged.lines,
        capRate,
        name: deal.preLeasing ? 'Stabilized Pro Forma' : `Underwritten ${yearOf(dataDate)}`,
      },
    ];
    if (!allHotel && rng.chance(0.3)) {
      valuations.push({ isMain: false, isMarket: true, lines: mergeProFormas(parts.map((p) => p.market)).lines, capRate: marketCapRate, name: 'Market' });
    }
    const vacancyRates = parts.map((p) => p.underwritten.vacancyRate);
    const maxVacancy = Math.max(...vacancyRates);
    for (const v of valuations) {
      const valuationId = ids.next();
      out.revenueValuations.push({
        id: valuationId,
        collateralId,
        isMain: v.isMain,
        isMarket: v.isMarket,
        name: v.name,
        capRate: v.capRate,
        expensesSourceId: null,
        userValuationType: null,
        comment: v.isMarket
          ? 'Comparable rents and market vacancy; expenses as underwritten.'
          : `Vacancy underwritten at ${(maxVacancy * 100).toFixed(1)}%; expenses at ${((merged.operatingExpenses / Math.max(1, merged.egi)) * 100).toFixed(1)}% of EGI; cap rate ${(capRate * 100).toFixed(2)}% against a market rate of ${(marketCapRate * 100).toFixed(2)}%.`,
        parentId: null,
        descriptor: v.isMarket ? 'Market' : deal.preLeasing ? 'Stabilized' : 'In-Place',
        startDate,
        endDate,
        revenueSource: 'Market',
        capRateSource: 'Market',
        vacancySource: 'Market',
        archive: false,
        cashFlowFileId: v.isMain ? t12 : null,
        cashFlowComment: v.isMain ? 'Trailing-12 operating statement normalized for underwriting.' : null,
        years,
        discountRate,
        exitCapRate: roundTo(v.capRate + rng.float(0.0025, 0.005), 0.0005),
        sellingCosts: 0.02,
        revenueGrowth,
        expenseGrowth,
      });
      v.lines.forEach((line, position) => {
        out.cashFlowTransactions.push({
          id: ids.next(),
          valuationId,
          position,
          section: line.section,
          groupName: line.group,
          description: line.description,
          comment: line.comment,
          measureType: 'Unspecified',
          amount: line.amount,
          annualizedByYear: project(line.amount, line.grows === 'revenue' ? revenueGrowth : expenseGrowth, years),
        });
      });
    }

    // Alternative valuation: the appraisal, within a few percent of the income approach.
    const valueBasis = deal.loanType === 'Construction' || deal.preLeasing
      ? 'As Complete'
      : deal.loanType === 'Bridge' || deal.loanType === 'Stabilization' || deal.loanType === 'Acquisition_Construction' || deal.loanType === 'Refinance_Construction'
        ? 'As Stabilized'
        : 'As Is';
    const orderedAppraisal = addDays(deal.createdDate, rng.int(10, 45));
    const appraisalDate = orderedAppraisal > dataDate ? addDays(dataDate, -rng.int(5, 30)) : orderedAppraisal;
    out.alternativeValuations.push({
      id: ids.next(),
      collateralId,
      isMain: true,
      name: `Appraisal ${yearOf(appraisalDate)}`,
      description: `${valueBasis} market value by an independent MAI appraiser.`,
      parentId: null,
      descriptor: valueBasis,
      valueBasis,
      valuation: roundTo(value * rng.float(0.92, 1.08), value > 10_000_000 ? 100_000 : 50_000),
      asOfDate: appraisalDate,
    });
    // A broker's opinion of an existing, income-producing property (not of a construction site).
    if (deal.loanType !== 'Construction' && rng.chance(0.15)) {
      out.alternativeValuations.push({
        id: ids.next(),
        collateralId,
        isMain: false,
        name: 'Broker Opinion of Value',
        description: 'Broker opinion provided by the sponsor.',
        parentId: null,
        descriptor: 'As Is',
        valueBasis: 'As Is',
        valuation: roundTo(value * rng.float(1, 1.12), 100_000),
        asOfDate: addDays(appraisalDate, -rng.int(20, 120)),
      });
    }

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

  // --- the deals ---------------------------------------------------------------------------
  const assetCoverage = new Coverage<DemoAssetType>(DEMO_ASSET_TYPES);
  const loanCoverage = new Coverage<DemoLoanType>(DEMO_LOAN_TYPES);
  const stateCoverage = new Coverage<DemoState>(DEMO_STATES);
  const priorityCoverage = new Coverage<(typeof PRIORITIES)[number]>(PRIORITIES);

  for (let i = 0; i < dealCount; i++) {
    const rng = root.fork(i);
    const dealId = ids.next();

    const assetType = assetCoverage.take() ?? rng.weighted(ASSET_WEIGHTS);
    let loanType =
      loanCoverage.take((t) => loanTypeFits(assetType, t)) ??
      rng.weighted(LOAN_WEIGHTS.filter(([t]) => loanTypeFits(assetType, t)));
    if (loanType === 'Unknown' && i >= DEMO_LOAN_TYPES.length && rng.chance(0.5)) loanType = 'Acquisition';
    let state: DemoState;
    if (loanType === 'Unknown') {
      // A request nobody has classified yet is still being screened.
      state = 'NewDeal';
      stateCoverage.drop('NewDeal');
    } else {
      state = stateCoverage.take() ?? rng.weighted(STATE_WEIGHTS);
    }
    const priority = priorityCoverage.take() ?? rng.weighted(PRIORITY_WEIGHTS);
    const ownerId = rng.weighted(owners);
    const metro = pickMetro(rng);
    const pipeline = state === 'NewDeal' || state === 'Prep' || state === 'Rejected';
    const construction = CONSTRUCTION_TYPES.has(loanType);

    // Loan terms first (their constant sizes the loan), dates next.
    const fixed = !construction && loanType !== 'Bridge' && loanType !== 'Stabilization' && loanType !== 'Unknown' &&
      rng.chance(loanType === 'Permanent' ? 0.7 : loanType === 'Refinance' ? 0.45 : 0.35);
    const termIndexed = !fixed && loanType === 'Permanent';
    let rateIndex: string;
    let indexRate: number;
    let rateSpread: number;
    let interestRateFloor = 0;
    if (fixed) {
      rateIndex = 'Fixed';
      indexRate = 0;
      rateSpread = roundTo(INDEX_RATES.TREAS_10_YR! + rng.float(0.0135, 0.0275), 0.00125);
    } else if (termIndexed) {
      rateIndex = rng.weighted(TERM_INDEXES);
      indexRate = INDEX_RATES[rateIndex]!;
      rateSpread = roundTo(rng.float(0.015, 0.025), 0.0005);
    } else {
      rateIndex = rng.weighted(FLOATING_INDEXES);
      indexRate = INDEX_RATES[rateIndex]!;
      const [lo, hi] = construction || loanType === 'Bridge' ? [0.03, 0.045] : loanType === 'Stabilization' ? [0.025, 0.0375] : [0.015, 0.035];
      rateSpread = roundTo(rng.float(lo, hi), 0.0005);
      const floorIndex = rng.weighted([[0, 1], [0.025, 2], [0.03, 3], [0.035, 3], [0.04, 2], [0.045, 1]] as const);
      interestRateFloor = floorIndex === 0 ? 0 : roundTo(rateSpread + floorIndex, 0.0005);
    }
    const interestRate = noteRate({ isFixed: fixed, indexRate, rateSpread, interestRateFloor });
    const shortTerm = construction || loanType === 'Bridge' || loanType === 'Stabilization';
    const loanTerm = shortTerm
      ? rng.weighted(construction ? ([[24, 3], [30, 2], [36, 4], [48, 1]] as const) : ([[24, 4], [36, 5], [48, 1]] as const))
      : loanType === 'Unknown'
        ? 60
        : rng.weighted([[36, 1], [60, 5], [84, 3], [120, 4]] as const);
    const amortizing =
      !shortTerm &&
      loanType !== 'Unknown' &&
      rng.chance(loanType === 'Permanent' ? 0.85 : loanType === 'Refinance' ? 0.7 : 0.6);
    const loanPaymentStructure: LoanPaymentStructure = amortizing || (loanType === 'Stabilization' && rng.chance(0.2)) ? 'P_I_Amortization' : 'InterestOnly';
    const amortizationTerm =
      loanPaymentStructure === 'P_I_Amortization' ? (assetType === 'Hotel' || rng.chance(0.3) ? 300 : 360) : 0;
    const extensionTerm = shortTerm ? rng.weighted([[12, 6], [6, 3], [0, 2]] as const) : 0;
    const perDollarDebtService = annualDebtService({
      loanAmount: 1,
      annualRate: interestRate,
      loanPaymentStructure,
      amortizationTerm,
      debtServiceMethod: 'Calculated',
      userDebtService: 0,
    });

    // Dates.
    let originationDate: string | null = null;
    let payoffDate: string | null = null;
    let closingDate: string | null = null;
    let createdDate: string;
    if (state === 'Originated') {
      const elapsed = rng.int(1, Math.min(loanTerm - 1, 60));
      originationDate = addDays(addMonths(asOf, -elapsed), -rng.int(0, 27));
      closingDate = originationDate;
      createdDate = addDays(originationDate, -rng.int(30, 120));
    } else if (state === 'Completed') {
      payoffDate = addDays(addMonths(asOf, -rng.int(1, 36)), -rng.int(0, 27));
      const held = construction ? loanTerm : rng.int(Math.min(12, loanTerm), loanTerm);
      originationDate = addMonths(payoffDate, -held);
      closingDate = originationDate;
      createdDate = addDays(originationDate, -rng.int(30, 120));
    } else if (state === 'Rejected') {
      createdDate = addDays(asOf, -rng.int(20, 365));
    } else {
      createdDate = addDays(asOf, -rng.int(1, state === 'Prep' ? 150 : 60));
      if (state === 'Prep') closingDate = addDays(asOf, rng.int(15, 90));
    }
    const preLeasing = loanType === 'Construction' && state !== 'Completed';
    const completionDate = preLeasing
      ? (() => {
          const planned = addMonths(originationDate ?? asOf, rng.int(14, 24));
          const soonest = addMonths(asOf, 2);
          return planned > soonest ? planned : addDays(soonest, rng.int(0, 60));
        })()
      : asOf;
    const yearBuiltHint =
      loanType === 'Construction'
        ? yearOf(preLeasing ? completionDate : addMonths(originationDate ?? asOf, 18))
        : null;
    const leaseUp = loanType === 'Bridge' || loanType === 'Stabilization' || loanType === 'Acquisition_Construction';
    // A rejected deal's file stopped when it was declined; a repaid loan's at the payoff.
    const dataDate =
      state === 'Completed' ? payoffDate! : state === 'Rejected' ? minDate(asOf, addDays(createdDate, rng.int(10, 60))) : asOf;
    const facts: DealFacts = {
      dealId,
      dataDate,
      renovation: loanType === 'Acquisition_Construction' || loanType === 'Refinance_Construction',
      loanType,
      state,
      preLeasing,
      leaseUp: leaseUp && !preLeasing,
      completionDate,
      yearBuiltHint,
      createdDate,
      subStatus: state === 'Completed' ? 'Released' : pipeline ? 'Pending' : 'Active',
    };

    // Target size: a log-normal loan amount, a target leverage, hence a target value.
    const rejected = state === 'Rejected';
    const ltvCap = rejected ? rng.float(0.72, 0.85) : construction ? rng.float(0.55, 0.68) : rng.float(0.5, 0.75);
    const watchList = state === 'Originated' && rng.chance(0.06);
    const minDscr = rejected ? rng.float(0.95, 1.15) : watchList ? rng.float(1.0, 1.12) : rng.float(1.2, 1.4);

    // Collateral plan.
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
    const targetLoan = clamp(rng.logNormal(loanMedian, 0.7), 2_500_000, 75_000_000);
    const targetValue = targetLoan / ((ltvCap + 0.65) / 2);

    // Collaterals, each with its own cash flow.
    const collateralResults = specs.map((spec, position) => buildCollateral(rng, facts, spec, targetValue * spec.share, position));
    const noi = collateralResults.reduce((s, c) => s + c.noi, 0);
    const value = collateralResults.reduce((s, c) => s + c.value, 0);

    // Size the loan: the lesser of leverage and coverage, within the book's limits.
    let byLeverage = ltvCap * value;
    const byCoverage = noi / (minDscr * perDollarDebtService);
    if (!rejected && byCoverage > byLeverage * 1.45) {
      // Coverage to spare (a high cap rate against a low coupon): the borrower takes the proceeds
      // policy allows.
      byLeverage = Math.max(ltvCap, construction ? rng.float(0.62, 0.68) : rng.float(0.65, 0.75)) * value;
    }
    const sized = clamp(Math.min(byLeverage, byCoverage), 1_500_000, 85_000_000);
    const roundLoan = (x: number) => roundTo(x, x >= 10_000_000 ? 50_000 : 25_000);
    let originalLoan = roundLoan(sized);

    // Sources and uses. A construction lender also caps the loan at a share of the project cost
    // (LTC); the budget's interest reserve and fee follow the loan, hence the second pass, drawn
    // from the same stream so the rest of the budget stays put.
    const fundsSeed = rng.uint32();
    const fundsInput = {
      loanType,
      construction,
      value,
      interestRate,
      loanTerm,
      loanPaymentStructure,
      amortizationTerm,
      unbalanced: rng.chance(0.06),
      mezzanine: !construction && !rejected && originalLoan / value < 0.65 && rng.chance(0.12),
    };
    let funds = buildFunds(new Rng(fundsSeed, 'funds'), { ...fundsInput, loan: originalLoan });
    if (construction) {
      const ltcCap = rng.float(0.6, 0.72);
      for (let pass = 0; pass < 3 && originalLoan > ltcCap * funds.totalUses; pass++) {
        originalLoan = Math.max(1_500_000, roundLoan(ltcCap * funds.totalUses));
        funds = buildFunds(new Rng(fundsSeed, 'funds'), { ...fundsInput, loan: originalLoan });
      }
    }
    const fundsId = ids.next();

    // Current balance: an amortizing loan has paid down since origination.
    let grossLoan = originalLoan;
    const balanceDate = state === 'Completed' ? payoffDate : state === 'Originated' ? asOf : null;
    if (balanceDate && originationDate && loanPaymentStructure === 'P_I_Amortization') {
      const months = Math.max(0, monthsBetween(originationDate, balanceDate));
      const i = interestRate / 12;
      const payment = monthlyPayment(originalLoan, interestRate, amortizationTerm);
      const growth = Math.pow(1 + i, months);
      grossLoan = Math.round(originalLoan * growth - (payment * (growth - 1)) / i);
    }
    const debtServiceMethod = rng.chance(0.03) ? 'Manual' : 'Calculated';
    const calculatedDebtService = grossLoan * perDollarDebtService;
    const userDebtService = debtServiceMethod === 'Manual' ? Math.round(calculatedDebtService * rng.float(0.99, 1.02)) : 0;
    const debtService = debtServiceMethod === 'Manual' ? userDebtService : calculatedDebtService;
    const dscr = debtService > 0 ? noi / debtService : 0;
    const ltv = value > 0 ? grossLoan / value : 0;

    out.fundsAnalyses.push({ id: fundsId, dealId, balanceName: 'Balance' });
    funds.sources.forEach((x, position) =>
      out.fundSources.push({
        id: ids.next(),
        fundsId,
        position,
        sourcesOfFunds: x.name,
        amount: x.amount,
        isLoan: x.isLoan,
        loanPaymentStructure: x.structure,
        amortizationTerm: x.amortization,
        interestRate: roundTo(x.rate, 0.00001),
        isDefault: position === 0,
      }),
    );
    funds.uses.forEach(([name, amount], position) =>
      out.fundUses.push({ id: ids.next(), fundsId, position, usesOfFunds: name, amount, isDefault: position === 0 }),
    );

    // Risk rating from coverage and leverage.
    let risk = 3;
    if (dscr < 1) risk += 3;
    else if (dscr < 1.15) risk += 2;
    else if (dscr < 1.25) risk += 1;
    else if (dscr > 1.6) risk -= 1;
    if (ltv > 0.75) risk += 1;
    else if (ltv < 0.55) risk -= 1;
    if (construction) risk += 1;
    if (assetType === 'Hotel' || assetType === 'Office') risk += 1;
    if (rng.chance(0.3)) risk += rng.pick([-1, 1]);
    const riskRating = String(clamp(risk, 1, 8));

    const status = pickStatus(rng, state, watchList, originationDate ? monthsBetween(originationDate, asOf) : 0);
    const profileName =
      state === 'NewDeal' && rng.chance(0.3)
        ? null
        : construction
          ? 'Construction'
          : loanType === 'Bridge' || loanType === 'Stabilization'
            ? 'Bridge Lending'
            : assetType === 'Hotel'
              ? 'Hospitality'
              : assetType === 'Multi_Family_Apartments' && (loanType === 'Permanent' || loanType === 'Refinance')
                ? 'Agency Multifamily'
                : 'Standard CRE';

    // Parties.
    const personCount = rng.weighted([[1, 50], [2, 35], [3, 15]] as const);
    const personIndexes = new Set<number>();
    while (personIndexes.size < Math.min(personCount, peoplePoolSize)) {
      personIndexes.add(Math.floor(peoplePoolSize * Math.pow(rng.next(), 1.4)));
    }
    const dealPeopleStates = [...personIndexes].map((k) => personFor(k, metro, originalLoan));
    for (const p of dealPeopleStates) out.dealPeople.push({ dealId, personId: p.id });
    const primary = collateralResults[0]!;
    const seedName =
      assetType === 'Portfolio'
        ? `${placeWord(rng)} ${new Set(specs.map((s) => s.asset)).size === 1 ? ASSET_LABELS[specs[0]!.asset as PropertyAsset] : 'Diversified'} Portfolio`
        : specs.length > 1
          ? primary.name.replace(/ Phase I$/, '')
          : primary.name;
    // The borrower: a single-purpose entity per deal.
    const borrowerId = ids.next();
    out.companies.push({
      id: borrowerId,
      name: `${seedName} ${rng.pick(['Owner LLC', 'Borrower LLC', 'Holdings LLC', 'Investors LP'])}`,
      description: 'Single-purpose borrowing entity',
      logo: null,
      ...primary.address,
      additionalFreeText: null,
      primaryEmail: null,
      primaryPhoneNumber: null,
      companyDebtService: Math.round(debtService),
      companyCashFlowAfterDebtService: Math.round(noi - debtService),
      companyDSCR: roundTo(dscr, 0.01),
      companyAssetSubtotal: roundTo(value, 1_000),
      companyLiabilitySubtotal: grossLoan,
      companyLiquidity: roundTo(value * rng.float(0.005, 0.03), 1_000),
      contactId: dealPeopleStates[0]!.contactId,
      riskRating,
      ein: ein(rng),
    });
    out.dealCompanies.push({ dealId, companyId: borrowerId });
    if (rng.chance(0.65)) {
      const sponsorIndex = Math.floor(sponsorPoolSize * Math.pow(rng.next(), 1.3));
      out.dealCompanies.push({ dealId, companyId: sponsorFor(sponsorIndex, metro, dealPeopleStates[0]!, originalLoan) });
    }

    // Documents.
    const photoId = addFile(rng, dealId, 'exterior-photo.jpg', 'jpg', [1_200_000, 6_500_000], createdDate);
    if (rng.chance(0.3)) addFile(rng, dealId, 'aerial-photo.jpg', 'jpg', [2_000_000, 9_000_000], createdDate);
    if (!pipeline || state === 'Prep' || rng.chance(0.5)) {
      addFile(rng, dealId, `appraisal-${yearOf(createdDate)}.pdf`, 'pdf', [3_000_000, 18_000_000], addDays(createdDate, 20) > asOf ? asOf : addDays(createdDate, 20));
    }
    if (rng.chance(0.5)) addFile(rng, dealId, 'phase-i-environmental-site-assessment.pdf', 'pdf', [2_000_000, 9_000_000], createdDate);
    if (pipeline) addFile(rng, dealId, state === 'NewDeal' ? 'loan-request.pdf' : 'term-sheet.pdf', 'pdf', [90_000, 600_000], createdDate);

    // Words.
    const first = specs[0]!;
    const markets = new Set(collateralResults.map((c) => c.area.metro.key)).size;
    const cityState = markets > 1 ? `${markets} markets` : `${primary.address.city}, ${primary.address.state}`;
    const what =
      assetType === 'Portfolio'
        ? `a portfolio of ${specs.length} ${new Set(specs.map((s) => s.asset)).size === 1 ? ASSET_PHRASES[first.asset as PropertyAsset].replace(/y$/, 'ie') + 's' : 'properties of different types'}`
        : assetType === 'Mixed'
          ? `${article(primary.sizePhrase)} ${primary.sizePhrase} mixed-use property built in ${primary.yearBuilt}`
          : `${article(primary.sizePhrase)} ${primary.sizePhrase} ${ASSET_PHRASES[first.asset as PropertyAsset]}${
              primary.yearBuilt === null ? '' : loanType === 'Construction' ? ` delivering in ${primary.yearBuilt}` : ` built in ${primary.yearBuilt}`
            }`;
    const description = `${LOAN_PHRASES[loanType]} ${what} in ${cityState}.`;
    const note = dealNote(rng, state, status, payoffDate, dscr, ltv, watchList);

    const created = timestamp(createdDate, rng.int(8, 17), rng.int(0, 59));
    const updatedDate =
      state === 'Originated'
        ? maxDate(createdDate, addDays(asOf, -rng.int(0, 60)))
        : state === 'Completed' || state === 'Rejected'
          ? minDate(asOf, addDays(dataDate, rng.int(0, 20)))
          : minDate(asOf, addDays(createdDate, rng.int(0, 30)));
    const loanYear = originationDate ? yearOf(originationDate) : yearOf(createdDate);
    const syndicated = !pipeline && originalLoan >= 40_000_000 && rng.chance(0.4);
    const projectTotalCost =
      construction || loanType === 'Acquisition' || (loanType === 'Bridge' && funds.purchase) ? funds.totalUses : 0;

    out.deals.push({
      id: dealId,
      loanId: `LN-${loanYear}-${String(i + 1).padStart(5, '0')}`,
      seedName,
      loanType,
      propertyType: assetType,
      state,
      status,
      priority,
      ownerId,
      note,
      description,
      mainImageFileId: rng.chance(0.92) ? photoId : null,
      projectTotalCost,
      grossLoan,
      requestedLoanAmount: pipeline ? roundTo(originalLoan * (rejected ? rng.float(1, 1.1) : rng.float(1, 1.04)), 25_000) : originalLoan,
      isSyndicatedLoan: syndicated,
      participationGrossLoan: syndicated ? roundTo(grossLoan * rng.float(0.25, 0.5), 50_000) : 0,
      originatedLoanAmount: pipeline ? 0 : originalLoan,
      rateIndex,
      indexRate,
      rateSpread,
      interestRateFloor,
      loanPaymentStructure,
      loanTerm,
      extensionTerm,
      amortizationTerm,
      originationDate,
      closingDate,
      closedDate: state === 'Originated' || state === 'Completed' ? closingDate : null,
      riskRating,
      profileName,
      userSelectedLtv: rng.weighted([['None', 85], ['Alternative', 7], ['Income', 5], ['Sales', 3]] as const),
      userDebtService,
      debtServiceMethod,
      customField1: rng.chance(0.8) ? rng.pick(RELATIONSHIP_MANAGERS) : null,
      customField2: null,
      loansPackageId: !pipeline && rng.chance(0.25) ? rng.pick(packages).id : null,
      createdAt: created,
      updatedAt: updatedDate === createdDate ? created : timestamp(updatedDate, rng.int(8, 18), rng.int(0, 59)),
    });
  }

  return out;
}

function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

function pickStatus(rng: Rng, state: DemoState, watchList: boolean, monthsSinceOrigination: number): string {
  const set = DEMO_STATUS_BY_STATE[state];
  switch (state) {
    case 'Originated':
      // Just closed, then funded, then handed to servicing after the first year.
      if (watchList || monthsSinceOrigination >= 12) return 'Servicing';
      return monthsSinceOrigination < 2 ? 'Closed' : 'Funded';
    case 'Completed':
      return rng.weighted([['Paid Off', 85], ['Sold', 15]] as const);
    case 'Rejected':
      return rng.weighted([['Declined', 55], ['Withdrawn', 25], ['Lost to Competitor', 20]] as const);
    default:
      return rng.pick(set);
  }
}

function dealNote(rng: Rng, state: DemoState, status: string, payoffDate: string | null, dscr: number, ltv: number, watchList: boolean): string | null {
  const x = (v: number) => `${v.toFixed(2)}x`;
  const p = (v: number) => `${(v * 100).toFixed(1)}%`;
  switch (state) {
    case 'Originated':
      if (watchList) return `Watch list: DSCR of ${x(dscr)} is below the 1.20x covenant at the last test.`;
      return rng.chance(0.4) ? rng.pick(['Annual site inspection completed.', 'Financials received for the last quarter.', 'Insurance certificate renewed.']) : null;
    case 'Completed':
      return status === 'Sold' ? `Collateral sold; loan repaid on ${payoffDate}.` : `Paid off on ${payoffDate}.`;
    case 'Rejected':
      if (status === 'Declined') {
        return dscr < 1.2 ? `Declined: DSCR of ${x(dscr)} is below the 1.20x minimum.` : `Declined: leverage of ${p(ltv)} is above policy.`;
      }
      return status === 'Withdrawn' ? 'Borrower withdrew the request.' : 'Lost to a competing lender offering higher proceeds.';
    case 'Prep':
      return rng.chance(0.6) ? rng.pick(['Credit memo in progress; site visit completed.', 'Awaiting the appraisal and the Phase I report.', 'Committee scheduled; sponsor financials reviewed.']) : null;
    case 'NewDeal':
      return rng.chance(0.6) ? rng.pick(['Initial screening; awaiting the T-12 and the rent roll.', 'Broker submission; sponsor call scheduled.', 'Quoted indicative terms.']) : null;
  }
}

// --- sources and uses ------------------------------------------------------------------

interface FundsInput {
  loanType: DemoLoanType;
  construction: boolean;
  value: number;
  loan: number;
  interestRate: number;
  loanTerm: number;
  loanPaymentStructure: LoanPaymentStructure;
  amortizationTerm: number;
  /** leave a funding gap the underwriter has to see */
  unbalanced: boolean;
  mezzanine: boolean;
}

interface FundSourceDraft {
  name: string;
  amount: number;
  isLoan: boolean;
  structure: LoanPaymentStructure;
  amortization: number;
  rate: number;
}

interface FundsResult {
  sources: FundSourceDraft[];
  uses: [string, number][];
  totalUses: number;
  /** the deal buys the property */
  purchase: boolean;
}

function buildFunds(rng: Rng, f: FundsInput): FundsResult {
  const uses: [string, number][] = [];
  const round = (x: number, step = 100) => Math.max(0, roundTo(x, step));
  const fee = Math.round(f.loan * roundTo(rng.float(0.005, 0.01), 0.0025));
  // Interest carried during construction: about half the commitment drawn on average.
  const interestReserve = round(f.loan * f.interestRate * (Math.min(f.loanTerm, 30) / 12) * rng.float(0.4, 0.55), 1_000);
  let purchase = false;
  switch (f.loanType) {
    case 'Construction': {
      const basis = f.value * rng.float(0.74, 0.86);
      const land = round(basis * rng.float(0.15, 0.22), 10_000);
      const hard = round(basis * rng.float(0.6, 0.66), 1_000);
      const soft = round(basis - land - hard, 1_000);
      uses.push(['Land Acquisition', land], ['Hard Costs', hard], ['Soft Costs', soft], ['Hard Cost Contingency', round(hard * 0.05, 1_000)]);
      uses.push(['Interest Reserve', interestReserve]);
      purchase = true;
      break;
    }
    case 'Acquisition_Construction': {
      const price = round(f.value * rng.float(0.58, 0.7), 50_000);
      const renovation = round(f.value * rng.float(0.12, 0.2), 1_000);
      uses.push(['Purchase Price', price], ['Renovation Budget', renovation], ['Renovation Contingency', round(renovation * rng.float(0.05, 0.1), 1_000)]);
      uses.push(['Closing Costs', round(price * rng.float(0.015, 0.025))], ['Interest Reserve', interestReserve]);
      purchase = true;
      break;
    }
    case 'Refinance_Construction': {
      const renovation = round(f.value * rng.float(0.15, 0.25), 1_000);
      uses.push(['Existing Loan Payoff', round(f.value * rng.float(0.38, 0.5), 1_000)], ['Renovation Budget', renovation]);
      uses.push(['Renovation Contingency', round(renovation * 0.05, 1_000)], ['Closing Costs', round(f.loan * rng.float(0.01, 0.02))], ['Interest Reserve', interestReserve]);
      break;
    }
    case 'Acquisition':
    case 'Unknown': {
      const price = round(f.value * rng.float(0.95, 1.03), 50_000);
      uses.push(['Purchase Price', price], ['Closing Costs', round(price * rng.float(0.015, 0.03))]);
      if (rng.chance(0.5)) uses.push(['Capital Improvements', round(price * rng.float(0.01, 0.06), 1_000)]);
      purchase = true;
      break;
    }
    case 'Bridge': {
      if (rng.chance(0.5)) {
        const price = round(f.value * rng.float(0.85, 0.97), 50_000);
        uses.push(['Purchase Price', price], ['Closing Costs', round(price * rng.float(0.015, 0.025))]);
        purchase = true;
      } else {
        uses.push(['Existing Loan Payoff', round(f.loan * rng.float(0.7, 0.9), 1_000)], ['Closing Costs', round(f.loan * rng.float(0.01, 0.02))]);
      }
      uses.push(['Capital Improvements', round(f.value * rng.float(0.03, 0.1), 1_000)], ['Interest Reserve', round(interestReserve * 0.5, 1_000)]);
      break;
    }
    default: {
      // Refinance, Permanent, Stabilization: pay off the existing debt.
      uses.push(['Existing Loan Payoff', round(f.loan * rng.float(0.7, 1.02), 1_000)], ['Closing Costs', round(f.loan * rng.float(0.008, 0.015))]);
      if (rng.chance(0.4)) uses.push(['Replacement Reserve Deposit', round(f.loan * rng.float(0.002, 0.008), 1_000)]);
      if (f.loanType === 'Stabilization') uses.push(['Leasing Reserve', round(f.value * rng.float(0.01, 0.03), 1_000)]);
    }
  }
  uses.push(['Origination Fee', fee]);

  const sources: FundSourceDraft[] = [];
  const seniorName = f.construction ? 'Senior Construction Loan' : f.loanType === 'Bridge' ? 'Senior Bridge Loan' : 'Senior Loan';
  sources.push({ name: seniorName, amount: f.loan, isLoan: true, structure: f.loanPaymentStructure, amortization: f.amortizationTerm, rate: f.interestRate });
  let usesTotal = uses.reduce((s, [, a]) => s + a, 0);
  if (f.mezzanine) {
    const mezz = round(usesTotal * rng.float(0.08, 0.12), 50_000);
    if (mezz > 0 && f.loan + mezz < usesTotal * 0.9) {
      sources.push({ name: 'Mezzanine Loan', amount: mezz, isLoan: true, structure: 'InterestOnly', amortization: 0, rate: roundTo(f.interestRate + rng.float(0.045, 0.07), 0.0025) });
    }
  }
  if (f.construction && rng.chance(0.15)) {
    const pref = round(usesTotal * rng.float(0.06, 0.1), 50_000);
    if (sources.reduce((s, x) => s + x.amount, 0) + pref < usesTotal * 0.92) {
      sources.push({ name: 'Preferred Equity', amount: pref, isLoan: false, structure: 'InterestOnly', amortization: 0, rate: 0 });
    }
  }
  const funded = sources.reduce((s, x) => s + x.amount, 0);
  if (funded > usesTotal) {
    // A cash-out refinance: the proceeds beyond the payoff and costs go to the borrower.
    uses.push(['Cash Out to Borrower', funded - usesTotal]);
    usesTotal = funded;
  } else if (usesTotal > funded) {
    let equity = usesTotal - funded;
    if (f.unbalanced) {
      // A funding gap: the budget grew and the equity commitment was not updated.
      equity = Math.max(1_000, equity - roundTo(usesTotal * rng.float(0.002, 0.015), 1_000));
    }
    sources.push({ name: 'Sponsor Equity', amount: equity, isLoan: false, structure: 'InterestOnly', amortization: 0, rate: 0 });
  }

  return { sources, uses, totalUses: usesTotal, purchase };
}
