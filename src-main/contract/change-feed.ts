import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { CollateralCashFlowResponseDto } from './cash-flow';
import { CollateralSummaryResponseDto } from './collateral';
import {
  CommercialComponentInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryResponseDto,
  HotelComponentInfoResponseDto,
  ResidentialComponentInfoResponseDto,
} from './component';
import { SeedInfoResponseDto } from './deal';
import { envelope, ErrorDto, FailureResponse } from './error';
import { DealFundsInfoResponseDto } from './funds';
import { CompanyInfoResponseDto, PersonInfoResponseDto } from './party';
import { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from './rent-roll';
import { CrossDealCollateralReportResponseDto } from './report';
import { entityId } from './scalars';

// Two extensions beyond the spec for sync (issue 17, docs/api.md "Change feed" and "Bulk graph
// reads"): which deals changed since a cursor, and many deals' whole graphs in one call.

/** Opaque to clients: base64url of the store's identity and a position in the feed. */
export const CURSOR_MAX_LENGTH = 300;
export const CHANGES_PAGE_MAX = 1000;
export const CHANGES_PAGE_DEFAULT = 500;
export const GRAPHS_MAX_DEALS = 100;

export const DealChangesQueryDto = z.object(lazyShape(() => ({
  since: z
    .string()
    .max(CURSOR_MAX_LENGTH)
    .optional()
    .describe('The cursor of an earlier answer; absent: from the beginning (every deal stored, and the deals deleted since, once each)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHANGES_PAGE_MAX)
    .optional()
    .describe(`Most deals in the answer (default ${CHANGES_PAGE_DEFAULT})`),
})));
export type DealChangesQueryDto = z.infer<typeof DealChangesQueryDto>;

export const DealChangeKind = z.enum(['Upsert', 'Delete']).meta({ id: 'DealChangeKind' });
export type DealChangeKind = z.infer<typeof DealChangeKind>;

export const DealChangeDto = z
  .object(lazyShape(() => ({
    dealId: z.string(),
    kind: DealChangeKind.describe('Upsert: the deal or something of its graph was written (or created); Delete: the deal is gone'),
  })))
  .meta({ id: 'DealChangeDto' });
export type DealChangeDto = z.infer<typeof DealChangeDto>;

export const DealChangesResponseDto = envelope(lazyShape(() => ({
  cursor: z.string().describe('Pass as since to read the changes after this answer; the same cursor when nothing changed'),
  changes: z.array(DealChangeDto).describe('Oldest first, each deal at most once, with its latest change'),
  hasMore: z.boolean().describe('More changes follow: ask again at once with the cursor'),
}))).meta({ id: 'DealChangesResponseDto' });
export type DealChangesResponseDto = z.infer<typeof DealChangesResponseDto>;

export const DealGraphsRequestDto = z
  .object(lazyShape(() => ({
    dealIds: z.array(entityId()).min(1).max(GRAPHS_MAX_DEALS).describe(`1 to ${GRAPHS_MAX_DEALS} deal ids; a repeated id is answered once`),
  })))
  .meta({ id: 'DealGraphsRequestDto' });
export type DealGraphsRequestDto = z.infer<typeof DealGraphsRequestDto>;

/** Per read endpoint: what it answered, by the id of its path (the envelope included). */
const answers = <T extends z.ZodType>(dto: T) => z.record(z.string(), z.union([dto, FailureResponse])).optional();

export const DealGraphReadsDto = z
  .object(lazyShape(() => ({
    getDealInfo: answers(SeedInfoResponseDto),
    getDealFunds: answers(DealFundsInfoResponseDto),
    getDealCollateralSummary: answers(CollateralSummaryResponseDto),
    getDealComponentSummary: answers(ComponentSummaryResponseDto),
    getCollateralComponentSummary: answers(ComponentSummaryResponseDto),
    getCollateralCashFlow: answers(CollateralCashFlowResponseDto),
    getBaseComponentInfo: answers(ComponentInfoResponseDto),
    getResidentialComponentInfo: answers(ResidentialComponentInfoResponseDto),
    getCommercialComponentInfo: answers(CommercialComponentInfoResponseDto),
    getHotelComponentInfo: answers(HotelComponentInfoResponseDto),
    getResidentialRentrollInfo: answers(ResidentialRentRollInfoResponseDto),
    getCommercialRentrollInfo: answers(CommercialRentRollInfoResponseDto),
    getPersonInfo: answers(PersonInfoResponseDto),
    getCompanyInfo: answers(CompanyInfoResponseDto),
    getCrossDealCollateralReport: answers(CrossDealCollateralReportResponseDto).describe(
      'By deal id: the report filtered to this deal alone, page 1 of 1000 rows (the only read that shows a collateral\'s property type)',
    ),
  })))
  .meta({ id: 'DealGraphReadsDto' });
export type DealGraphReadsDto = z.infer<typeof DealGraphReadsDto>;

export const DealGraphDto = z
  .object(lazyShape(() => ({
    dealId: z.string(),
    error: ErrorDto.nullable().describe('MissingEntity when no such deal exists (reads then empty); null otherwise'),
    reads: DealGraphReadsDto.describe('Every read of the deal\'s graph, keyed by endpoint name, then by the id of its path'),
  })))
  .meta({ id: 'DealGraphDto' });
export type DealGraphDto = z.infer<typeof DealGraphDto>;

export const DealGraphsResponseDto = envelope(lazyShape(() => ({
  graphs: z.array(DealGraphDto).describe('One per distinct requested deal, in the order asked'),
}))).meta({ id: 'DealGraphsResponseDto' });
export type DealGraphsResponseDto = z.infer<typeof DealGraphsResponseDto>;
