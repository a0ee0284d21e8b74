import type { UnderwritingSettings } from '../contract/system-config';
import { yearOneLadderOfLines, type CollateralRollupFigures, type CollateralStressInput, type DealStressInput } from '../domain';
import type { Db } from '../store/db';
import { dealsCollateralFigures, type CollateralFiguresEntry } from '../store/collateral-figures';
import { analysisDealRows, valuationHeadsOf, yearOneTotalsOf, type AnalysisDealRow, type YearOneTotal } from '../store/stress-inputs';
import { collateralStressInputs, dealLoanTerms, FIGURES_VERSION, groupBy, mainValuationOf } from './figures';

// What the analysis endpoints read of a deal: its row, its loan terms and, per collateral (in
// getDealInfo's order), the year-one ladder of the main cash flow, the cap rate and the other
// valuations. Everything is computed by the functions behind the reads (figures.ts), so the
// unstressed figures equal getDealInfo's.

export interface DealAnalysisInput {
  deal: AnalysisDealRow;
  input: DealStressInput;
}

/**
 * The analysis inputs of these deals (absent: no such deal). Reads only. Call it synchronously
 * inside one read snapshot (readSnapshot) so that a deal and its collaterals are read together.
 */
export function loadDealAnalysisInputs(db: Db, dealIds: readonly string[], settings: UnderwritingSettings): Map<string, DealAnalysisInput> {
  const out = new Map<string, DealAnalysisInput>();
  if (dealIds.length === 0) return out;
  const rows = analysisDealRows(db, dealIds);
  const links = dealsCollateralFigures(db, dealIds, FIGURES_VERSION);
  const collaterals = stressInputsOf(db, [...links.values()].flat());
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
 * Each collateral's stress input. A collateral with stored roll-up figures (the usual case) reads
 * only its valuations' heads and its main cash flow's year-one section totals: its sales and alternative
 * valuations are the stored roll-up's, and the ladder is summed (in SQLite, line by line in order) as the cash flow sums it, so its
 * NOI is the stored NOI. One without stored figures is computed in full (collateralStressInputs),
 * and nothing is stored.
 */
function stressInputsOf(db: Db, entries: readonly CollateralFiguresEntry[]): Map<string, CollateralStressInput> {
  const stored = new Map<string, CollateralRollupFigures>();
  for (const e of entries) if (e.figures) stored.set(e.collateralId, e.figures);
  const missing = [...new Set(entries.filter((e) => !e.figures).map((e) => e.collateralId))];
  const out = missing.length > 0 ? collateralStressInputs(db, missing) : new Map<string, CollateralStressInput>();
  const ids = [...stored.keys()];
  const mains = new Map([...groupBy(valuationHeadsOf(db, ids), (v) => v.collateralId)].map(([id, heads]) => [id, mainValuationOf(heads)]));
  const mainIds = [...mains.values()].filter((v) => v !== null).map((v) => v.id);
  // Each section's total is already the sum of its lines in the cash flow's order; as a ladder's
  // single line it is added once to 0, which leaves it as it is.
  const totalsBy = groupBy(yearOneTotalsOf(db, mainIds), (t) => t.valuationId);
  const ladderOf = (totals: readonly YearOneTotal[]) => yearOneLadderOfLines(totals.map((t) => ({ section: t.section, yearOne: t.total })));
  for (const [id, figures] of stored) {
    const main = mains.get(id) ?? null;
    out.set(id, {
      ...ladderOf(main ? (totalsBy.get(main.id) ?? []) : []),
      capRate: main?.capRate ?? 0,
      salesValuation: figures.salesValuation,
      alternativeValuation: figures.alternativeValuation,
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
