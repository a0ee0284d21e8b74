import type { EndpointName } from '../contract';
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
  body: unknown;
}

export type GatewayHandler = (ctx: GatewayContext, request: GatewayRequest) => Promise<unknown>;

/**
 * One function per endpoint of the contract's ENDPOINTS table; both transports call these. The
 * table is complete by type: an endpoint without its function does not compile.
 */
export const GATEWAY: Record<EndpointName, GatewayHandler> = {
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
