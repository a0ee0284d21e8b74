import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import type { DealIdsResponseDto } from '../deal';
import type { AssetType, DealState, LoanType, Priority } from '../enums';
import { Empty, Id, type Body } from './shared';

// The pipeline: every deal with its key figures, whole (deals.pipeline) or a page at a time (pipeline.*).

/** The pipeline columns a user can sort by. */
export const PipelineSortKey = z.enum([
  'seedName',
  'state',
  'status',
  'priority',
  'owner',
  'loanType',
  'propertyType',
  'grossLoan',
  'interestRate',
  'dscr',
  'debtYield',
  'ltv',
  'riskRating',
]);
export type PipelineSortKey = z.infer<typeof PipelineSortKey>;

const FilterValues = z.array(z.string().max(200)).max(1000).default([]);

/**
 * Which deals the pipeline shows, in which order: each list keeps deals with any of its values
 * (an empty list keeps all); every word of `search` must be in the deal's name, loan id, owner,
 * status, state, property or loan type, or one of its collaterals' addresses (any case).
 */
export const PipelineQuery = z
  .object({
    sort: z.object({ key: PipelineSortKey, direction: z.enum(['asc', 'desc']) }).strict().nullable().default(null),
    filter: z
      .object({
        states: FilterValues,
        statuses: FilterValues,
        propertyTypes: FilterValues,
        loanTypes: FilterValues,
        owners: FilterValues,
        riskRatings: FilterValues,
        priorities: FilterValues,
      })
      .strict()
      .default({ states: [], statuses: [], propertyTypes: [], loanTypes: [], owners: [], riskRatings: [], priorities: [] }),
    search: z.string().max(500).default(''),
  })
  .strict();
export type PipelineQuery = z.input<typeof PipelineQuery>;

/** Most rows one pipeline.page answers. */
export const PIPELINE_PAGE_LIMIT = 500;

/** One page of the pipeline: `rows` from `offset` on, `total` deals in the query, `all` in the store. */
export interface PipelinePage {
  offset: number;
  total: number;
  all: number;
  rows: PipelineRow[];
  /** Deals of the store whose figures are still being computed (sorted last by a figure column meanwhile). */
  pending: number;
}

/** The ids of the deals of a query (or of a range of it), in its order, with each one's state (an index into `states`). */
export interface PipelineIds {
  ids: string[];
  states: DealState[];
  stateOf: number[];
}

/** The values the pipeline's filter pickers offer: those the store holds. */
export interface PipelineFacets {
  states: DealState[];
  statuses: string[];
  propertyTypes: AssetType[];
  loanTypes: LoanType[];
  owners: string[];
  riskRatings: string[];
}

export const PIPELINE_CHANNELS = {
  'deals.ids': channel(Empty).returns<Body<DealIdsResponseDto>>(),
  'deals.pipeline': channel(Empty).returns<PipelineResult>(),
  'deals.prioritizeFigures': channel(z.object({ ids: z.array(Id).max(1000) }).strict()).returns<{ queued: number }>(),
  'pipeline.page': channel(PipelineQuery.extend({ offset: z.int().min(0), limit: z.int().min(1).max(PIPELINE_PAGE_LIMIT) }).strict()).returns<PipelinePage>(),
  /** Every id of the query (select all), or those of a range of it (offset, limit: a shift-click range). */
  'pipeline.ids': channel(PipelineQuery.extend({ offset: z.int().min(0).default(0), limit: z.int().min(1).optional() }).strict()).returns<PipelineIds>(),
  'pipeline.facets': channel(Empty).returns<PipelineFacets>(),
} as const satisfies Record<string, ChannelSpec>;

/** One row of the deals pipeline. Figures are null until computed (see PipelineResult.pending). */
export interface PipelineRow {
  id: string;
  seedName: string;
  loanId: string | null;
  state: DealState;
  status: string | null;
  priority: Priority | null;
  owner: string;
  loanType: LoanType;
  propertyType: AssetType;
  grossLoan: number;
  riskRating: string | null;
  /** Each collateral's address (street, city, state, ZIP), for the search. */
  addresses: string[];
  /** Note rate, a decimal. */
  interestRate: number;
  /** Annual debt service, USD. */
  debtService: number | null;
  /** A multiple. */
  dscr: number | null;
  /** A percentage (10.5 = 10.5 %). */
  debtYield: number | null;
  /** A decimal. */
  ltv: number | null;
}

export interface PipelineResult {
  rows: PipelineRow[];
  /** Deals whose figures are still being computed in the background. */
  pending: number;
}
