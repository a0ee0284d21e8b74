import type { UnderwritingSettings } from '../contract';
import { yearOneLadderOfLines, type CollateralStressInput, type DealStressInput } from '../domain';
import type { AnalysisCollateralLink, AnalysisDealRow, StorePort, YearOneTotal } from '../store';
import { mainValuationOf } from './collaterals';
import { dealLoanTerms } from './deals';
import { groupBy } from './group-by';
import { collateralStressInputs, FIGURES_VERSION } from './rollups';

// What the analysis endpoints read of a deal: its row, its loan terms and, per collateral (in
// getDealInfo's order), the year-one ladder of the main cash flow, the cap rate and the other
// valuations. Everything is computed by the functions behind the reads (this layer), so the
// unstressed figures equal getDealInfo's.

export interface DealAnalysisInput {
  deal: AnalysisDealRow;
  input: DealStressInput;
}

/**
 * The analysis inputs of these deals (absent: no such deal). Reads only. Call it inside one read
 * snapshot (StorePort.snapshot) so that a deal and its collaterals are read together.
 */
export async function loadDealAnalysisInputs(store: StorePort, dealIds: readonly string[], settings: UnderwritingSettings): Promise<Map<string, DealAnalysisInput>> {
  const out = new Map<string, DealAnalysisInput>();
  if (dealIds.length === 0) return out;
  const rows = await store.analysisDealRows(dealIds);
  const links = await store.analysisCollateralLinks(dealIds, FIGURES_VERSION);
  const collaterals = await stressInputsOf(store, [...links.values()].flat());
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
 * Each collateral's stress input. The usual case reads nothing more: the stored roll-up keeps the
 * main cash flow's year-one ladder and cap rate (computed with the roll-up from the same cash flow
 * as collateralStressInputs computes them) and the sales and alternative valuations. A roll-up
 * stored without them reads its valuations' heads and its main cash flow's year-one section
 * totals (summed in SQLite, line by line in the cash flow's order, so to the same doubles). One
 * without stored figures is computed in full (collateralStressInputs). Nothing is stored.
 */
async function stressInputsOf(store: StorePort, links: readonly AnalysisCollateralLink[]): Promise<Map<string, CollateralStressInput>> {
  const out = new Map<string, CollateralStressInput>();
  const fromLines = new Map<string, { salesValuation: number; alternativeValuation: number }>();
  const missing = new Set<string>();
  for (const { collateralId, stored, stress } of links) {
    if (stored === null) missing.add(collateralId);
    else if (stress === null) fromLines.set(collateralId, stored);
    else out.set(collateralId, { ...stress, ...stored });
  }
  if (missing.size > 0) for (const [id, input] of await collateralStressInputs(store, [...missing])) out.set(id, input);
  if (fromLines.size === 0) return out;
  const ids = [...fromLines.keys()];
  const mains = new Map([...groupBy(await store.valuationHeadsOf(ids), (v) => v.collateralId)].map(([id, heads]) => [id, mainValuationOf(heads)]));
  const mainIds = [...mains.values()].filter((v) => v !== null).map((v) => v.id);
  // Each section's total is already the sum of its lines in the cash flow's order; as a ladder's
  // single line it is added once to 0, which leaves it as it is.
  const totalsBy = groupBy(await store.yearOneTotalsOf(mainIds), (t) => t.valuationId);
  const ladderOf = (totals: readonly YearOneTotal[]) => yearOneLadderOfLines(totals.map((t) => ({ section: t.section, yearOne: t.total })));
  for (const [id, stored] of fromLines) {
    const main = mains.get(id) ?? null;
    out.set(id, {
      ...ladderOf(main ? (totalsBy.get(main.id) ?? []) : []),
      capRate: main?.capRate ?? 0,
      salesValuation: stored.salesValuation,
      alternativeValuation: stored.alternativeValuation,
    });
  }
  return out;
}
