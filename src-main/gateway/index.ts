import type { BodyOf, EndpointName, ENDPOINTS, ErrorDto, ParamsOf, ResponseOf } from '../contract';
import { sizeLoan, stressDeal, stressPortfolio } from './analysis';
import { bulkUpdateDeals } from './bulk-update';
import { getCollateralCashFlow } from './cash-flow-read';
import { getDealChanges, getDealGraphs } from './change-feed';
import {
  getBaseComponentInfo,
  getCommercialComponentInfo,
  getHotelComponentInfo,
  getResidentialComponentInfo,
} from './component-reads';
import type { GatewayContext } from './context';
import { getCrossDealCollateralReport } from './cross-deal-report';
import { createDeal } from './create-deal';
import { getImportReport, importCollaterals } from './import-collaterals';
import {
  getAllDealIds,
  getCollateralComponentSummary,
  getDealCollateralSummary,
  getDealComponentSummary,
  getDealFunds,
  getDealInfo,
} from './deal-reads';
import { getCompanyInfo, getPersonInfo } from './party-reads';
import { getCommercialRentrollInfo, getResidentialRentrollInfo } from './rent-roll-reads';

export type { GatewayContext } from './context';
export { previewDealEdit, type DealEditPreview } from './preview-edit';
export { listCreditPolicies, setDefaultCreditPolicy } from './credit-policies';
export { openPortfolioStress, portfolioRow, stressPortfolio, type OpenedPortfolioStress, type PortfolioStressMemo, type PortfolioStressRequest, type PortfolioStressRunOptions, type PortfolioStressTotals } from './analysis';
export { actingAs, actorOf } from './context';
// A deal's history, notes and undo (docs/history.md); the credit memo reads the first two.
export { addDealNote, getDealHistory, getDealNotes, undoHistoryEntry, type AddNoteResult, type UndoResult } from './deal-history';
export { historyFieldOf } from './bulk-update';
// Row <-> DTO mappings the sync client's working copy shares with the reads.
export { addressColumnsOf } from './address';
export { companyColumns, personColumns } from './party-rows';
export { commercialItemColumns, rentRollColumns, residentialItemColumns } from './rent-roll-rows';
export { alternativeValuationColumns, revenueValuationLabelColumns } from './valuation-rows';

export interface GatewayRequest {
  params: Record<string, string>;
  body?: unknown;
}

/**
 * A gateway function as a router sees it, for an endpoint named only at run time (the HTTP
 * server, the credit file's replay), which checked the request against the endpoint's schemas
 * itself. Written as a method's type so that every typed endpoint function is one.
 */
export type GatewayHandler = { call(ctx: GatewayContext, request: GatewayRequest): Promise<unknown> }['call'];

type Endpoint<N extends EndpointName> = (typeof ENDPOINTS)[N];

/** What an endpoint's function receives: its path parameters (or query), its body as sent. */
export interface EndpointRequest<N extends EndpointName> {
  params: Endpoint<N> extends { params: object }
    ? ParamsOf<N>
    : Endpoint<N> extends { query: object }
      ? Record<string, string>
      : Record<string, never>;
  body?: Endpoint<N> extends { body: object } ? BodyOf<N> : undefined;
}

/** A refusal: the envelope with success false (a DTO's other fields, when present, are not read). */
export interface EndpointFailure {
  success: false;
  error: ErrorDto | null;
}

/** What an endpoint's function answers: its DTO, or a refusal. */
export type EndpointReply<N extends EndpointName> = ResponseOf<N> | EndpointFailure;

export type EndpointHandler<N extends EndpointName> = (ctx: GatewayContext, request: EndpointRequest<N>) => Promise<EndpointReply<N>>;

/** Whether a reply is a refusal (`success` false); otherwise it is the endpoint's DTO. */
export function isRefusal<T extends { success: boolean }>(reply: T | EndpointFailure): reply is EndpointFailure {
  return !reply.success;
}

export const GATEWAY: { [N in EndpointName]: EndpointHandler<N> } = {
  bulkUpdateDeals: (ctx, r) => bulkUpdateDeals(ctx, r.body),
  createResidentialDeal: (ctx, r) => createDeal(ctx, 'residential', r.body),
  createCommercialDeal: (ctx, r) => createDeal(ctx, 'commercial', r.body),
  createHotelDeal: (ctx, r) => createDeal(ctx, 'hotel', r.body),
  importCollaterals: (ctx, r) => importCollaterals(ctx, r.body),
  getImportReport: (ctx, r) => getImportReport(ctx, r.params.reportId!),
  getDealInfo: (ctx, r) => getDealInfo(ctx, r.params.id!),
  getAllDealIds: (ctx) => getAllDealIds(ctx),
  getDealFunds: (ctx, r) => getDealFunds(ctx, r.params.dealId!),
  getDealCollateralSummary: (ctx, r) => getDealCollateralSummary(ctx, r.params.dealId!),
  getDealComponentSummary: (ctx, r) => getDealComponentSummary(ctx, r.params.dealId!),
  getCollateralComponentSummary: (ctx, r) => getCollateralComponentSummary(ctx, r.params.collateralId!),
  getCollateralCashFlow: (ctx, r) => getCollateralCashFlow(ctx, r.params.id!),
  getBaseComponentInfo: (ctx, r) => getBaseComponentInfo(ctx, r.params.id!),
  getCommercialComponentInfo: (ctx, r) => getCommercialComponentInfo(ctx, r.params.id!),
  getResidentialComponentInfo: (ctx, r) => getResidentialComponentInfo(ctx, r.params.id!),
  getHotelComponentInfo: (ctx, r) => getHotelComponentInfo(ctx, r.params.id!),
  getResidentialRentrollInfo: (ctx, r) => getResidentialRentrollInfo(ctx, r.params.id!),
  getCommercialRentrollInfo: (ctx, r) => getCommercialRentrollInfo(ctx, r.params.id!),
  getPersonInfo: (ctx, r) => getPersonInfo(ctx, r.params.id!),
  getCompanyInfo: (ctx, r) => getCompanyInfo(ctx, r.params.id!),
  getCrossDealCollateralReport: (ctx, r) => getCrossDealCollateralReport(ctx, r.body),
  sizeLoan: (ctx, r) => sizeLoan(ctx, r.body),
  stressDeal: (ctx, r) => stressDeal(ctx, r.body),
  stressPortfolio: (ctx, r) => stressPortfolio(ctx, r.body),
  getDealChanges: (ctx, r) => getDealChanges(ctx, r.params),
  getDealGraphs: (ctx, r) => getDealGraphs(ctx, r.body),
};

/** GATEWAY for a router (see GatewayHandler): the same functions, by a name known only at run time. */
export const GATEWAY_ROUTES: Record<EndpointName, GatewayHandler> = GATEWAY;
export { PROPERTY_COLUMNS } from './bulk-update-rules';
export { underwritingSettings } from './context';
export { ReportTotals, openReport, type OpenReportOptions, type ReportQuery } from './cross-deal-report';
export { resumePendingImports } from './import-collaterals';
export { createOfflinePlaceLookup } from './place-lookup/offline-place-lookup';

/**
 * Fills an empty store with the demo portfolio (gateway/demo.ts). The generator is loaded on
 * first call: `uw serve` without --demo and the workstation's start do not pay for it.
 */
export async function seedDemo(...args: Parameters<typeof import('./demo').seedDemo>): ReturnType<typeof import('./demo').seedDemo> {
  return (await import('./demo')).seedDemo(...args);
}
export { type PlaceLookup } from './place-lookup/place-lookup';
export { parseBody } from './validation';
export { toWireValue } from './wire-value';
