import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import {
  AssetType,
  DealState,
  DebtServiceMethod,
  LoanPaymentStructure,
  LoanType,
  Priority,
  RateIndexDisplay,
  RateIndexId,
  UserSelectedLtv,
} from './enums';
import { envelope } from './error';
import { decimal, extension, IsoDate, months, percentage, usd } from './scalars';

export const CollateralTotalsDto = z
  .object(lazyShape(() => ({
    alternativeValuation: usd(),
    incomeValuation: usd(),
    salesValuation: usd(),
    netOperatingIncome: usd(),
    netIncome: usd(),
    userDebtService: usd('Annual debt service entered by the user, used when debtServiceMethod is Manual'),
    debtServiceMethod: DebtServiceMethod,
    debtService: usd('Total annual debt service'),
    netCashFlow: usd('NOI minus debt service'),
    dscr: z.number().describe('NOI divided by debt service (a multiple)'),
    debtYield: percentage('NOI divided by loan amount'),
    totalSF: z.number().describe('Square feet'),
    totalUnit: z.number(),
  })))
  .describe('Aggregates over all collaterals of the deal');
export type CollateralTotalsDto = z.infer<typeof CollateralTotalsDto>;

const nullableString = () => z.string().nullable();

export const SeedInfoResponseDto = envelope(lazyShape(() => ({
  id: z.string().describe('Deal id'),
  loanId: z.string().nullable().describe("Lender's internal loan identifier"),
  seedName: z.string().describe('Deal display name'),
  loanType: LoanType,
  maturityDate: IsoDate.nullable(),
  riskRating: z.string().nullable().describe('Internal rating, scale 1 to 8, lower means lower risk'),
  rateIndexType: RateIndexDisplay.nullable(),
  interestRate: decimal('Total note rate'),
  rateSpread: decimal('Spread over the index; for fixed-rate loans equals the total rate'),
  loanPaymentStructure: LoanPaymentStructure,
  componentType: AssetType,
  debtService: usd('Annual debt service'),
  companyIds: z.array(z.string()).describe('Associated companies'),
  personIds: z.array(z.string()).describe('Associated people'),
  originatedLoanAmount: usd('Amount at origination'),
  originationDate: IsoDate.nullable(),
  grossLoan: usd('Current loan amount'),
  participationGrossLoan: usd('Participation amount for syndicated loans'),
  ltc: decimal('Loan-to-cost'),
  ltv: decimal('Loan-to-value'),
  amortizationTerm: months('Amortization term'),
  loanTerm: months('Loan term'),
  interestRateFloor: decimal('Floor for floating-rate loans'),
  collateralTotals: CollateralTotalsDto,

  // Read-back of every bulk-update property the spec read lacks (see DEAL_PROPERTIES).
  state: extension(DealState, 'deal State'),
  status: extension(nullableString(), 'deal Status, from the configurable set of its State'),
  priority: extension(Priority.nullable(), 'deal Priority'),
  owner: extension(z.string(), 'owner user id (an e-mail address)'),
  propertyType: extension(AssetType, 'property type the deal was created with'),
  note: extension(nullableString(), 'Note'),
  description: extension(nullableString(), 'Description'),
  mainImageFileId: extension(nullableString(), 'id of the main image among the deal files'),
  projectTotalCost: extension(usd('Project total cost, the LTC denominator').nullable(), 'ProjectTotalCost'),
  isSyndicatedLoan: extension(z.boolean(), 'IsSyndicatedLoan'),
  indexRate: extension(decimal('Index rate').nullable(), 'IndexRate (written as a percentage 0-100)'),
  rateIndex: extension(RateIndexId.nullable(), 'RateIndex identifier (rateIndexType is its display string)'),
  extensionTerm: extension(z.number().nullable(), 'ExtensionTerm'),
  closingDate: extension(IsoDate.nullable(), 'ClosingDate'),
  closedDate: extension(IsoDate.nullable(), 'ClosedDate'),
  profileName: extension(nullableString(), 'deal scoring ProfileName'),
  userSelectedLtv: extension(UserSelectedLtv, 'valuation the LTV is computed on'),
  requestedLoanAmount: extension(usd().nullable(), 'RequestedLoanAmount'),
  customField1: extension(nullableString(), 'CustomField1'),
  customField2: extension(nullableString(), 'CustomField2'),
  loansPackageId: extension(nullableString(), 'id of the loans package'),
}))).meta({ id: 'SeedInfoResponseDto' });
export type SeedInfoResponseDto = z.infer<typeof SeedInfoResponseDto>;

export const DealIdsResponseDto = envelope(lazyShape(() => ({ dealIds: z.array(z.string()) }))).meta({
  id: 'DealIdsResponseDto',
});
export type DealIdsResponseDto = z.infer<typeof DealIdsResponseDto>;
