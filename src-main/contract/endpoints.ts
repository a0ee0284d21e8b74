import { z } from 'zod';
import {
  SizeLoanRequestDto,
  SizeLoanResponseDto,
  StressDealRequestDto,
  StressDealResponseDto,
  StressPortfolioRequestDto,
  StressPortfolioResponseDto,
} from './analysis';
import { UpdateDealsRequestDto, UpdateDealsResponseDto } from './bulk-update';
import { CollateralCashFlowResponseDto } from './cash-flow';
import {
  CHANGES_PAGE_MAX,
  DealChangesQueryDto,
  DealChangesResponseDto,
  DealGraphsRequestDto,
  DealGraphsResponseDto,
  GRAPHS_MAX_DEALS,
} from './change-feed';
import { CollateralSummaryResponseDto } from './collateral';
import {
  CommercialComponentInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryResponseDto,
  HotelComponentInfoResponseDto,
  ResidentialComponentInfoResponseDto,
} from './component';
import {
  CreateCommercialDealDto,
  CreateHotelDealDto,
  CreateResidentialDealDto,
  CreateResponseDto,
} from './create-deal';
import { DealIdsResponseDto, SeedInfoResponseDto } from './deal';
import { ErrorDto } from './error';
import { DealFundsInfoResponseDto } from './funds';
import { ImportCollateralsRequestDto, ImportReportResponseDto, ImportResponseDto } from './import';
import { CompanyInfoResponseDto, PersonInfoResponseDto } from './party';
import { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from './rent-roll';
import { CrossDealCollateralReportFilterDto, CrossDealCollateralReportResponseDto } from './report';
import { lazyShape } from './lazy-shape';
import { entityId } from './scalars';

/** Every endpoint path below is relative to this prefix on {base_url}. */
export const API_PREFIX = '/api/apiGateway';
export const SWAGGER_UI_PATH = `${API_PREFIX}/swagger-ui`;

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

type EnvelopeShape = { success: z.ZodBoolean; error: z.ZodNullable<z.ZodType<ErrorDto>> };

export interface EndpointDef {
  name: string;
  method: HttpMethod;
  /** Relative to API_PREFIX, with fastify-style params (`/getDealInfo/:id`). */
  path: string;
  aliases?: readonly string[];
  params?: z.ZodObject;
  /** Query string parameters (strings on the wire; the gateway receives them with the params). */
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodObject<EnvelopeShape & z.ZodRawShape>;
  summary: string;
  /** Beyond the spec: tagged Extensions and marked x-extension in the OpenAPI document. */
  extension?: boolean;
  /** A longer description for the OpenAPI document. */
  description?: string;
}

// Lazy (lazy-shape.ts): a route's path parameters are only parsed when it is called.
const param = <K extends string>(key: K, what: string) =>
  z.object(lazyShape(() => ({ [key]: entityId().min(1).describe(what) }) as Record<K, z.ZodString>));

const IdParams = (what: string) => param('id', what);
const DealIdParams = param('dealId', 'Deal id');

export const ENDPOINTS = {
  bulkUpdateDeals: {
    name: 'bulkUpdateDeals',
    method: 'PATCH',
    path: '/bulkUpdateDeals',
    body: UpdateDealsRequestDto,
    response: UpdateDealsResponseDto,
    summary: 'Update many deals in one call; atomic per deal',
  },
  createResidentialDeal: {
    name: 'createResidentialDeal',
    method: 'POST',
    path: '/createResidentialDeal',
    aliases: ['/CreateResidentialDeal'],
    body: CreateResidentialDealDto,
    response: CreateResponseDto,
    summary: 'Create a multi-family deal with its collateral and component',
  },
  createCommercialDeal: {
    name: 'createCommercialDeal',
    method: 'POST',
    path: '/createCommercialDeal',
    aliases: ['/CreateCommercialDeal'],
    body: CreateCommercialDealDto,
    response: CreateResponseDto,
    summary: 'Create a deal of a non-hotel, non-multi-family asset type',
  },
  createHotelDeal: {
    name: 'createHotelDeal',
    method: 'POST',
    path: '/createHotelDeal',
    aliases: ['/CreateHotelDeal'],
    body: CreateHotelDealDto,
    response: CreateResponseDto,
    summary: 'Create a hotel deal',
  },
  importCollaterals: {
    name: 'importCollaterals',
    method: 'POST',
    path: '/importCollaterals',
    body: ImportCollateralsRequestDto,
    response: ImportResponseDto,
    summary: 'Import collaterals in bulk; asynchronous checks are reported in the import report',
  },
  getImportReport: {
    name: 'getImportReport',
    method: 'GET',
    path: '/getImportReport/:reportId',
    params: param('reportId', 'Import report id, from importCollaterals'),
    response: ImportReportResponseDto,
    summary: 'Read the report of an import',
  },
  getDealInfo: {
    name: 'getDealInfo',
    method: 'GET',
    path: '/getDealInfo/:id',
    params: IdParams('Deal id'),
    response: SeedInfoResponseDto,
    summary: 'Read a deal with its collateral totals',
  },
  getAllDealIds: {
    name: 'getAllDealIds',
    method: 'GET',
    path: '/getAllDealIds',
    response: DealIdsResponseDto,
    summary: 'List the ids of all deals',
  },
  getDealFunds: {
    name: 'getDealFunds',
    method: 'GET',
    path: '/getDealFunds/:dealId',
    params: DealIdParams,
    response: DealFundsInfoResponseDto,
    summary: 'Read the sources and uses of funds of a deal',
  },
  getDealCollateralSummary: {
    name: 'getDealCollateralSummary',
    method: 'GET',
    path: '/getDealCollateralSummary/:dealId',
    params: DealIdParams,
    response: CollateralSummaryResponseDto,
    summary: 'Summarise each collateral of a deal',
  },
  getDealComponentSummary: {
    name: 'getDealComponentSummary',
    method: 'GET',
    path: '/getDealComponentSummary/:dealId',
    params: DealIdParams,
    response: ComponentSummaryResponseDto,
    summary: 'Summarise all components in all collaterals of a deal',
  },
  getCollateralComponentSummary: {
    name: 'getCollateralComponentSummary',
    method: 'GET',
    path: '/getCollateralComponentSummary/:collateralId',
    params: param('collateralId', 'Collateral id'),
    response: ComponentSummaryResponseDto,
    summary: 'Summarise each component of a collateral',
  },
  getCollateralCashFlow: {
    name: 'getCollateralCashFlow',
    method: 'GET',
    path: '/getCollateralCashFlow/:id',
    params: IdParams('Collateral id'),
    response: CollateralCashFlowResponseDto,
    summary: 'Read the valuations and cash flow of a collateral',
  },
  getBaseComponentInfo: {
    name: 'getBaseComponentInfo',
    method: 'GET',
    path: '/getBaseComponentInfo/:id',
    params: IdParams('Component id, any component type'),
    response: ComponentInfoResponseDto,
    summary: 'Read the common fields of a component',
  },
  getCommercialComponentInfo: {
    name: 'getCommercialComponentInfo',
    method: 'GET',
    path: '/getCommercialComponentInfo/:id',
    params: IdParams('Component id'),
    response: CommercialComponentInfoResponseDto,
    summary: 'Read a commercial component with its suites',
  },
  getResidentialComponentInfo: {
    name: 'getResidentialComponentInfo',
    method: 'GET',
    path: '/getResidentialComponentInfo/:id',
    params: IdParams('Component id'),
    response: ResidentialComponentInfoResponseDto,
    summary: 'Read a residential component with its unit mix',
  },
  getHotelComponentInfo: {
    name: 'getHotelComponentInfo',
    method: 'GET',
    path: '/getHotelComponentInfo/:id',
    params: IdParams('Component id'),
    response: HotelComponentInfoResponseDto,
    summary: 'Read a hotel component with its rooms and revenue',
  },
  getResidentialRentrollInfo: {
    name: 'getResidentialRentrollInfo',
    method: 'GET',
    path: '/getResidentialRentrollInfo/:id',
    params: IdParams('Rent roll id'),
    response: ResidentialRentRollInfoResponseDto,
    summary: 'Read a residential rent roll with its items and aggregates',
  },
  getCommercialRentrollInfo: {
    name: 'getCommercialRentrollInfo',
    method: 'GET',
    path: '/getCommercialRentrollInfo/:id',
    params: IdParams('Rent roll id'),
    response: CommercialRentRollInfoResponseDto,
    summary: 'Read a commercial rent roll with its items and aggregates',
  },
  getPersonInfo: {
    name: 'getPersonInfo',
    method: 'GET',
    path: '/getPersonInfo/:id',
    params: IdParams('Person id'),
    response: PersonInfoResponseDto,
    summary: 'Read a person',
  },
  getCompanyInfo: {
    name: 'getCompanyInfo',
    method: 'GET',
    path: '/getCompanyInfo/:id',
    params: IdParams('Company id'),
    response: CompanyInfoResponseDto,
    summary: 'Read a company',
  },
  getCrossDealCollateralReport: {
    name: 'getCrossDealCollateralReport',
    method: 'POST',
    path: '/getCrossDealCollateralReport',
    body: CrossDealCollateralReportFilterDto,
    response: CrossDealCollateralReportResponseDto,
    summary: 'Report every collateral of the matching deals, paged, with totals',
  },
  sizeLoan: {
    name: 'sizeLoan',
    method: 'POST',
    path: '/sizeLoan',
    body: SizeLoanRequestDto,
    response: SizeLoanResponseDto,
    summary: 'Size a loan to the binding constraint of a credit policy (extension; writes nothing)',
    extension: true,
    description:
      'Extension beyond the Deal Underwriting Service spec. The largest loan meeting every limit in force (LTV, LTC, DSCR, debt yield) ' +
      "of a credit policy profile, with request overrides. With dealId the inputs are the deal's figures (NOI and LTV basis value as " +
      'getDealInfo shows them, the note rate and amortization of its loan, its project total cost); any inputs field overrides. ' +
      'amortizationMonths absent or 0: interest-only. Nothing is written. Conventions: docs/analysis.md.',
  },
  stressDeal: {
    name: 'stressDeal',
    method: 'POST',
    path: '/stressDeal',
    body: StressDealRequestDto,
    response: StressDealResponseDto,
    summary: 'Stress one deal under a scenario, with breaches, breakpoints and sensitivity grids (extension; writes nothing)',
    extension: true,
    description:
      "Extension beyond the Deal Underwriting Service spec. The deal's figures unstressed and under the scenario's shocks (rent and vacancy " +
      "through each collateral's year-one cash-flow ladder, then NOI, cap rate, value and rate, in the order of docs/analysis.md), the policy " +
      'limits the stressed figures break, how far each figure can move before a limit breaks, and DSCR and LTV sensitivity grids. Nothing is written.',
  },
  stressPortfolio: {
    name: 'stressPortfolio',
    method: 'POST',
    path: '/stressPortfolio',
    body: StressPortfolioRequestDto,
    response: StressPortfolioResponseDto,
    summary: 'Stress every deal matching a filter under 1 to 10 scenarios (extension; writes nothing)',
    extension: true,
    description:
      "Extension beyond the Deal Underwriting Service spec. Selects deals with the cross-deal report's filter and answers, unstressed and per " +
      'scenario: deals, exposure (sum of loan amounts), count and exposure with DSCR below policy, below 1.00x, LTV above policy, exposure-weighted ' +
      'DSCR and LTV, a DSCR distribution; and the per-deal rows, paged. Nothing is written.',
  },
  getDealChanges: {
    name: 'getDealChanges',
    method: 'GET',
    path: '/getDealChanges',
    query: DealChangesQueryDto,
    response: DealChangesResponseDto,
    summary: 'List the deals whose graph changed since a cursor (extension, for sync)',
    extension: true,
    description:
      'Extension beyond the Deal Underwriting Service spec. Every write to a deal\'s graph (the deal, its collaterals, components, rent rolls, ' +
      'cash flows, funds, people and companies and their links; creates and deletes) advances the store\'s change sequence in the same ' +
      'transaction. The answer lists the deals changed after `since`, oldest first, each at most once with its latest change (Upsert or Delete), ' +
      `at most \`limit\` of them (1 to ${CHANGES_PAGE_MAX}); \`hasMore\` says to ask again with the new cursor. Without \`since\`, the feed ` +
      'is read from its beginning: every deal stored as an Upsert, and every deal deleted since the feed began as a Delete. A cursor this store cannot continue from (malformed, from another store, or ahead of it, as after a restore) ' +
      'is refused with ValidationError on `since`: start over without it. Read the feed before the graphs it names.',
  },
  getDealGraphs: {
    name: 'getDealGraphs',
    method: 'POST',
    path: '/getDealGraphs',
    body: DealGraphsRequestDto,
    response: DealGraphsResponseDto,
    summary: 'Read the whole graph of up to 100 deals in one call (extension, for sync)',
    extension: true,
    description:
      'Extension beyond the Deal Underwriting Service spec. For each deal, every read of its graph as the single read endpoint answers it ' +
      '(the same bytes, envelope included), keyed by endpoint name and path id: the deal, its funds, collateral and component summaries, ' +
      'each collateral\'s component summary and cash flow, each component\'s base and typed read, each rent roll, its people and companies, ' +
      `and the cross-deal report filtered to the deal. A deal that does not exist answers MissingEntity in its entry. The answer is bounded by ` +
      `asking for at most ${GRAPHS_MAX_DEALS} deals a request: a client with more pages through them.`,
  },
} as const satisfies Record<string, EndpointDef>;

type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
/** The success body (also the shape of a failure that still carries the DTO fields). */
export type ResponseOf<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
/** What a client sends (defaults not yet applied); the gateway receives the DTO's z.infer type. */
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P extends z.ZodType }
  ? z.infer<P>
  : never;

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/**
 * Everything an endpoint may answer: its DTO, or a failure carrying only success and error
 * (unknown id, malformed request). The server serialises replies with this, not `response`.
 */
export function replySchema<N extends EndpointName>(name: N) {
  const response: Endpoints[N]['response'] = ENDPOINTS[name].response;
  return z.union([response, z.object({ success: z.literal(false), error: response.shape.error.unwrap() })]);
}
export type ReplyOf<N extends EndpointName> = z.infer<ReturnType<typeof replySchema<N>>>;

/** The path of a call from {base_url}, parameters filled in and encoded. */
export function endpointPath<N extends EndpointName>(name: N, ...[params]: [ParamsOf<N>] extends [never] ? [] : [ParamsOf<N>]) {
  const values = (params ?? {}) as Record<string, string>;
  return API_PREFIX + ENDPOINTS[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));
}
