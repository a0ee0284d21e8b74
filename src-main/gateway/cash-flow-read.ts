import type { CollateralCashFlowResponseDto, RevenueValuationDto } from '../contract';
import { dcf, dealCollateralTotals, debtYield, dscr, incomeValuation, ltv, rentRollSummary, type CashFlow } from '../domain';
import type { RevenueValuationRow } from '../store';
import { underwritingSettings, type GatewayContext } from './context';
import { collateralRollups, computeCollaterals, computeDealMetrics, groupBy, type CollateralComputed } from '../figures';
import { missingEntity, ok, type Failure } from './result';
import { alternativeValuationDto, revenueValuationLabelsDto } from './valuation-rows';

function dcfModel(v: RevenueValuationRow) {
  return { discountRate: v.discountRate, revenueGrowth: v.revenueGrowth, expenseGrowth: v.expenseGrowth };
}

/**
 * DCF of a valuation: yearly net cash flows (net income), reversion on the NOI of the year after
 * the horizon (last NOI grown by the last revenue growth), priced against the direct-cap value.
 */
function dcfOf(v: RevenueValuationRow, cf: CashFlow, value: number) {
  const lastNoi = cf.netOperatingIncomeByYear.at(-1) ?? 0;
  const lastGrowth = v.revenueGrowth.at(-1) ?? 0;
  return dcf({
    netCashFlows: cf.netIncomeByYear,
    nextYearNoi: lastNoi * (1 + lastGrowth),
    discountRate: v.discountRate,
    exitCapRate: v.exitCapRate,
    sellingCosts: v.sellingCosts,
    price: value,
  });
}

/** The deals a collateral secures, with the figures of each that do not depend on the valuation. */
async function securedDeals(ctx: GatewayContext, collateralId: string) {
  const settings = await underwritingSettings(ctx);
  const deals = [];
  for (const deal of await ctx.store.dealRows(await ctx.store.dealIdsOfCollateral(collateralId))) {
    const collateralIds = (await ctx.store.collateralsOfDeal(deal.id)).map((x) => x.id);
    const totals = dealCollateralTotals([...(await collateralRollups(ctx.store, collateralIds)).values()]);
    deals.push({ deal, m: computeDealMetrics(deal, totals, settings) });
  }
  return { settings, deals };
}

function revenueValuationDto(c: CollateralComputed, secured: Awaited<ReturnType<typeof securedDeals>>, v: RevenueValuationRow): RevenueValuationDto {
  const cf = c.cashFlows.get(v.id)!;
  const totalValuation = incomeValuation(cf.netOperatingIncome, v.capRate);
  const d = dcfOf(v, cf, totalValuation);
  const { settings } = secured;
  // What each deal this collateral secures would show if this valuation were the one used.
  const metrics = secured.deals.map(({ deal, m }) => {
    return {
      dealId: deal.id,
      dscr: dscr(settings.dscrNumerator === 'NetCashFlow' ? cf.netIncome : cf.netOperatingIncome, m.debtService),
      ltv: ltv({ loan: deal.grossLoan, userSelectedLtv: 'Income', incomeValuation: totalValuation, salesValuation: 0, alternativeValuation: 0 }),
      debtYield: debtYield(cf.netOperatingIncome, deal.grossLoan),
    };
  });
  return {
    ...revenueValuationLabelsDto(v),
    cashFlow: {
      valuationsInfoId: v.id,
      fileId: v.cashFlowFileId,
      comment: v.cashFlowComment,
      ...cf,
      dcfModel: dcfModel(v),
      finalSale: d.finalSale,
      presentValues: d.presentValues,
      netPresentValue: d.netPresentValue,
    },
    totalValuation,
    componentsVacancies: Object.fromEntries(
      c.components.map((comp) => [
        comp.row.id,
        { amountValue: comp.totalConcludedRentAnnualRevenue * comp.row.marketVacancy, percentageValue: comp.row.marketVacancy },
      ]),
    ),
    componentsSelectedRentRolls: Object.fromEntries(
      c.components.filter((comp) => comp.row.selectedRentRollId).map((comp) => [comp.row.id, comp.row.selectedRentRollId!]),
    ),
    metrics,
  };
}

export async function getCollateralCashFlow(ctx: GatewayContext, id: string): Promise<CollateralCashFlowResponseDto | Failure> {
  const row = await ctx.store.collateralRow(id);
  if (!row) return missingEntity('id', 'collateral');
  const [c] = await computeCollaterals(ctx.store, [row]);
  const collateral = c!;
  const rolls = collateral.components.flatMap((comp) => comp.rentRolls);
  // The selected rent rolls were summarised with their components: only the others are read here.
  const revenues = new Map<string, number>();
  for (const comp of collateral.components) {
    if (comp.selectedRentRoll) revenues.set(comp.selectedRentRoll.row.id, comp.selectedRentRoll.summary.totalAnnualRevenue);
  }
  const others = rolls.filter((r) => !revenues.has(r.id));
  const itemsByRoll = groupBy(await ctx.store.itemsOfRentRolls(others.map((r) => r.id)), (i) => i.rentRollId);
  for (const r of others) revenues.set(r.id, rentRollSummary({ items: itemsByRoll.get(r.id) ?? [], effectiveDate: r.effectiveDate }).totalAnnualRevenue);
  const secured = await securedDeals(ctx, row.id);
  const market = collateral.revenueValuations.find((v) => v.isMarket) ?? null;
  const main = collateral.mainValuation;
  const alt = collateral.mainAlternativeValuation;
  return ok({
    id: main?.id ?? row.id,
    collateralId: row.id,
    marketCapRate: row.marketCapRate,
    mainIncomeValuationCapRate: main?.capRate ?? 0,
    marketValuation: market ? revenueValuationDto(collateral, secured, market) : null,
    salesValuation: collateral.figures.salesValuation,
    mainIncomeValuationId: main?.id ?? null,
    mainAlternativeValuationId: alt?.id ?? null,
    mainAlternativeValuation: alt?.valuation ?? 0,
    mainAlternativeValuationDate: alt?.asOfDate ?? null,
    capRateLastModifiedTime: row.capRateLastModifiedTime,
    rentRollRevenues: Object.fromEntries(rolls.map((r) => [r.id, revenues.get(r.id)!])),
    componentTotals: {
      componentsData: collateral.components.map((comp) => ({
        id: comp.row.id,
        assetType: comp.row.assetType as CollateralCashFlowResponseDto['componentTotals']['componentsData'][number]['assetType'],
        totalSf: comp.totalSf,
        totalUnits: comp.totalUnits,
        saleValue: comp.sales.saleValue,
        totalMarketAnnualRevenue: comp.totalMarketAnnualRevenue,
        totalRentRollAnnualRevenue: comp.totalRentRollAnnualRevenue,
        marketVacancy: comp.row.marketVacancy,
        rentRollVacancy: comp.rentRollVacancy,
      })),
      totalSaleValue: collateral.figures.salesValuation,
      totalSf: collateral.figures.totalSF,
      totalUnits: collateral.figures.totalUnit,
    },
    revenueValuations: collateral.revenueValuations.filter((v) => !v.isMarket).map((v) => revenueValuationDto(collateral, secured, v)),
    alternativeValuations: collateral.alternativeValuations.map(alternativeValuationDto),
    dcfModel: main ? dcfModel(main) : { discountRate: 0, revenueGrowth: [], expenseGrowth: [] },
  });
}
