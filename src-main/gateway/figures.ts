import {
  cashFlow,
  collateralFiguresFromComponents,
  dealCollateralTotals,
  dealMetrics,
  hotelRevenue,
  incomeValuation,
  rentRollSummary,
  salesComparison,
  sum,
  yearOneLadder,
  type CashFlow,
  type CashFlowSectionName,
  type CollateralRollupFigures,
  type CollateralStressInput,
  type DealLoanTerms,
  type DealMetrics,
  type HotelRevenue,
  type RentRollSummary,
  type SalesComparison,
} from '../domain';
import type { UnderwritingSettings } from '../contract/system-config';
import {
  componentsOfCollaterals,
  itemsOfRentRolls,
  livingUnitsOf,
  rentRollsOfComponents,
  salesCompsOf,
  type ComponentRow,
  type LivingUnitRow,
  type RentRollItemRow,
  type RentRollRow,
} from '../store/components';
import type { CollateralRow, DealMetricInputs, DealRow } from '../store/deals';
import type { Db } from '../store/db';
import { inTransaction, readSnapshot } from '../store/transactions';
import {
  alternativeValuationsOf,
  revenueValuationsOf,
  transactionsOf,
  type AlternativeValuationRow,
  type CashFlowTransactionRow,
  type RevenueValuationRow,
} from '../store/valuations';
import {
  allStoredCollateralFigures,
  collateralsWithoutFigures,
  dealCollateralFigures,
  dealsCollateralFigures,
  type CollateralFiguresEntry,
  saveCollateralFigures, storedCollateralFigures, type CollateralStressFigures } from '../store/collateral-figures';

// Every derived figure is computed here from stored inputs. The one exception is a collateral's
// roll-up (collateralRollups): stored after it is computed, and deleted by triggers in the same
// statement as any write to its inputs, so a write is still visible to every read at once.

export interface ComponentComputed {
  row: ComponentRow;
  units: LivingUnitRow[];
  rentRolls: RentRollRow[];
  selectedRentRoll: { row: RentRollRow; items: RentRollItemRow[]; summary: RentRollSummary<RentRollItemRow> } | null;
  totalUnits: number;
  totalSf: number;
  sales: SalesComparison;
  hotel: HotelRevenue | null;
  /** Annual revenue at market (comparable) rents, USD. */
  totalMarketAnnualRevenue: number;
  /** Annual revenue at the underwriter's concluded rents, USD. */
  totalConcludedRentAnnualRevenue: number;
  totalRentRollAnnualRevenue: number;
  rentRollVacancy: number;
}

export interface CollateralComputed {
  row: CollateralRow;
  components: ComponentComputed[];
  revenueValuations: RevenueValuationRow[];
  mainValuation: RevenueValuationRow | null;
  cashFlows: Map<string, CashFlow>;
  alternativeValuations: AlternativeValuationRow[];
  mainAlternativeValuation: AlternativeValuationRow | null;
  figures: CollateralRollupFigures;
}

export function summarizeRentRoll(row: RentRollRow, items: RentRollItemRow[]): RentRollSummary<RentRollItemRow> {
  return rentRollSummary({ items, effectiveDate: row.effectiveDate });
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

interface ComponentBasics {
  hotel: HotelRevenue | null;
  totalUnits: number;
  totalSf: number;
  sales: SalesComparison;
}

/** A component's size, sales comparison and hotel revenue: what its collateral's roll-up needs. */
function componentBasics(row: ComponentRow, units: readonly LivingUnitRow[], comps: Parameters<typeof salesComparison>[0]['comps']): ComponentBasics {
  const isHotel = row.componentType === 'Hotel';
  const hotel = isHotel
    ? hotelRevenue({
        totalRooms: row.hotelTotalRooms,
        averageDailyRate: row.hotelAverageDailyRate,
        occupancy: row.hotelOccupancy,
        otherRevenueRatio: row.hotelOtherRevenueRatio,
      })
    : null;
  const totalUnits = isHotel ? row.hotelTotalRooms : sum(units.map((u) => u.numUnits));
  const totalSf = isHotel ? row.hotelTotalSf : sum(units.map((u) => u.unitSize * u.numUnits));
  const sales = salesComparison({
    method: row.saleValueComputationType === 'BySf' ? 'BySf' : 'ByUnit',
    comps,
    units: totalUnits,
    sf: totalSf,
  });
  return { hotel, totalUnits, totalSf, sales };
}

function loadComponentBasics(db: Db, collateralIds: readonly string[]): { row: ComponentRow; units: LivingUnitRow[]; basics: ComponentBasics }[] {
  const rows = componentsOfCollaterals(db, collateralIds);
  const ids = rows.map((r) => r.id);
  const unitsBy = groupBy(livingUnitsOf(db, ids), (u) => u.componentId);
  const compsBy = groupBy(salesCompsOf(db, ids), (c) => c.componentId);
  return rows.map((row) => {
    const units = unitsBy.get(row.id) ?? [];
    return { row, units, basics: componentBasics(row, units, compsBy.get(row.id) ?? []) };
  });
}

/** Loads the components of the given collaterals with everything their figures need. */
export function computeComponents(db: Db, collateralIds: readonly string[]): ComponentComputed[] {
  const loaded = loadComponentBasics(db, collateralIds);
  const ids = loaded.map((c) => c.row.id);
  const rolls = rentRollsOfComponents(db, ids);
  const rollsBy = groupBy(rolls, (r) => r.componentId);
  const selectedIds = loaded.map((c) => c.row.selectedRentRollId).filter((id): id is string => !!id);
  const itemsBy = groupBy(itemsOfRentRolls(db, selectedIds), (i) => i.rentRollId);
  return loaded.map(({ row, units, basics }) => {
    const { hotel } = basics;
    const rollRows = rollsBy.get(row.id) ?? [];
    const selectedRow = rollRows.find((r) => r.id === row.selectedRentRollId) ?? null;
    const items = selectedRow ? (itemsBy.get(selectedRow.id) ?? []) : [];
    const selectedRentRoll = selectedRow ? { row: selectedRow, items, summary: summarizeRentRoll(selectedRow, items) } : null;
    const annualAt = (rent: (u: LivingUnitRow) => number) => 12 * sum(units.map((u) => rent(u) * u.numUnits));
    return {
      row,
      units,
      rentRolls: rollRows,
      selectedRentRoll,
      ...basics,
      totalMarketAnnualRevenue: hotel ? hotel.totalRevenueAnnual : annualAt((u) => u.compsMonthlyRent),
      totalConcludedRentAnnualRevenue: hotel ? hotel.totalRevenueAnnual : annualAt((u) => u.concludedMonthlyRent),
      totalRentRollAnnualRevenue: selectedRentRoll?.summary.totalAnnualRevenue ?? 0,
      rentRollVacancy: selectedRentRoll?.summary.vacancy ?? 0,
    };
  });
}

/** The valuation whose cash flow and cap rate are the collateral's: the main one, else the first. */
function mainOf<T extends { isMain: boolean }>(rows: readonly T[]): T | null {
  return rows.find((r) => r.isMain) ?? rows[0] ?? null;
}

/** A collateral's main income valuation: the main one among those not at market, else the first; else the main or first market one. */
export function mainValuationOf<T extends { isMain: boolean; isMarket: boolean }>(valuations: readonly T[]): T | null {
  return mainOf(valuations.filter((v) => !v.isMarket)) ?? mainOf(valuations);
}

function cashFlowOf(valuation: RevenueValuationRow, size: { totalSF: number; totalUnit: number }, transactions: readonly CashFlowTransactionRow[]): CashFlow {
  return cashFlow({
    years: valuation.years,
    totalSf: size.totalSF,
    totalUnits: size.totalUnit,
    transactions: transactions.map((t) => ({
      section: t.section as CashFlowSectionName,
      group: t.groupName,
      description: t.description,
      comment: t.comment ?? '',
      measureType: t.measureType,
      amount: t.amount,
      annualizedByYear: t.annualizedByYear,
    })),
  });
}

function sizeOf(components: readonly ComponentBasics[]) {
  return collateralFiguresFromComponents(components.map((c) => ({ ...c, saleValue: c.sales.saleValue })));
}

function rollupOf(
  size: ReturnType<typeof sizeOf>,
  mainValuation: RevenueValuationRow | null,
  mainCashFlow: CashFlow | undefined,
  mainAlternativeValuation: AlternativeValuationRow | null,
): CollateralRollupFigures {
  const noi = mainCashFlow?.netOperatingIncome ?? 0;
  return {
    netOperatingIncome: noi,
    netIncome: mainCashFlow?.netIncome ?? 0,
    incomeValuation: incomeValuation(noi, mainValuation?.capRate ?? 0),
    alternativeValuation: mainAlternativeValuation?.valuation ?? 0,
    salesValuation: size.salesValuation,
    totalSF: size.totalSF,
    totalUnit: size.totalUnit,
  };
}

export function computeCollaterals(db: Db, collateralRows: readonly CollateralRow[]): CollateralComputed[] {
  const ids = collateralRows.map((c) => c.id);
  const componentsBy = groupBy(computeComponents(db, ids), (c) => c.row.collateralId);
  const valuationsBy = groupBy(revenueValuationsOf(db, ids), (v) => v.collateralId);
  const alternativesBy = groupBy(alternativeValuationsOf(db, ids), (v) => v.collateralId);
  const valuationIds = [...valuationsBy.values()].flat().map((v) => v.id);
  const transactionsBy = groupBy(transactionsOf(db, valuationIds), (t) => t.valuationId);
  return collateralRows.map((row) => {
    const components = componentsBy.get(row.id) ?? [];
    const size = sizeOf(components);
    const revenueValuations = valuationsBy.get(row.id) ?? [];
    const cashFlows = new Map<string, CashFlow>();
    for (const valuation of revenueValuations) cashFlows.set(valuation.id, cashFlowOf(valuation, size, transactionsBy.get(valuation.id) ?? []));
    const mainValuation = mainValuationOf(revenueValuations);
    const alternativeValuations = alternativesBy.get(row.id) ?? [];
    const mainAlternativeValuation = mainOf(alternativeValuations);
    return {
      row,
      components,
      revenueValuations,
      mainValuation,
      cashFlows,
      alternativeValuations,
      mainAlternativeValuation,
      figures: rollupOf(size, mainValuation, mainValuation ? cashFlows.get(mainValuation.id) : undefined, mainAlternativeValuation),
    };
  });
}

/**
 * The roll-up figures alone, computed from the inputs: the same functions as computeCollaterals
 * without what a roll-up does not use (rent rolls, cash flows of valuations that are not main).
 */
function computeRollups(db: Db, collateralIds: readonly string[]): Map<string, CollateralRollupFigures> {
  return computeRollupsAndStress(db, collateralIds).rollups;
}

/**
 * computeRollups, and with it what a stress needs of each collateral beyond the roll-up (the main
 * cash flow's year-one ladder and cap rate, as collateralStressInputs computes them), which the
 * store keeps with the roll-up so that a portfolio stress reads one row per collateral.
 */
function computeRollupsAndStress(db: Db, collateralIds: readonly string[]): { rollups: Map<string, CollateralRollupFigures>; stress: Map<string, CollateralStressFigures> } {
  const componentsBy = groupBy(loadComponentBasics(db, collateralIds), (c) => c.row.collateralId);
  const valuationsBy = groupBy(revenueValuationsOf(db, collateralIds), (v) => v.collateralId);
  const alternativesBy = groupBy(alternativeValuationsOf(db, collateralIds), (v) => v.collateralId);
  const mains = new Map(collateralIds.map((id) => [id, mainValuationOf(valuationsBy.get(id) ?? [])]));
  const mainIds = [...mains.values()].filter((v) => v !== null).map((v) => v.id);
  const transactionsBy = groupBy(transactionsOf(db, mainIds), (t) => t.valuationId);
  const rollups = new Map<string, CollateralRollupFigures>();
  const stress = new Map<string, CollateralStressFigures>();
  for (const id of collateralIds) {
    const size = sizeOf((componentsBy.get(id) ?? []).map((c) => c.basics));
    const main = mains.get(id) ?? null;
    const mainCashFlow = main ? cashFlowOf(main, size, transactionsBy.get(main.id) ?? []) : undefined;
    rollups.set(id, rollupOf(size, main, mainCashFlow, mainOf(alternativesBy.get(id) ?? [])));
    stress.set(id, { ...yearOneLadder(mainCashFlow), capRate: main?.capRate ?? 0 });
  }
  return { rollups, stress };
}

/**
 * What a stress needs of each collateral (docs/analysis.md): the year-one ladder of its main cash
 * flow, the main valuation's cap rate, its sales and alternative valuations. Loaded as
 * computeRollups loads a roll-up, through the same functions, so the ladder's NOI is the roll-up's
 * NOI exactly. Reads only: nothing is stored.
 */
export function collateralStressInputs(db: Db, collateralIds: readonly string[]): Map<string, CollateralStressInput> {
  const componentsBy = groupBy(loadComponentBasics(db, collateralIds), (c) => c.row.collateralId);
  const valuationsBy = groupBy(revenueValuationsOf(db, collateralIds), (v) => v.collateralId);
  const alternativesBy = groupBy(alternativeValuationsOf(db, collateralIds), (v) => v.collateralId);
  const mains = new Map(collateralIds.map((id) => [id, mainValuationOf(valuationsBy.get(id) ?? [])]));
  const mainIds = [...mains.values()].filter((v) => v !== null).map((v) => v.id);
  const transactionsBy = groupBy(transactionsOf(db, mainIds), (t) => t.valuationId);
  const out = new Map<string, CollateralStressInput>();
  for (const id of collateralIds) {
    const size = sizeOf((componentsBy.get(id) ?? []).map((c) => c.basics));
    const main = mains.get(id) ?? null;
    const mainCashFlow = main ? cashFlowOf(main, size, transactionsBy.get(main.id) ?? []) : undefined;
    const rollup = rollupOf(size, main, mainCashFlow, mainOf(alternativesBy.get(id) ?? []));
    out.set(id, {
      ...yearOneLadder(mainCashFlow),
      capRate: main?.capRate ?? 0,
      salesValuation: rollup.salesValuation,
      alternativeValuation: rollup.alternativeValuation,
    });
  }
  return out;
}

/**
 * Bump when a formula behind CollateralRollupFigures (or the stress figures stored with it)
 * changes: stored figures of another version are recomputed. 2: the year-one ladder and main cap
 * rate are stored with the roll-up.
 */
export const FIGURES_VERSION = 2;

const LOCKED = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_READONLY']);

/**
 * The roll-up figures of these collaterals: stored ones where current, the rest computed from
 * their inputs and stored. The read, the computation and the save share one transaction, so a
 * write by another connection in between makes the save fail (SQLite refuses to upgrade a stale
 * snapshot) instead of storing figures of older inputs; the figures are then still returned,
 * just not kept. Inside a caller's transaction nothing is saved: a read snapshot (uw report)
 * must not turn into a write lock held to its end, and a write transaction may still change
 * the inputs after this read.
 */
export function collateralRollups(db: Db, collateralIds: readonly string[]): Map<string, CollateralRollupFigures> {
  const stored = storedCollateralFigures(db, collateralIds, FIGURES_VERSION);
  if (collateralIds.every((id) => stored.has(id))) return stored;
  const merged = (current: Map<string, CollateralRollupFigures>, computed: Map<string, CollateralRollupFigures>) =>
    new Map(collateralIds.map((id) => [id, current.get(id) ?? computed.get(id)!]));
  if (inTransaction(db)) return merged(stored, computeRollups(db, collateralIds.filter((id) => !stored.has(id))));

  let result: Map<string, CollateralRollupFigures> | undefined;
  try {
    readSnapshot(db, () => {
      const current = storedCollateralFigures(db, collateralIds, FIGURES_VERSION);
      const computed = computeRollupsAndStress(db, collateralIds.filter((id) => !current.has(id)));
      result = merged(current, computed.rollups);
      saveCollateralFigures(db, FIGURES_VERSION, computed.rollups, computed.stress);
    });
  } catch (error) {
    if (!result || !LOCKED.has((error as { code?: string }).code ?? '')) throw error;
  }
  return result!;
}

/** Every collateral's stored roll-up that is current; collaterals without one are absent. */
export function storedRollups(db: Db): Map<string, CollateralRollupFigures> {
  return allStoredCollateralFigures(db, FIGURES_VERSION);
}

/** Computes and stores the figures of collaterals that have none, `batch` at a time; returns how many it computed. */
export function fillCollateralFigures(db: Db, batch = 500): number {
  // Walks the ids forward, so figures that cannot be saved (a read-only store) end the walk too.
  let filled = 0;
  let after = '';
  for (;;) {
    const ids = collateralsWithoutFigures(db, FIGURES_VERSION, batch, after);
    if (ids.length === 0) return filled;
    collateralRollups(db, ids);
    filled += ids.length;
    after = ids.at(-1)!;
  }
}

export interface CollateralFigures {
  row: CollateralRow;
  figures: CollateralRollupFigures;
}

export interface DealComputed {
  collaterals: CollateralFigures[];
  totals: CollateralRollupFigures;
  metrics: DealMetrics;
}

/** A deal's loan terms as the domain takes them (the same mapping for the reads and the analysis). */
export function dealLoanTerms(deal: DealMetricInputs): DealLoanTerms {
  return {
    grossLoan: deal.grossLoan,
    isFixed: deal.rateIndex === 'Fixed',
    indexRate: deal.indexRate,
    rateSpread: deal.rateSpread,
    interestRateFloor: deal.interestRateFloor,
    loanPaymentStructure: deal.loanPaymentStructure === 'P_I_Amortization' ? 'P_I_Amortization' : 'InterestOnly',
    amortizationTerm: deal.amortizationTerm,
    debtServiceMethod: deal.debtServiceMethod === 'Manual' ? 'Manual' : 'Calculated',
    userDebtService: deal.userDebtService,
    projectTotalCost: deal.projectTotalCost,
    userSelectedLtv: deal.userSelectedLtv as 'None' | 'Alternative' | 'Income' | 'Sales',
  };
}

export function computeDealMetrics(deal: DealMetricInputs, totals: CollateralRollupFigures, settings: UnderwritingSettings): DealMetrics {
  return dealMetrics({ ...dealLoanTerms(deal), collateral: totals, dayCount: settings.dayCount, dscrNumerator: settings.dscrNumerator });
}

/** The figures of these entries, stored or (where null) computed through collateralRollups. */
function figuresOfEntries(db: Db, entries: readonly CollateralFiguresEntry[]): Map<string, CollateralRollupFigures> {
  const out = new Map<string, CollateralRollupFigures>();
  const missing: string[] = [];
  for (const e of entries) {
    if (e.figures) out.set(e.collateralId, e.figures);
    else missing.push(e.collateralId);
  }
  if (missing.length > 0) for (const [id, f] of collateralRollups(db, missing)) out.set(id, f);
  return out;
}

/** Each deal's collateral totals (its collaterals in getDealInfo's order), and every collateral's figures. */
export function dealsRollups(db: Db, dealIds: readonly string[]): { totals: Map<string, CollateralRollupFigures>; collaterals: Map<string, CollateralRollupFigures> } {
  const byDeal = dealsCollateralFigures(db, dealIds, FIGURES_VERSION);
  const collaterals = figuresOfEntries(db, [...byDeal.values()].flat());
  const totals = new Map([...byDeal].map(([dealId, entries]) => [dealId, dealCollateralTotals(entries.map((e) => collaterals.get(e.collateralId)!))]));
  return { totals, collaterals };
}

/** A deal's collateral totals and metrics, from its collaterals' roll-ups. */
export function computeDealFigures(db: Db, deal: DealRow, settings: UnderwritingSettings): Omit<DealComputed, 'collaterals'> {
  return dealFiguresOfEntries(db, deal, dealCollateralFigures(db, deal.id, FIGURES_VERSION), settings);
}

/** computeDealFigures from the deal's collateral entries (dealCollateralFigures) already read. */
export function dealFiguresOfEntries(
  db: Db,
  deal: DealRow,
  entries: readonly CollateralFiguresEntry[],
  settings: UnderwritingSettings,
): Omit<DealComputed, 'collaterals'> {
  const figures = figuresOfEntries(db, entries);
  const totals = dealCollateralTotals(entries.map((e) => figures.get(e.collateralId)!));
  return { totals, metrics: computeDealMetrics(deal, totals, settings) };
}

export function computeDeal(db: Db, deal: DealRow, collateralRows: readonly CollateralRow[], settings: UnderwritingSettings): DealComputed {
  const rollups = collateralRollups(db, collateralRows.map((c) => c.id));
  const collaterals = collateralRows.map((row) => ({ row, figures: rollups.get(row.id)! }));
  const totals = dealCollateralTotals(collaterals.map((c) => c.figures));
  return { collaterals, totals, metrics: computeDealMetrics(deal, totals, settings) };
}
