import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { AddressCreateDto } from './address';
import { AssetType } from './enums';
import { envelope, ImportErrorDto } from './error';
import { amount, entityId, freeText, IsoDate, shortText } from './scalars';

// Rules marked "checked asynchronously" are not in these schemas: they run after the import call
// returns and their failures appear in the import report.
const async = (rule: string) => `${rule}; checked asynchronously (see the import report)`;

export const CollateralCreateDataDto = z.object(lazyShape(() => ({
  dealIds: z.array(entityId()).optional().describe(async('Deals the collateral belongs to; not blank, each must exist')),
  name: shortText().optional(),
  subType: shortText().optional().describe(async('Must match the system configuration')),
  description: freeText().optional(),
  address: AddressCreateDto.optional(),
  subStatus: shortText().optional(),
  propertyType: AssetType.optional(),
})));
export type CollateralCreateDataDto = z.infer<typeof CollateralCreateDataDto>;

export const AlternativeValuationCreateDataDto = z.object(lazyShape(() => ({
  name: shortText().optional().describe(async('Not blank')),
  valuation: amount().optional().describe(async('USD, greater than 0')),
  description: freeText().optional(),
  asOfDate: IsoDate.optional(),
  valueBasis: shortText().optional().describe(async('Must match the system configuration')),
})));
export type AlternativeValuationCreateDataDto = z.infer<typeof AlternativeValuationCreateDataDto>;

export const ImportCollateralItemDto = z.object(lazyShape(() => ({
  clientItemId: shortText().describe('Client-chosen id, associated with the newly created entity id'),
  migrationReference: shortText().optional(),
  collateralCreateData: CollateralCreateDataDto,
  alternativeValuationCreateData: AlternativeValuationCreateDataDto.optional(),
})));
export type ImportCollateralItemDto = z.infer<typeof ImportCollateralItemDto>;

export const ImportCollateralsRequestDto = z
  .object(lazyShape(() => ({ collaterals: z.array(ImportCollateralItemDto).describe('Collaterals to import') })))
  .meta({ id: 'ImportCollateralsRequestDto' });
export type ImportCollateralsRequestDto = z.infer<typeof ImportCollateralsRequestDto>;

export const ImportResponseDto = envelope(lazyShape(() => ({
  error: ImportErrorDto.nullable().describe('Null on success'),
  reportId: z.string().describe('Id of the import report (getImportReport)'),
}))).meta({ id: 'ImportResponseDto' });
export type ImportResponseDto = z.infer<typeof ImportResponseDto>;

export const ImportReportStatus = z.enum(['Pending', 'Completed']);
export type ImportReportStatus = z.infer<typeof ImportReportStatus>;

export const CreatedEntityDto = z.object(lazyShape(() => ({ clientItemId: z.string(), entityId: z.string() })));
export type CreatedEntityDto = z.infer<typeof CreatedEntityDto>;

export const ImportReportResponseDto = envelope(lazyShape(() => ({
  reportId: z.string(),
  status: ImportReportStatus.describe('Completed once every asynchronous check has run'),
  createdEntities: z.array(CreatedEntityDto),
  errors: z.array(ImportErrorDto).describe('Failed items; nothing of a failed item is kept'),
}))).meta({ id: 'ImportReportResponseDto' });
export type ImportReportResponseDto = z.infer<typeof ImportReportResponseDto>;
