import { yearOneLadder, type CollateralRollupFigures, type CollateralStressInput } from '../domain';
import type { CollateralStressFigures, ComputedCollateralFigures, StorePort } from '../store';
import { cashFlowOf, mainOf, mainValuationOf, rollupOf, sizeOf } from './collaterals';
import { loadComponentBasics } from './components';
import { groupBy } from './group-by';

// A collateral's roll-up figures: computed from its inputs (the same functions as
// computeCollaterals, without what a roll-up does not use) and cached by the store.

/**
 * Bump when a formula behind CollateralRollupFigures (or the stress figures stored with it)
 * changes: stored figures of another version are recomputed. 2: the year-one ladder and main cap
 * rate are stored with the roll-up.
 */
export const FIGURES_VERSION = 2;

/** What the stored roll-up and stress figures of each collateral are computed from, read through `store`. */
async function loadRollupInputs(store: StorePort, collateralIds: readonly string[]) {
  const componentsBy = groupBy(await loadComponentBasics(store, collateralIds), (c) => c.row.collateralId);
  const valuationsBy = groupBy(await store.revenueValuationsOf(collateralIds), (v) => v.collateralId);
  const alternativesBy = groupBy(await store.alternativeValuationsOf(collateralIds), (v) => v.collateralId);
  const mains = new Map(collateralIds.map((id) => [id, mainValuationOf(valuationsBy.get(id) ?? [])]));
  const mainIds = [...mains.values()].filter((v) => v !== null).map((v) => v.id);
  const transactionsBy = groupBy(await store.transactionsOf(mainIds), (t) => t.valuationId);
  return collateralIds.map((id) => {
    const size = sizeOf((componentsBy.get(id) ?? []).map((c) => c.basics));
    const main = mains.get(id) ?? null;
    const mainCashFlow = main ? cashFlowOf(main, size, transactionsBy.get(main.id) ?? []) : undefined;
    return { id, main, mainCashFlow, rollup: rollupOf(size, main, mainCashFlow, mainOf(alternativesBy.get(id) ?? [])) };
  });
}

/**
 * The roll-ups, and with them what a stress needs of each collateral beyond the roll-up (the main
 * cash flow's year-one ladder and cap rate, as collateralStressInputs computes them), which the
 * store keeps with the roll-up so that a portfolio stress reads one row per collateral.
 */
async function computeRollupsAndStress(store: StorePort, collateralIds: readonly string[]): Promise<ComputedCollateralFigures> {
  const rollups = new Map<string, CollateralRollupFigures>();
  const stress = new Map<string, CollateralStressFigures>();
  for (const { id, main, mainCashFlow, rollup } of await loadRollupInputs(store, collateralIds)) {
    rollups.set(id, rollup);
    stress.set(id, { ...yearOneLadder(mainCashFlow), capRate: main?.capRate ?? 0 });
  }
  return { rollups, stress };
}

/**
 * What a stress needs of each collateral (docs/analysis.md): the year-one ladder of its main cash
 * flow, the main valuation's cap rate, its sales and alternative valuations. Loaded as a roll-up
 * is, through the same functions, so the ladder's NOI is the roll-up's NOI exactly. Reads only:
 * nothing is stored.
 */
export async function collateralStressInputs(store: StorePort, collateralIds: readonly string[]): Promise<Map<string, CollateralStressInput>> {
  const out = new Map<string, CollateralStressInput>();
  for (const { id, main, mainCashFlow, rollup } of await loadRollupInputs(store, collateralIds)) {
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
 * The roll-up figures of these collaterals: stored ones where current, the rest computed from
 * their inputs and stored by the store where it can show the inputs unchanged since the read
 * (StorePort.refillCollateralFigures). Inside a unit of work nothing is stored.
 */
export async function collateralRollups(store: StorePort, collateralIds: readonly string[]): Promise<Map<string, CollateralRollupFigures>> {
  const stored = await store.storedCollateralFigures(collateralIds, FIGURES_VERSION);
  if (collateralIds.every((id) => stored.has(id))) return stored;
  return store.refillCollateralFigures(collateralIds, FIGURES_VERSION, computeRollupsAndStress);
}

/** Every collateral's stored roll-up that is current; collaterals without one are absent. */
export function storedRollups(store: StorePort): Promise<Map<string, CollateralRollupFigures>> {
  return store.allStoredCollateralFigures(FIGURES_VERSION);
}

/** Computes and stores the figures of collaterals that have none, `batch` at a time; returns how many it computed. */
export async function fillCollateralFigures(store: StorePort, batch = 500): Promise<number> {
  // Walks the ids forward, so figures that cannot be saved (a read-only store) end the walk too.
  let filled = 0;
  let after = '';
  for (;;) {
    const ids = await store.collateralsWithoutFigures(FIGURES_VERSION, batch, after);
    if (ids.length === 0) return filled;
    await collateralRollups(store, ids);
    filled += ids.length;
    after = ids.at(-1)!;
  }
}
