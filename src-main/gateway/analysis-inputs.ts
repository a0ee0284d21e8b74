import type { UnderwritingSettings } from '../contract/system-config';
import type { DealStressInput } from '../domain';
import type { Db } from '../store/db';
import { dealsCollateralFigures } from '../store/collateral-figures';
import { dealRows, type DealRow } from '../store/deals';
import { collateralStressInputs, dealLoanTerms, FIGURES_VERSION } from './figures';

// What the analysis endpoints read of a deal: its row, its loan terms and, per collateral (in
// getDealInfo's order), the year-one ladder of the main cash flow, the cap rate and the other
// valuations. Everything is computed by the functions behind the reads (figures.ts), so the
// unstressed figures equal getDealInfo's.

export interface DealAnalysisInput {
  deal: DealRow;
  input: DealStressInput;
}

/**
 * The analysis inputs of these deals (absent: no such deal). Reads only. Call it synchronously
 * inside one read snapshot (readSnapshot) so that a deal and its collaterals are read together.
 */
export function loadDealAnalysisInputs(db: Db, dealIds: readonly string[], settings: UnderwritingSettings): Map<string, DealAnalysisInput> {
  const out = new Map<string, DealAnalysisInput>();
  if (dealIds.length === 0) return out;
  const rows = dealRows(db, dealIds);
  const links = dealsCollateralFigures(db, dealIds, FIGURES_VERSION);
  const collateralIds = [...new Set([...links.values()].flat().map((e) => e.collateralId))];
  const collaterals = collateralStressInputs(db, collateralIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of dealIds) {
    const deal = byId.get(id);
    if (!deal || out.has(id)) continue;
    out.set(id, {
      deal,
      input: {
        ...dealLoanTerms(deal),
        collaterals: (links.get(id) ?? []).map((e) => collaterals.get(e.collateralId)!),
        dayCount: settings.dayCount,
        dscrNumerator: settings.dscrNumerator,
      },
    });
  }
  return out;
}

/**
 * Runs `work` inside one deferred (read) transaction on the store's connection: one consistent
 * snapshot, and the figure cache is not written (collateralRollups saves nothing inside a
 * caller's transaction), so an analysis call writes nothing at all. `work` must be synchronous:
 * an await inside would let other requests' statements join the transaction.
 */
export function readSnapshot<T>(db: Db, work: () => T): T {
  const client = db.$client;
  if (client.inTransaction) return work();
  return client.transaction(work)();
}
