import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import type { CollateralTotalsDto, SeedInfoResponseDto } from './deal';
import {
  BulkOperationType,
  BulkUpdateProperty,
  DealState,
  DebtServiceMethod,
  LoanPaymentStructure,
  LoanType,
  Priority,
  RateIndexId,
  UpdateErrorType,
  UserSelectedLtv,
} from './enums';
import { envelope } from './error';
import { entityId, freeText, groupedDigits, LIMITS } from './scalars';

export const UpdateDto = z.object(lazyShape(() => ({
  property: BulkUpdateProperty,
  value: freeText().describe(
    `Format depends on the property (see DEAL_PROPERTIES). Numbers in plain decimal notation that a double holds exactly (up to ${LIMITS.significantDigits} significant digits always are), ` +
      `amounts up to ${groupedDigits(LIMITS.money)} USD; Note, Description and the custom fields up to ${groupedDigits(LIMITS.textLength)} characters, other texts up to ${LIMITS.nameLength}`,
  ),
})));
export type UpdateDto = z.infer<typeof UpdateDto>;

export const UpdateDealItemDto = z.object(lazyShape(() => ({
  id: entityId().describe('Deal id'),
  updates: z.array(UpdateDto).describe('Only the properties to change'),
})));
export type UpdateDealItemDto = z.infer<typeof UpdateDealItemDto>;

export const UpdateDealsRequestDto = z
  .object({ itemsToUpdate: z.array(UpdateDealItemDto) })
  .meta({ id: 'UpdateDealsRequestDto' });
export type UpdateDealsRequestDto = z.infer<typeof UpdateDealsRequestDto>;

export const UpdateEngineError = z.object(lazyShape(() => ({
  id: z.string().describe('Entity that failed'),
  operation: BulkOperationType,
  errorType: UpdateErrorType,
  description: z.string(),
  fieldName: z.string(),
})));
export type UpdateEngineError = z.infer<typeof UpdateEngineError>;

export const UpdateDealsResponseDto = envelope(lazyShape(() => ({
  errors: z.array(UpdateEngineError),
  updatedEntities: z.array(z.string()).describe('Deals updated successfully'),
}))).meta({ id: 'UpdateDealsResponseDto' });
export type UpdateDealsResponseDto = z.infer<typeof UpdateDealsResponseDto>;

/** A field of the deal read, dotted into collateralTotals where needed. */
export type DealReadField =
  | Exclude<keyof SeedInfoResponseDto, 'success' | 'error'>
  | `collateralTotals.${keyof CollateralTotalsDto}`;

/**
 * How a bulk-update value is written (a string in the request) and read back:
 * - number: a decimal number string, read as the same number;
 * - percent: written as a percentage 0-100 ("5.5"), read as a decimal (0.055);
 * - boolean: "true" or "false"; date: YYYY-MM-DD; enum: one of `enum`'s values.
 */
export type DealPropertyKind = 'string' | 'number' | 'percent' | 'boolean' | 'date' | 'enum';

export type DealPropertySpec =
  | { readField: DealReadField; kind: Exclude<DealPropertyKind, 'enum'>; description: string }
  | { readField: DealReadField; kind: 'enum'; enum: z.ZodEnum; description: string };

/** Every bulk-update property: where a deal read returns it, and how its value is written. */
export const DEAL_PROPERTIES = {
  State: { readField: 'state', kind: 'enum', enum: DealState, description: 'Deal state' },
  Owner: { readField: 'owner', kind: 'string', description: 'User id (an e-mail address) of an existing user' },
  LoanType: { readField: 'loanType', kind: 'enum', enum: LoanType, description: 'Loan type' },
  Status: { readField: 'status', kind: 'string', description: "From the configurable status set of the deal's state" },
  Priority: { readField: 'priority', kind: 'enum', enum: Priority, description: 'Priority' },
  SeedName: { readField: 'seedName', kind: 'string', description: 'Deal display name' },
  Note: { readField: 'note', kind: 'string', description: 'Note' },
  MainImageFileId: { readField: 'mainImageFileId', kind: 'string', description: "Non-empty id of an uploaded file under the deal's files" },
  ProjectTotalCost: { readField: 'projectTotalCost', kind: 'number', description: 'Project total cost, USD' },
  GrossLoan: { readField: 'grossLoan', kind: 'number', description: 'Current loan amount, USD' },
  IsSyndicatedLoan: { readField: 'isSyndicatedLoan', kind: 'boolean', description: 'Syndicated loan' },
  ParticipationGrossLoan: { readField: 'participationGrossLoan', kind: 'number', description: 'Participation amount, USD' },
  OriginatedLoanAmount: { readField: 'originatedLoanAmount', kind: 'number', description: 'Amount at origination, USD' },
  RateSpread: { readField: 'rateSpread', kind: 'percent', description: 'Spread over the index, percentage 0-100' },
  LoanPaymentStructure: { readField: 'loanPaymentStructure', kind: 'enum', enum: LoanPaymentStructure, description: 'P_I_Amortization needs an index rate, a loan term and an amortization term >= the loan term' },
  IndexRate: { readField: 'indexRate', kind: 'percent', description: 'Index rate, percentage 0-100' },
  InterestRateFloor: { readField: 'interestRateFloor', kind: 'percent', description: 'Rate floor, percentage 0-100' },
  LoanTerm: { readField: 'loanTerm', kind: 'number', description: 'Loan term, months' },
  ExtensionTerm: { readField: 'extensionTerm', kind: 'number', description: 'Extension term' },
  AmortizationTerm: { readField: 'amortizationTerm', kind: 'number', description: 'Amortization term, months' },
  Description: { readField: 'description', kind: 'string', description: 'Description' },
  LoanId: { readField: 'loanId', kind: 'string', description: "Lender's loan identifier" },
  RateIndex: { readField: 'rateIndex', kind: 'enum', enum: RateIndexId, description: 'Rate index identifier (read as rateIndexType in its display form)' },
  OriginationDate: { readField: 'originationDate', kind: 'date', description: 'Origination date' },
  ClosingDate: { readField: 'closingDate', kind: 'date', description: 'Closing date' },
  ClosedDate: { readField: 'closedDate', kind: 'date', description: 'Closed date' },
  RiskRating: { readField: 'riskRating', kind: 'string', description: 'Scale 1 to 8, lower means lower risk' },
  ProfileName: { readField: 'profileName', kind: 'string', description: 'One of the predefined deal scoring profiles' },
  UserSelectedLtv: { readField: 'userSelectedLtv', kind: 'enum', enum: UserSelectedLtv, description: 'Valuation the LTV is computed on' },
  UserDebtService: { readField: 'collateralTotals.userDebtService', kind: 'number', description: 'Annual debt service used when DebtServiceMethod is Manual, USD' },
  DebtServiceMethod: { readField: 'collateralTotals.debtServiceMethod', kind: 'enum', enum: DebtServiceMethod, description: 'Calculated or Manual' },
  RequestedLoanAmount: { readField: 'requestedLoanAmount', kind: 'number', description: 'Requested loan amount, USD' },
  CustomField1: { readField: 'customField1', kind: 'string', description: 'Applies only when the custom field is configured' },
  CustomField2: { readField: 'customField2', kind: 'string', description: 'Applies only when the custom field is configured' },
  LoansPackageId: { readField: 'loansPackageId', kind: 'string', description: 'Id of an existing loans package' },
} as const satisfies Record<BulkUpdateProperty, DealPropertySpec>;

/** The value a deal read holds for a property; undefined when a spec-only server omits it. */
export function readDealProperty(deal: SeedInfoResponseDto, property: BulkUpdateProperty): unknown {
  return DEAL_PROPERTIES[property].readField
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], deal);
}
