import {
  cashFlow,
  collateralFiguresFromComponents,
  incomeValuation,
  type CashFlow,
  type CashFlowSectionName,
  type CollateralRollupFigures,
} from '../domain';
import type { AlternativeValuationRow, CashFlowTransactionRow, CollateralRow, RevenueValuationRow, StorePort } from '../store';
import { computeComponents, type ComponentBasics, type ComponentComputed } from './components';
import { groupBy } from './group-by';

// Every derived figure is computed in this layer from stored inputs. The one exception is a
// collateral's roll-up (rollups.ts): stored after it is computed, and invalidated by the store in
// the same statement as any write to its inputs, so a write is still visible to every read at once.

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

/** The valuation whose cash flow and cap rate are the collateral's: the main one, else the first. */
export function mainOf<T extends { isMain: boolean }>(rows: readonly T[]): T | null {
  return rows.find((r) => r.isMain) ?? rows[0] ?? null;
}

/** A collateral's main income valuation: the main one among those not at market, else the first; else the main or first market one. */
export function mainValuationOf<T extends { isMain: boolean; isMarket: boolean }>(valuations: readonly T[]): T | null {
  return mainOf(valuations.filter((v) => !v.isMarket)) ?? mainOf(valuations);
}

export function cashFlowOf(valuation: RevenueValuationRow, size: { totalSF: number; totalUnit: number }, transactions: readonly CashFlowTransactionRow[]): CashFlow {
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

export function sizeOf(components: readonly ComponentBasics[]) {
  return collateralFiguresFromComponents(components.map((c) => ({ ...c, saleValue: c.sales.saleValue })));
}

export function rollupOf(
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

/** The collaterals with everything their reads show: components, valuations, every cash flow, the roll-up. */
export async function computeCollaterals(store: StorePort, collateralRows: readonly CollateralRow[]): Promise<CollateralComputed[]> {
  const ids = collateralRows.map((c) => c.id);
  const componentsBy = groupBy(await computeComponents(store, ids), (c) => c.row.collateralId);
  const valuationsBy = groupBy(await store.revenueValuationsOf(ids), (v) => v.collateralId);
  const alternativesBy = groupBy(await store.alternativeValuationsOf(ids), (v) => v.collateralId);
  const valuationIds = [...valuationsBy.values()].flat().map((v) => v.id);
  const transactionsBy = groupBy(await store.transactionsOf(valuationIds), (t) => t.valuationId);
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
