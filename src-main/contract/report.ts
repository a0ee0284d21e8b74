import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { AssetType, DealState, LoanType } from './enums';
import { envelope } from './error';
import { amount, decimal, entityId, IsoDate, months, percentage, shortText, usd, userId } from './scalars';

export const CrossDealCollateralReportRowDto = z
  .object(lazyShape(() => ({
    dealId: z.string(),
    seedName: z.string(),
    loanId: z.string().nullable(),
    state: DealState,
    owner: z.string().describe('Owner user id (an e-mail address)'),
    loanType: LoanType,
    grossLoan: usd('Current loan amount of the deal'),
    interestRate: decimal('Note rate'),
    loanTerm: months('Loan term'),
    maturityDate: IsoDate.nullable(),
    riskRating: z.string().nullable(),
    collateralId: z.string(),
    collateralName: z.string().nullable(),
    fullAddress: z.string(),
    city: z.string().nullable(),
    usState: z.string().nullable().describe('US state of the collateral address'),
    zipCode: z.string().nullable(),
    propertyType: AssetType,
    totalSF: z.number(),
    totalUnit: z.number(),
    netOperatingIncome: usd(),
    incomeValuation: usd(),
    salesValuation: usd(),
    alternativeValuation: usd(),
    ltv: decimal("The deal's loan-to-value"),
    dscr: z.number().describe("The deal's DSCR"),
    debtYield: percentage("The deal's debt yield"),
  })))
  .describe("One collateral with its deal's identity and loan terms");
export type CrossDealCollateralReportRowDto = z.infer<typeof CrossDealCollateralReportRowDto>;

export const ReportSortField = CrossDealCollateralReportRowDto.keyof();
export type ReportSortField = z.infer<typeof ReportSortField>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

export const CrossDealCollateralReportFilterDto = z
  .object(lazyShape(() => ({
    dealIds: z.array(entityId()).optional(),
    states: z.array(DealState).optional(),
    propertyTypes: z.array(AssetType).optional(),
    loanTypes: z.array(LoanType).optional(),
    riskRatings: z.array(shortText()).optional(),
    owners: z.array(userId()).optional().describe('Owner user ids (e-mail addresses)'),
    city: shortText().optional(),
    usState: shortText().optional(),
    minGrossLoan: amount('Inclusive lower bound of the deal gross loan').optional(),
    maxGrossLoan: amount('Inclusive upper bound of the deal gross loan').optional(),
    sortBy: ReportSortField.optional(),
    sortDirection: SortDirection.default('asc'),
    page: z.int().min(1).default(1).describe('1-based page number'),
    pageSize: z.int().min(1).max(1000).default(100),
  })))
  .describe('All criteria are combined with AND; a list matches any of its values')
  .meta({ id: 'CrossDealCollateralReportFilterDto' });
export type CrossDealCollateralReportFilterDto = z.infer<typeof CrossDealCollateralReportFilterDto>;

export const CrossDealCollateralReportTotalsDto = z
  .object(lazyShape(() => ({
    rowCount: z.int(),
    dealCount: z.int(),
    grossLoan: usd('Sum over the distinct deals, each counted once'),
    totalSF: z.number(),
    totalUnit: z.number(),
    netOperatingIncome: usd(),
    incomeValuation: usd(),
    salesValuation: usd(),
    alternativeValuation: usd(),
  })))
  .describe('Over every row matching the filter, not only the returned page');
export type CrossDealCollateralReportTotalsDto = z.infer<typeof CrossDealCollateralReportTotalsDto>;

export const CrossDealCollateralReportResponseDto = envelope(lazyShape(() => ({
  rows: z.array(CrossDealCollateralReportRowDto),
  totals: CrossDealCollateralReportTotalsDto,
  totalRows: z.int().describe('Rows matching the filter before paging'),
  page: z.int(),
  pageSize: z.int(),
}))).meta({ id: 'CrossDealCollateralReportResponseDto' });
export type CrossDealCollateralReportResponseDto = z.infer<typeof CrossDealCollateralReportResponseDto>;
