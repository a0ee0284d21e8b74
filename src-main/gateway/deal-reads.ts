import {
  type AssetType,
  type CollateralSummaryResponseDto,
  type ComponentSummaryDto,
  type ComponentSummaryResponseDto,
  type DealFundsInfoResponseDto,
  type DealIdsResponseDto,
  type DealState,
  type LoanPaymentStructure,
  type LoanType,
  type Priority,
  rateIndexDisplay,
  type RateIndexId,
  type SeedInfoResponseDto,
  type UserSelectedLtv,
} from '../contract';
import { dealLoanOfFunds, fundsSummary, loanFunds, maturityDate, withDealLoan } from '../domain';
import { type DealRow, underwritingSettingsOf } from '../store';
import { addressDto } from './address';
import { underwritingSettings, type GatewayContext } from './context';
import {
  type CollateralFigures,
  type ComponentComputed,
  computeComponents,
  computeDeal,
  computeDealFigures,
  dealFiguresOfEntries,
  FIGURES_VERSION,
} from '../figures';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

export function dealInfoDto(deal: DealRow, extra: { personIds: string[]; companyIds: string[] }, computed: Awaited<ReturnType<typeof computeDealFigures>>): SeedInfoResponseDto {
  const { totals, metrics } = computed;
  const rateIndex = deal.rateIndex as RateIndexId;
  return ok({
    id: deal.id,
    loanId: deal.loanId,
    seedName: deal.seedName,
    loanType: deal.loanType as LoanType,
    maturityDate: maturityDate(deal.originationDate, deal.loanTerm),
    riskRating: deal.riskRating,
    rateIndexType: rateIndexDisplay(rateIndex),
    interestRate: metrics.interestRate,
    rateSpread: deal.rateSpread,
    loanPaymentStructure: deal.loanPaymentStructure as LoanPaymentStructure,
    componentType: deal.propertyType as AssetType,
    debtService: metrics.debtService,
    companyIds: extra.companyIds,
    personIds: extra.personIds,
    originatedLoanAmount: deal.originatedLoanAmount,
    originationDate: deal.originationDate,
    grossLoan: deal.grossLoan,
    participationGrossLoan: deal.participationGrossLoan,
    ltc: metrics.ltc,
    ltv: metrics.ltv,
    amortizationTerm: deal.amortizationTerm,
    loanTerm: deal.loanTerm,
    interestRateFloor: deal.interestRateFloor,
    collateralTotals: {
      alternativeValuation: totals.alternativeValuation,
      incomeValuation: totals.incomeValuation,
      salesValuation: totals.salesValuation,
      netOperatingIncome: totals.netOperatingIncome,
      netIncome: totals.netIncome,
      userDebtService: deal.userDebtService,
      debtServiceMethod: deal.debtServiceMethod as 'Calculated' | 'Manual',
      debtService: metrics.debtService,
      netCashFlow: metrics.netCashFlow,
      dscr: metrics.dscr,
      debtYield: metrics.debtYield,
      totalSF: totals.totalSF,
      totalUnit: totals.totalUnit,
    },
    state: deal.state as DealState,
    status: deal.status,
    priority: deal.priority as Priority,
    owner: deal.ownerId,
    propertyType: deal.propertyType as AssetType,
    note: deal.note,
    description: deal.description,
    mainImageFileId: deal.mainImageFileId,
    projectTotalCost: deal.projectTotalCost,
    isSyndicatedLoan: deal.isSyndicatedLoan,
    indexRate: deal.indexRate,
    rateIndex,
    extensionTerm: deal.extensionTerm,
    closingDate: deal.closingDate,
    closedDate: deal.closedDate,
    profileName: deal.profileName,
    userSelectedLtv: deal.userSelectedLtv as UserSelectedLtv,
    requestedLoanAmount: deal.requestedLoanAmount,
    customField1: deal.customField1,
    customField2: deal.customField2,
    loansPackageId: deal.loansPackageId,
  });
}

export async function getDealInfo(ctx: GatewayContext, id: string): Read<SeedInfoResponseDto> {
  const read = await ctx.store.dealRead(id, FIGURES_VERSION);
  if (!read) return missingEntity('id', 'deal');
  return dealInfoDto(read.deal, read, await dealFiguresOfEntries(ctx.store, read.deal, read.figures, underwritingSettingsOf(read.settings)));
}

export async function getAllDealIds(ctx: GatewayContext): Promise<DealIdsResponseDto> {
  return ok({ dealIds: await ctx.store.allDealIds() });
}

export function collateralSummary(c: CollateralFigures) {
  return {
    id: c.row.id,
    address: addressDto(c.row),
    name: c.row.name,
    ...c.figures,
    yearBuilt: c.row.yearBuilt,
  };
}

export async function getDealCollateralSummary(ctx: GatewayContext, dealId: string): Read<CollateralSummaryResponseDto> {
  const deal = await ctx.store.dealRow(dealId);
  if (!deal) return missingEntity('dealId', 'deal');
  const { collaterals } = await computeDeal(ctx.store, deal, await ctx.store.collateralsOfDeal(dealId), await underwritingSettings(ctx));
  return ok({ collateralSummaries: collaterals.map(collateralSummary) });
}

export function componentSummary(c: ComponentComputed): ComponentSummaryDto {
  return {
    id: c.row.id,
    collateralId: c.row.collateralId,
    componentType: c.row.componentType as ComponentSummaryDto['componentType'],
    assetType: c.row.assetType as AssetType,
    leaseToPreLeaseRatio: c.row.leaseToPreLeaseRatio,
    totalUnits: c.totalUnits,
    totalSf: c.totalSf,
    saleValue: c.sales.saleValue,
    totalMarketAnnualRevenue: c.totalMarketAnnualRevenue,
    totalConcludedRentAnnualRevenue: c.totalConcludedRentAnnualRevenue,
    marketVacancy: c.row.marketVacancy,
    selectedRentRollId: c.row.selectedRentRollId,
    totalRentRollAnnualRevenue: c.totalRentRollAnnualRevenue,
    rentRollVacancy: c.rentRollVacancy,
  };
}

export async function getDealComponentSummary(ctx: GatewayContext, dealId: string): Read<ComponentSummaryResponseDto> {
  if (!await ctx.store.dealRow(dealId)) return missingEntity('dealId', 'deal');
  const collateralIds = (await ctx.store.collateralsOfDeal(dealId)).map((c) => c.id);
  return ok({ componentSummary: (await computeComponents(ctx.store, collateralIds)).map(componentSummary) });
}

export async function getCollateralComponentSummary(ctx: GatewayContext, collateralId: string): Read<ComponentSummaryResponseDto> {
  if (!await ctx.store.collateralRow(collateralId)) return missingEntity('collateralId', 'collateral');
  return ok({ componentSummary: (await computeComponents(ctx.store, [collateralId])).map(componentSummary) });
}

export async function getDealFunds(ctx: GatewayContext, dealId: string): Read<DealFundsInfoResponseDto> {
  const deal = await ctx.store.dealRow(dealId);
  if (!deal) return missingEntity('dealId', 'deal');
  return dealFundsOf(ctx, deal);
}

/** getDealFunds of this deal row (as stored, or with edits applied in memory: previewDealEdit). */
export async function dealFundsOf(ctx: GatewayContext, deal: DealRow): Promise<DealFundsInfoResponseDto | Failure> {
  const dealId = deal.id;
  const funds = await ctx.store.fundsOfDeal(dealId);
  if (!funds) return missingEntity('dealId', 'funds analysis for the deal');
  const settings = await underwritingSettings(ctx);
  const { totals, metrics } = await computeDealFigures(ctx.store, deal, settings);
  // The deal's own loan takes its amount and terms from the deal, so that an edit of the deal
  // shows here too and the deal's figures and its funds' never disagree on the loan's terms.
  const dealLoan = dealLoanOfFunds(
    {
      originatedLoanAmount: deal.originatedLoanAmount,
      grossLoan: deal.grossLoan,
      loanPaymentStructure: deal.loanPaymentStructure as LoanPaymentStructure,
      amortizationTerm: deal.amortizationTerm,
      debtServiceMethod: deal.debtServiceMethod === 'Manual' ? 'Manual' : 'Calculated',
      userDebtService: deal.userDebtService,
    },
    metrics.interestRate,
  );
  const stored = withDealLoan(
    funds.sources.map((s) => ({ ...s, loanPaymentStructure: s.loanPaymentStructure as LoanPaymentStructure })),
    dealLoan,
  );
  const sources = stored.map((s) => ({
    id: s.id,
    sourcesOfFunds: s.sourcesOfFunds,
    amount: s.amount,
    loanPaymentStructure: s.loanPaymentStructure,
    amortizationTerm: s.amortizationTerm,
    interestRate: s.interestRate,
    default: s.isDefault,
    isDefault: s.isDefault,
    isLoan: s.isLoan,
  }));
  const uses = funds.uses.map((u) => ({ id: u.id, usesOfFunds: u.usesOfFunds, amount: u.amount, default: u.isDefault, isDefault: u.isDefault }));
  const summary = fundsSummary({ sources, uses, units: totals.totalUnit, sf: totals.totalSF });
  const loans = loanFunds({
    loans: stored
      .filter((s) => s.isLoan)
      .map((s) => ({
        sourcesOfFunds: s.sourcesOfFunds,
        amount: s.amount,
        loanPaymentStructure: s.loanPaymentStructure,
        amortizationTerm: s.amortizationTerm,
        interestRate: s.interestRate,
        manualDebtService: s.manualDebtService,
      })),
    noi: totals.netOperatingIncome,
    coverageIncome: settings.dscrNumerator === 'NetCashFlow' ? totals.netIncome : totals.netOperatingIncome,
    incomeValuation: totals.incomeValuation,
    dayCount: settings.dayCount,
  });
  return ok({
    id: funds.funds.id,
    fundsLoansInfo: loans,
    fundsSourcesInfo: {
      ...summary.fundsSourcesInfo,
      // Equity and other non-loan sources carry no payment structure, term or rate.
      fundSourceItems: summary.fundsSourcesInfo.fundSourceItems.map(({ isLoan, ...item }) =>
        isLoan ? item : { ...item, loanPaymentStructure: null, amortizationTerm: null, interestRate: null },
      ),
      balanceName: funds.funds.balanceName,
    },
    fundsUsesInfo: summary.fundsUsesInfo,
  });
}
