import {
  type AssetType,
  type BulkUpdateProperty,
  type CashFlowDto,
  rateIndexId,
  type RevenueDto,
  type RevenueValuationDto,
} from '../contract';
import { addressKey, CASH_FLOW_SECTIONS } from '../domain';
import {
  addressColumnsOf,
  alternativeValuationColumns,
  commercialItemColumns,
  companyColumns,
  personColumns,
  PROPERTY_COLUMNS,
  rentRollColumns,
  residentialItemColumns,
  revenueValuationLabelColumns,
} from '../gateway';
import type { MirrorCollateral, MirrorDeal } from '../store';
import type { ComponentDetail, DealGraph } from './graph';
import { solveFactor, solveReversion } from './numbers';

// The working copy of a pulled deal, rebuilt from the platform's reads so that every read of
// the local instance equals the platform's (docs/sync.md; README "Sync with the central
// platform"). Stored inputs the reads show directly are copied. Inputs shown only through a
// figure are given values that reproduce that figure exactly in IEEE arithmetic (see numbers.ts):
// - living-unit rents (shown as rent x units), a hotel's other-revenue ratio (other / room
//   revenue), a component's sales comps (one synthetic comp per approach whose $/unit or $/SF
//   times the component's size is the shown valuation), a valuation's exit cap rate and selling
//   costs (shown only as the reversion value);
// - orders (living units, cash-flow lines, collaterals, components, rent rolls, funds items) as
//   positions; cash-flow line ids, which no read shows, as `${valuationId}~${n}`;
// - the deal's created_at as a synthetic timestamp that orders deals as getAllDealIds does.
// Inputs no read shows at all (a collateral's description, sub-type, sub-status, the value
// basis of an alternative valuation) are left as the working copy has them (empty when new).

export interface MirrorBuild {
  mirror: MirrorDeal;
  /** Figures that could only be approximated (a read may then differ in the last digit). */
  inexact: number;
}

/** created_at of the n-th deal of the platform's list: orders deals as the platform does. */
export function syntheticCreatedAt(position: number): string {
  return new Date(Date.UTC(2000, 0, 1) + position).toISOString();
}

const pad = (n: number) => String(n).padStart(6, '0');

/** The reads of a deal's graph that no row under its collaterals is built from (see buildMirrorDeal). */
const DEAL_LEVEL_READS: ReadonlySet<string> = new Set(['getDealInfo', 'getDealFunds', 'getPersonInfo', 'getCompanyInfo']);

/**
 * Whether rows of the deal's collaterals, or rows under them, are built from reads of this
 * type: when no such read changed since the last pull, those rows are as it wrote them.
 */
export function feedsCollaterals(readType: string): boolean {
  return !DEAL_LEVEL_READS.has(readType);
}

export function buildMirrorDeal(graph: DealGraph, options: { createdAt: string; overlay: ReadonlyMap<BulkUpdateProperty, unknown> }): MirrorBuild {
  let inexact = 0;
  /** f with f * by === target, else the best approximation (counted). */
  const factor = (target: number, by: number): number => {
    if (target === 0) return 0;
    const f = solveFactor(target, by);
    if (f !== null) return f;
    inexact += 1;
    return by === 0 ? 0 : target / by;
  };

  const d = graph.deal;
  const deal: MirrorDeal['deal'] = {
    id: d.id,
    loanId: d.loanId,
    seedName: d.seedName,
    loanType: d.loanType,
    propertyType: d.propertyType ?? d.componentType,
    state: d.state ?? 'NewDeal',
    status: d.status ?? null,
    priority: d.priority ?? 'Medium',
    ownerId: d.owner ?? 'unknown-owner@platform.invalid',
    note: d.note ?? null,
    description: d.description ?? null,
    mainImageFileId: d.mainImageFileId ?? null,
    projectTotalCost: d.projectTotalCost ?? 0,
    grossLoan: d.grossLoan,
    requestedLoanAmount: d.requestedLoanAmount ?? 0,
    isSyndicatedLoan: d.isSyndicatedLoan ?? false,
    participationGrossLoan: d.participationGrossLoan,
    originatedLoanAmount: d.originatedLoanAmount,
    rateIndex: d.rateIndex ?? (d.rateIndexType ? rateIndexId(d.rateIndexType) : 'SOFR'),
    indexRate: d.indexRate ?? 0,
    rateSpread: d.rateSpread,
    interestRateFloor: d.interestRateFloor,
    loanPaymentStructure: d.loanPaymentStructure,
    loanTerm: d.loanTerm,
    extensionTerm: d.extensionTerm ?? 0,
    amortizationTerm: d.amortizationTerm,
    originationDate: d.originationDate,
    closingDate: d.closingDate ?? null,
    closedDate: d.closedDate ?? null,
    riskRating: d.riskRating,
    profileName: d.profileName ?? null,
    userSelectedLtv: d.userSelectedLtv ?? 'None',
    userDebtService: d.collateralTotals.userDebtService,
    debtServiceMethod: d.collateralTotals.debtServiceMethod,
    customField1: d.customField1 ?? null,
    customField2: d.customField2 ?? null,
    loansPackageId: d.loansPackageId ?? null,
    createdAt: options.createdAt,
  };
  // Local edits not yet on the platform stay in the working copy.
  const row = deal as Record<string, unknown>;
  for (const [property, value] of options.overlay) row[PROPERTY_COLUMNS[property]] = value;

  const collaterals: MirrorCollateral[] = graph.collateralSummaries.map((summary) => {
    const { components: componentSummaries, cashFlow } = graph.collaterals.get(summary.id)!;
    const assetTypes = [...new Set(componentSummaries.map((c) => c.assetType))];
    const propertyType: AssetType =
      graph.collateralPropertyTypes.get(summary.id) ?? (assetTypes.length === 1 ? assetTypes[0]! : assetTypes.length > 1 ? 'Mixed' : 'None');
    const address = addressColumnsOf(summary.address);
    const out: MirrorCollateral = {
      collateral: {
        id: summary.id,
        name: summary.name ?? '',
        propertyType,
        yearBuilt: summary.yearBuilt ?? null,
        ...address,
        addressKey: addressKey(address),
        marketCapRate: cashFlow.marketCapRate,
        capRateLastModifiedTime: cashFlow.capRateLastModifiedTime,
      },
      components: [],
      marketData: [],
      salesComps: [],
      livingUnits: [],
      rentRolls: [],
      rentRollItems: [],
      revenueValuations: [],
      cashFlowTransactions: [],
      alternativeValuations: [],
    };

    componentSummaries.forEach((s, position) => {
      const { base, detail } = graph.components.get(s.id)!;
      const hotel = detail && 'hotelInfo' in detail ? detail.hotelInfo : null;
      out.components.push({
        id: s.id,
        collateralId: summary.id,
        componentType: s.componentType,
        assetType: s.assetType,
        position,
        leaseToPreLeaseRatio: s.leaseToPreLeaseRatio,
        marketVacancy: s.marketVacancy,
        saleValueComputationType: base.saleValueComputationType,
        selectedRentRollId: s.selectedRentRollId,
        hotelTotalSf: hotel ? s.totalSf : 0,
        hotelTotalRooms: hotel?.totalRooms ?? 0,
        hotelAverageDailyRate: hotel?.averageDailyRate ?? 0,
        hotelOccupancy: hotel?.occupancy ?? 0,
        hotelOtherRevenueRatio: hotel ? factor(hotel.otherRevenueAnnual, hotel.roomRevenueAnnual) : 0,
      });
      if (base.marketTrendSummary || base.marketSummary || base.marketData || base.marketForecast) {
        out.marketData.push({
          componentId: s.id,
          trendSummary: base.marketTrendSummary,
          summary: base.marketSummary,
          mainMarket: base.marketData?.mainMarket ?? null,
          subMarket: base.marketData?.subMarket ?? null,
          forecast: base.marketForecast,
        });
      }
      // One comp per approach: its $/unit (or $/SF) times the component's size is the valuation shown.
      const perUnit = base.salesCompUnitValuation > 0 && s.totalUnits > 0 ? factor(base.salesCompUnitValuation, s.totalUnits) : 0;
      const perSf = base.salesCompSFValuation > 0 && s.totalSf > 0 ? factor(base.salesCompSFValuation, s.totalSf) : 0;
      if (perUnit > 0) out.salesComps.push({ id: `${s.id}~sales-unit`, componentId: s.id, name: 'Sales comparison ($/unit, from the platform)', pricePerUnit: perUnit, pricePerSf: 0 });
      if (perSf > 0) out.salesComps.push({ id: `${s.id}~sales-sf`, componentId: s.id, name: 'Sales comparison ($/SF, from the platform)', pricePerUnit: 0, pricePerSf: perSf });
      out.livingUnits.push(...livingUnitRows(s.id, detail, factor));

      base.rentRollsOrder.forEach((rollId, rollPosition) => {
        const read = graph.rentRolls.get(rollId)!;
        const r = read.roll;
        out.rentRolls.push(rentRollColumns(r, read.kind, rollPosition));
        if (read.kind === 'Residential') {
          read.roll.rentRollItems.forEach((item, i) => out.rentRollItems.push(residentialItemColumns(item, r.id, i)));
        } else {
          read.roll.rentRollItems.forEach((item, i) => out.rentRollItems.push(commercialItemColumns(item, r.id, i)));
        }
      });
    });

    const valuations: { v: RevenueValuationDto; isMarket: boolean }[] = [
      ...(cashFlow.marketValuation ? [{ v: cashFlow.marketValuation, isMarket: true }] : []),
      ...cashFlow.revenueValuations.map((v) => ({ v, isMarket: false })),
    ];
    for (const { v, isMarket } of valuations) {
      const cf = v.cashFlow;
      const years = cf.effectiveIncomeByYear.length;
      const lastNoi = cf.netOperatingIncomeByYear.at(-1) ?? 0;
      const lastGrowth = cf.dcfModel.revenueGrowth.at(-1) ?? 0;
      const reversion = solveReversion(cf.finalSale, lastNoi * (1 + lastGrowth));
      if (!reversion.exact) inexact += 1;
      out.revenueValuations.push({
        ...revenueValuationLabelColumns(v),
        collateralId: summary.id,
        isMain: v.valuationsInfoId === cashFlow.mainIncomeValuationId,
        isMarket,
        cashFlowFileId: cf.fileId,
        cashFlowComment: cf.comment,
        years,
        discountRate: cf.dcfModel.discountRate,
        exitCapRate: reversion.exitCapRate,
        sellingCosts: reversion.sellingCosts,
        revenueGrowth: cf.dcfModel.revenueGrowth,
        expenseGrowth: cf.dcfModel.expenseGrowth,
      });
      out.cashFlowTransactions.push(...transactionRows(v.valuationsInfoId, cf, years));
    }
    for (const a of cashFlow.alternativeValuations) {
      out.alternativeValuations.push(alternativeValuationColumns(a, summary.id, a.valuationsInfoId === cashFlow.mainAlternativeValuationId));
    }
    return out;
  });

  const f = graph.funds;
  const funds: MirrorDeal['funds'] = f
    ? {
        analysis: { id: f.id, dealId: d.id, balanceName: f.fundsSourcesInfo.balanceName },
        sources: f.fundsSourcesInfo.fundSourceItems.map((s, position) => ({
          id: s.id,
          fundsId: f.id,
          position,
          sourcesOfFunds: s.sourcesOfFunds,
          amount: s.amount,
          isLoan: s.loanPaymentStructure !== null,
          loanPaymentStructure: s.loanPaymentStructure ?? 'InterestOnly',
          amortizationTerm: s.amortizationTerm ?? 0,
          interestRate: s.interestRate ?? 0,
          isDefault: s.isDefault,
        })),
        uses: f.fundsUsesInfo.fundUseItems.map((u, position) => ({
          id: u.id,
          fundsId: f.id,
          position,
          usesOfFunds: u.usesOfFunds,
          amount: u.amount,
          isDefault: u.isDefault,
        })),
      }
    : null;

  const people = [...graph.people.values()].map(personColumns);
  const companies = [...graph.companies.values()].map(companyColumns);

  return {
    mirror: {
      deal,
      users: [deal.ownerId],
      loansPackageIds: deal.loansPackageId ? [deal.loansPackageId] : [],
      people,
      companies,
      personIds: d.personIds,
      companyIds: d.companyIds,
      collaterals,
      funds,
    },
    inexact,
  };
}

/** Units of a revenue: monthly / per-unit, when both are known. */
function unitsOf(r: RevenueDto): number | null {
  if (r.monthly === 0 || r.monthlyPerUnit === 0) return null;
  const n = Math.round(r.monthly / r.monthlyPerUnit);
  return n > 0 ? n : null;
}

function livingUnitRows(componentId: string, detail: ComponentDetail | null, factor: (target: number, by: number) => number): MirrorCollateral['livingUnits'] {
  if (!detail || !('livingUnitsInfo' in detail)) return [];
  const info = detail.livingUnitsInfo;
  const units = info.livingUnits as (typeof info.livingUnits)[number][];
  // A commercial suite's unit count is shown only through its per-unit revenue (1 for suites made by creates).
  const counts = units.map((u) => ('numUnits' in u ? u.numUnits : (unitsOf(u.concludedRevenue) ?? unitsOf(u.compsRevenue))));
  const unknown = counts.filter((n) => n === null).length;
  const knownSum = counts.reduce<number>((s, n) => s + (n ?? 0), 0);
  const fill = unknown === 1 && info.totalUnits - knownSum > 0 ? info.totalUnits - knownSum : 1;
  return units.map((u, i) => {
    const numUnits = counts[i] ?? fill;
    const residential = 'numUnits' in u;
    return {
      id: u.id,
      componentId,
      frontEndGridLineNumber: pad(i + 1),
      description: u.description,
      suite: residential ? null : u.suite,
      floor: residential ? null : u.floor,
      bedrooms: residential ? u.bedrooms : null,
      bathrooms: residential ? u.bathrooms : null,
      unitSize: u.unitSize,
      numUnits,
      compsMonthlyRent: factor(u.compsRevenue.monthly, numUnits),
      concludedMonthlyRent: factor(u.concludedRevenue.monthly, numUnits),
    };
  });
}

function transactionRows(valuationId: string, cf: CashFlowDto, years: number) {
  const rows: MirrorCollateral['cashFlowTransactions'] = [];
  for (const section of CASH_FLOW_SECTIONS) {
    for (const group of cf[section].groupedTransactions) {
      for (const t of group.transactions) {
        const position = rows.length;
        rows.push({
          id: `${valuationId}~${pad(position)}`,
          valuationId,
          position,
          section,
          groupName: t.group,
          description: t.description,
          comment: t.comment,
          measureType: t.measureType,
          amount: t.amount,
          // With no projection years the read still shows year 1 (annualized).
          annualizedByYear: years === 0 ? [t.annualized] : t.annualizedByYear,
        });
      }
    }
  }
  return rows;
}
