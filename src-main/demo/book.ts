// The demo portfolio's shape: the tables it fills, its options, and the vocabulary of a
// lender's book it draws from (the contract's enumerations, in the order they have always been
// drawn, with their weights). The generator's modules share one DemoContext per portfolio.

import { AssetType, DealState, LoanType } from '../contract';
import type { BulkRow } from '../store';
import { ASSET_PROFILES } from './assets';
import type { AddressAllocator } from './places';
import type { MarketResearch } from './market';
import type { IdFactory } from './random';

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
export const OWNER_WEIGHTS = [3, 2, 1.5, 1.5, 1, 1, 1, 0.8];

export const LOANS_PACKAGES = ['Q1 2026 Whole Loan Sale', 'Warehouse Facility A', 'CRE CLO 2026-FL1', 'Participation Pool 2025'];

export const ASSET_WEIGHTS: readonly (readonly [DemoAssetType, number])[] = [
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

export const LOAN_WEIGHTS: readonly (readonly [DemoLoanType, number])[] = [
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

export const STATE_WEIGHTS: readonly (readonly [DemoState, number])[] = [
  ['Originated', 42],
  ['NewDeal', 15],
  ['Prep', 18],
  ['Completed', 12],
  ['Rejected', 13],
];

export const PRIORITIES = ['Low', 'Medium', 'High'] as const;
export const PRIORITY_WEIGHTS: readonly (readonly [(typeof PRIORITIES)[number], number])[] = [
  ['Low', 25],
  ['Medium', 50],
  ['High', 25],
];

export const CONSTRUCTION_TYPES: ReadonlySet<DemoLoanType> = new Set(['Construction', 'Acquisition_Construction', 'Refinance_Construction']);

export function loanTypeFits(asset: DemoAssetType, loanType: DemoLoanType): boolean {
  // Raw land is bought, refinanced or bridged; a portfolio of stabilized assets is not built.
  if (asset === 'Land') return ['Acquisition', 'Refinance', 'Bridge', 'Unknown'].includes(loanType);
  if (asset === 'Portfolio') return !CONSTRUCTION_TYPES.has(loanType);
  return true;
}

/**
 * What every part of the generator shares for one portfolio: the id factory, the rows written
 * so far, the market research, the addresses already taken, and the book's date. The random
 * streams are not here: each part is handed the stream it draws from, so the draws keep their order.
 */
export interface DemoContext {
  ids: IdFactory;
  out: DemoPortfolio;
  research: MarketResearch;
  addresses: AddressAllocator;
  asOf: string;
}
