// Underwriting assumptions by asset type: what a lender's credit policy and a research vendor
// would call typical for stabilized product in 2026. Ratios are decimals.

import type { Metro, ZipKind } from './places';
import type { TenantSector } from './names';
import type { Rng } from './random';

export type PropertyAsset =
  | 'Hotel'
  | 'Industrial'
  | 'Multi_Family_Apartments'
  | 'Office'
  | 'Retail'
  | 'Self_Storage'
  | 'Land'
  | 'Special_Purpose'
  | 'Senior_Housing'
  | 'Distribution_Warehouse'
  | 'Flex_Office';

export type ComponentKind = 'Residential' | 'Commercial' | 'Hotel';

export const EXPENSE_GROUPS = [
  'Taxes',
  'Insurance',
  'Utilities',
  'Repairs & Maintenance',
  'Management Fee',
  'Payroll',
  'General & Administrative',
] as const;
export type ExpenseGroup = (typeof EXPENSE_GROUPS)[number];

/** Expense shares (excluding the management fee, which is a share of EGI). */
type ExpenseWeights = Record<Exclude<ExpenseGroup, 'Management Fee'>, number>;

export interface SuiteProfile {
  /** smallest and largest suite, SF */
  minSf: number;
  maxSf: number;
  /** typical suite size, SF */
  typicalSf: number;
  minCount: number;
  maxCount: number;
  /** label of a suite in the unit mix */
  description: string;
  /** suites per floor (1 for single-storey product) */
  perFloor: number;
}

export interface AssetProfile {
  asset: PropertyAsset;
  kind: ComponentKind;
  /** research vendor's sector */
  sector: string;
  sectorId: number;
  capRate: readonly [number, number];
  /** operating expenses / effective gross income */
  expenseRatio: readonly [number, number];
  marketVacancy: readonly [number, number];
  managementFee: readonly [number, number];
  expenseWeights: ExpenseWeights;
  zipKinds: readonly ZipKind[];
  /** collateral sub-types, from the shipped system configuration */
  subTypes: readonly string[];
  /** target loan amount median, USD (log-normal around it) */
  loanMedian: number;
  /** commercial only */
  suites?: SuiteProfile;
  /** commercial: asking rent, USD per SF per year */
  rentPsf?: (metro: Metro, rng: Rng) => number;
  leaseTypes?: readonly (readonly [string, number])[];
  /** lease term range, years */
  leaseYears?: readonly [number, number];
  tenantSector?: TenantSector;
  /** below the line, USD per SF per year (commercial) or per unit per year (residential) */
  reserves: readonly [number, number];
  tenantImprovementsPsf?: readonly [number, number];
  leasingCommissionsPsf?: readonly [number, number];
}

const W = (
  taxes: number,
  insurance: number,
  utilities: number,
  repairs: number,
  payroll: number,
  admin: number,
): ExpenseWeights => ({
  Taxes: taxes,
  Insurance: insurance,
  Utilities: utilities,
  'Repairs & Maintenance': repairs,
  Payroll: payroll,
  'General & Administrative': admin,
});

/** Share of operating expenses the tenant pays back, by lease type. */
export const RECOVERY_BY_LEASE_TYPE: Record<string, readonly [number, number]> = {
  NNN: [0.85, 0.95],
  'Modified Gross': [0.3, 0.5],
  'Full Service Gross': [0.05, 0.15],
  'Ground Lease': [0.95, 1],
  'Month-to-Month': [0, 0],
};

export const ASSET_PROFILES: Record<PropertyAsset, AssetProfile> = {
  Multi_Family_Apartments: {
    asset: 'Multi_Family_Apartments',
    kind: 'Residential',
    sector: 'Apartment',
    sectorId: 1,
    capRate: [0.05, 0.0575],
    expenseRatio: [0.35, 0.45],
    marketVacancy: [0.045, 0.075],
    managementFee: [0.03, 0.04],
    expenseWeights: W(0.3, 0.09, 0.13, 0.15, 0.2, 0.06),
    zipKinds: ['urban', 'suburban'],
    subTypes: ['Garden', 'Mid-Rise', 'High-Rise'],
    loanMedian: 16_000_000,
    reserves: [250, 350],
  },
  Senior_Housing: {
    asset: 'Senior_Housing',
    kind: 'Residential',
    sector: 'Senior Housing',
    sectorId: 9,
    capRate: [0.065, 0.0725],
    expenseRatio: [0.58, 0.68],
    marketVacancy: [0.1, 0.14],
    managementFee: [0.045, 0.055],
    expenseWeights: W(0.08, 0.06, 0.1, 0.06, 0.5, 0.2),
    zipKinds: ['suburban', 'urban'],
    subTypes: ['Assisted Living'],
    loanMedian: 14_000_000,
    reserves: [400, 500],
  },
  Office: {
    asset: 'Office',
    kind: 'Commercial',
    sector: 'Office',
    sectorId: 2,
    capRate: [0.07, 0.085],
    expenseRatio: [0.4, 0.5],
    marketVacancy: [0.12, 0.2],
    managementFee: [0.025, 0.035],
    expenseWeights: W(0.3, 0.06, 0.22, 0.2, 0.12, 0.1),
    zipKinds: ['urban', 'suburban'],
    subTypes: ['CBD Office', 'Suburban Office'],
    loanMedian: 18_000_000,
    suites: { minSf: 800, maxSf: 25_000, typicalSf: 4_500, minCount: 3, maxCount: 30, description: 'Office suite', perFloor: 6 },
    rentPsf: (m, r) => m.officeRentPsf * r.float(0.78, 1.12),
    leaseTypes: [['Full Service Gross', 6], ['Modified Gross', 3], ['NNN', 1]],
    leaseYears: [3, 10],
    tenantSector: 'office',
    reserves: [0.2, 0.3],
    tenantImprovementsPsf: [1.5, 3],
    leasingCommissionsPsf: [0.75, 1.5],
  },
  Flex_Office: {
    asset: 'Flex_Office',
    kind: 'Commercial',
    sector: 'Office',
    sectorId: 2,
    capRate: [0.0675, 0.075],
    expenseRatio: [0.3, 0.4],
    marketVacancy: [0.07, 0.12],
    managementFee: [0.025, 0.035],
    expenseWeights: W(0.38, 0.1, 0.12, 0.22, 0.06, 0.12),
    zipKinds: ['suburban', 'industrial'],
    subTypes: ['Flex'],
    loanMedian: 8_000_000,
    suites: { minSf: 1_200, maxSf: 12_000, typicalSf: 3_500, minCount: 3, maxCount: 16, description: 'Flex suite', perFloor: 10 },
    rentPsf: (m, r) => Math.max(14, m.industrialRentPsf * r.float(1.5, 1.9)),
    leaseTypes: [['Modified Gross', 5], ['NNN', 5]],
    leaseYears: [3, 7],
    tenantSector: 'office',
    reserves: [0.15, 0.25],
    tenantImprovementsPsf: [0.5, 1],
    leasingCommissionsPsf: [0.4, 0.8],
  },
  Retail: {
    asset: 'Retail',
    kind: 'Commercial',
    sector: 'Strip Center',
    sectorId: 4,
    capRate: [0.065, 0.075],
    expenseRatio: [0.25, 0.35],
    marketVacancy: [0.05, 0.1],
    managementFee: [0.03, 0.04],
    expenseWeights: W(0.4, 0.1, 0.08, 0.25, 0.05, 0.12),
    zipKinds: ['suburban', 'urban'],
    subTypes: ['Neighborhood Center', 'Strip Center'],
    loanMedian: 11_000_000,
    suites: { minSf: 800, maxSf: 25_000, typicalSf: 3_000, minCount: 3, maxCount: 18, description: 'Retail - inline', perFloor: 40 },
    rentPsf: (m, r) => m.retailRentPsf * r.float(0.75, 1.15),
    leaseTypes: [['NNN', 8], ['Modified Gross', 2]],
    leaseYears: [5, 10],
    tenantSector: 'retail',
    reserves: [0.15, 0.25],
    tenantImprovementsPsf: [0.75, 1.5],
    leasingCommissionsPsf: [0.5, 1],
  },
  Industrial: {
    asset: 'Industrial',
    kind: 'Commercial',
    sector: 'Industrial',
    sectorId: 3,
    capRate: [0.055, 0.065],
    expenseRatio: [0.2, 0.3],
    marketVacancy: [0.04, 0.08],
    managementFee: [0.02, 0.03],
    expenseWeights: W(0.5, 0.15, 0.05, 0.18, 0.02, 0.1),
    zipKinds: ['industrial', 'suburban'],
    subTypes: ['Warehouse', 'Flex'],
    loanMedian: 12_000_000,
    suites: { minSf: 3_000, maxSf: 60_000, typicalSf: 15_000, minCount: 1, maxCount: 10, description: 'Warehouse bay', perFloor: 20 },
    rentPsf: (m, r) => m.industrialRentPsf * r.float(0.9, 1.3),
    leaseTypes: [['NNN', 9], ['Modified Gross', 1]],
    leaseYears: [3, 7],
    tenantSector: 'industrial',
    reserves: [0.1, 0.2],
    tenantImprovementsPsf: [0.2, 0.5],
    leasingCommissionsPsf: [0.15, 0.35],
  },
  Distribution_Warehouse: {
    asset: 'Distribution_Warehouse',
    kind: 'Commercial',
    sector: 'Industrial',
    sectorId: 3,
    capRate: [0.0525, 0.0625],
    expenseRatio: [0.18, 0.28],
    marketVacancy: [0.05, 0.09],
    managementFee: [0.02, 0.025],
    expenseWeights: W(0.52, 0.16, 0.04, 0.16, 0.02, 0.1),
    zipKinds: ['industrial', 'suburban'],
    subTypes: ['Warehouse'],
    loanMedian: 20_000_000,
    // Distribution buildings are leased by the bay in the tens of thousands of square feet.
    suites: { minSf: 20_000, maxSf: 250_000, typicalSf: 80_000, minCount: 1, maxCount: 6, description: 'Distribution bay', perFloor: 20 },
    rentPsf: (m, r) => m.industrialRentPsf * r.float(0.8, 1.05),
    leaseTypes: [['NNN', 1]],
    leaseYears: [5, 10],
    tenantSector: 'industrial',
    reserves: [0.08, 0.15],
    tenantImprovementsPsf: [0.15, 0.35],
    leasingCommissionsPsf: [0.1, 0.25],
  },
  Self_Storage: {
    asset: 'Self_Storage',
    kind: 'Commercial',
    sector: 'Self-Storage',
    sectorId: 6,
    capRate: [0.055, 0.0625],
    expenseRatio: [0.32, 0.4],
    marketVacancy: [0.08, 0.13],
    managementFee: [0.05, 0.06],
    expenseWeights: W(0.3, 0.07, 0.08, 0.08, 0.3, 0.17),
    zipKinds: ['suburban', 'industrial'],
    subTypes: ['Climate Controlled'],
    loanMedian: 7_000_000,
    // One "suite" per storage building; each is rented unit by unit, month to month.
    suites: { minSf: 8_000, maxSf: 40_000, typicalSf: 15_000, minCount: 3, maxCount: 8, description: 'Storage building', perFloor: 1 },
    rentPsf: (m, r) => (12 + m.apartmentRentPsf * 2.6) * r.float(0.9, 1.1),
    leaseTypes: [['Month-to-Month', 1]],
    leaseYears: [0, 0],
    tenantSector: 'industrial',
    reserves: [0.1, 0.2],
  },
  Land: {
    asset: 'Land',
    kind: 'Commercial',
    sector: 'Land',
    sectorId: 10,
    capRate: [0.05, 0.06],
    expenseRatio: [0.04, 0.08],
    marketVacancy: [0.02, 0.05],
    managementFee: [0.01, 0.02],
    expenseWeights: W(0.7, 0.15, 0, 0, 0, 0.15),
    zipKinds: ['industrial', 'suburban'],
    subTypes: ['Raw Land'],
    loanMedian: 4_500_000,
    // Ground-leased pads: the land area is what is let.
    suites: { minSf: 20_000, maxSf: 200_000, typicalSf: 60_000, minCount: 1, maxCount: 3, description: 'Ground-leased pad', perFloor: 1 },
    rentPsf: (m, r) => Math.max(2, m.industrialRentPsf * r.float(0.3, 0.45)),
    leaseTypes: [['Ground Lease', 1]],
    leaseYears: [20, 40],
    tenantSector: 'land',
    reserves: [0, 0],
    leasingCommissionsPsf: [0.02, 0.05],
  },
  Special_Purpose: {
    asset: 'Special_Purpose',
    kind: 'Commercial',
    sector: 'Specialty',
    sectorId: 8,
    capRate: [0.07, 0.08],
    expenseRatio: [0.28, 0.38],
    marketVacancy: [0.05, 0.1],
    managementFee: [0.025, 0.03],
    expenseWeights: W(0.35, 0.12, 0.15, 0.2, 0.08, 0.1),
    zipKinds: ['suburban', 'urban'],
    subTypes: [],
    loanMedian: 9_000_000,
    suites: { minSf: 5_000, maxSf: 60_000, typicalSf: 20_000, minCount: 1, maxCount: 4, description: 'Special-purpose space', perFloor: 2 },
    rentPsf: (m, r) => m.officeRentPsf * r.float(0.6, 0.85),
    leaseTypes: [['NNN', 8], ['Modified Gross', 2]],
    leaseYears: [7, 10],
    tenantSector: 'special',
    reserves: [0.2, 0.3],
    tenantImprovementsPsf: [0.5, 1],
    leasingCommissionsPsf: [0.25, 0.5],
  },
  Hotel: {
    asset: 'Hotel',
    kind: 'Hotel',
    sector: 'Lodging',
    sectorId: 5,
    capRate: [0.08, 0.09],
    expenseRatio: [0.65, 0.75],
    marketVacancy: [0.22, 0.34],
    managementFee: [0.03, 0.035],
    expenseWeights: W(0.06, 0.05, 0.07, 0.07, 0.42, 0.33),
    zipKinds: ['urban', 'suburban'],
    subTypes: ['Full Service', 'Limited Service'],
    loanMedian: 22_000_000,
    reserves: [0.04, 0.04], // FF&E reserve, share of total revenue
  },
};

/** Asset types that may make up a portfolio (one collateral each). */
export const PORTFOLIO_ASSETS: readonly PropertyAsset[] = [
  'Multi_Family_Apartments',
  'Industrial',
  'Self_Storage',
  'Retail',
  'Office',
  'Distribution_Warehouse',
  'Flex_Office',
  'Senior_Housing',
];
