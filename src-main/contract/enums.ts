import { z } from 'zod';

export const AssetType = z
  .enum([
    'None',
    'Mixed',
    'Hotel',
    'Industrial',
    'Multi_Family_Apartments',
    'Office',
    'Retail',
    'Self_Storage',
    'Land',
    'Special_Purpose',
    'Senior_Housing',
    'Distribution_Warehouse',
    'Flex_Office',
    'Portfolio',
  ])
  .describe('Asset type (also the propertyType and the componentType of a deal)');
export type AssetType = z.infer<typeof AssetType>;

export const ComponentType = z
  .enum(['Unknown', 'Residential', 'Commercial', 'Hotel'])
  .describe('Type of a component');
export type ComponentType = z.infer<typeof ComponentType>;

export const LoanType = z.enum([
  'Unknown',
  'Acquisition',
  'Acquisition_Construction',
  'Refinance',
  'Refinance_Construction',
  'Construction',
  'Stabilization',
  'Bridge',
  'Permanent',
]);
export type LoanType = z.infer<typeof LoanType>;

export const LoanPaymentStructure = z.enum(['InterestOnly', 'P_I_Amortization']);
export type LoanPaymentStructure = z.infer<typeof LoanPaymentStructure>;

export const DebtServiceMethod = z
  .enum(['Calculated', 'Manual'])
  .describe('Calculated from the loan terms, or Manual (userDebtService)');
export type DebtServiceMethod = z.infer<typeof DebtServiceMethod>;

export const SaleValueComputationType = z
  .enum(['ByUnit', 'BySf'])
  .describe('Sales comparison by average $/unit or by average $/SF');
export type SaleValueComputationType = z.infer<typeof SaleValueComputationType>;

export const ErrorCode = z.enum([
  'Duplicated',
  'MissingMandatoryField',
  'InvalidCreateValues',
  'Existing',
  'ValidationError',
  'MissingEntity',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const BulkOperationType = z.enum(['Create', 'Update', 'Delete']);
export type BulkOperationType = z.infer<typeof BulkOperationType>;

export const UpdateErrorType = z.enum(['IdNotFound', 'MissingMandatoryField', 'IllegalValue']);
export type UpdateErrorType = z.infer<typeof UpdateErrorType>;

export const DealState = z.enum(['NewDeal', 'Originated', 'Completed', 'Rejected', 'Prep']);
export type DealState = z.infer<typeof DealState>;

export const Priority = z.enum(['Low', 'Medium', 'High']);
export type Priority = z.infer<typeof Priority>;

export const UserSelectedLtv = z
  .enum(['None', 'Alternative', 'Income', 'Sales'])
  .describe('Valuation the LTV is computed on (None: the first of income, sales, alternative that is > 0)');
export type UserSelectedLtv = z.infer<typeof UserSelectedLtv>;

/** The spec's two rate-index lists, position by position: identifier (written) and display string (read). */
export const RATE_INDEXES = [
  { id: 'WSJ_Prime', display: 'WSJ Prime' },
  { id: 'LIBOR_1_M', display: '1 M LIBOR' },
  { id: 'LIBOR_3_M', display: '3 M LIBOR' },
  { id: 'LIBOR_6_M', display: '6 M LIBOR' },
  { id: 'LIBOR_1_Y', display: '1 YR LIBOR' },
  { id: 'LIBOR_5_T', display: '5 YR LIBOR' },
  { id: 'FHLB_3_YR', display: 'FHLB 3 YR' },
  { id: 'FHLB_5_YR', display: 'FHLB 5 YR' },
  { id: 'FHLB_7_YR', display: 'FHLB 7 YR' },
  { id: 'T_WKLY_1_YR', display: '1 YR T WKLY' },
  { id: 'TREAS_2_YR', display: '2 YR TREAS' },
  { id: 'TREAS_3_YR', display: '3 YR TREAS' },
  { id: 'TREAS_5_YR', display: '5 YR TREAS' },
  { id: 'TREAS_7_YR', display: '7 YR TREAS' },
  { id: 'TREAS_10_YR', display: '10 YR TREAS' },
  { id: 'SWAP_2_YR', display: '2 YR SWAP' },
  { id: 'SWAP_5_YR', display: '5 YR SWAP' },
  { id: 'SWAP_7_YR', display: '7 YR SWAP' },
  { id: 'SWAP_10_YR', display: '10 YR SWAP' },
  { id: 'CD_Rate', display: 'CD Rate' },
  { id: 'Fixed', display: 'Fixed' },
  { id: 'SOFR', display: 'SOFR' },
  { id: 'M_SOFR_TERM_1', display: '1 M TERM SOFR' },
  { id: 'DAY_SOFR_90', display: '90 day SOFR' },
  { id: 'DAY_SOFR_180', display: '180 DAY SOFR' },
  { id: 'AMERIBOR_Term_30', display: 'AMERIBOR - Term 30' },
  { id: 'AVG_1M_SOFR', display: '1 M AVG SOFR' },
] as const;

export const RateIndexId = z
  .enum(RATE_INDEXES.map((r) => r.id))
  .describe('Rate index identifier, as written by the bulk update (RateIndex)');
export type RateIndexId = z.infer<typeof RateIndexId>;

export const RateIndexDisplay = z
  .enum(RATE_INDEXES.map((r) => r.display))
  .describe('Rate index display string, as read (rateIndexType)');
export type RateIndexDisplay = z.infer<typeof RateIndexDisplay>;

const DISPLAY_BY_ID = Object.fromEntries(RATE_INDEXES.map((r) => [r.id, r.display])) as Record<
  RateIndexId,
  RateIndexDisplay
>;
const ID_BY_DISPLAY = Object.fromEntries(RATE_INDEXES.map((r) => [r.display, r.id])) as Record<
  RateIndexDisplay,
  RateIndexId
>;

export const rateIndexDisplay = (id: RateIndexId): RateIndexDisplay => DISPLAY_BY_ID[id];
export const rateIndexId = (display: RateIndexDisplay): RateIndexId => ID_BY_DISPLAY[display];

/** Every property name of the spec's bulk-update table, in the spec's order. */
export const BulkUpdateProperty = z.enum([
  'State',
  'Owner',
  'LoanType',
  'Status',
  'Priority',
  'SeedName',
  'Note',
  'MainImageFileId',
  'ProjectTotalCost',
  'GrossLoan',
  'IsSyndicatedLoan',
  'ParticipationGrossLoan',
  'OriginatedLoanAmount',
  'RateSpread',
  'LoanPaymentStructure',
  'IndexRate',
  'InterestRateFloor',
  'LoanTerm',
  'ExtensionTerm',
  'AmortizationTerm',
  'Description',
  'LoanId',
  'RateIndex',
  'OriginationDate',
  'ClosingDate',
  'ClosedDate',
  'RiskRating',
  'ProfileName',
  'UserSelectedLtv',
  'UserDebtService',
  'DebtServiceMethod',
  'RequestedLoanAmount',
  'CustomField1',
  'CustomField2',
  'LoansPackageId',
]);
export type BulkUpdateProperty = z.infer<typeof BulkUpdateProperty>;
