import { shareComputedComponents } from '../figures';
import type { StorePort } from '../store';

// One deal's graph (getDealGraphs) is ~14 reads, each built by the same functions as the single
// read endpoints: they ask the store the same questions again and again (a collateral's
// components, units, comps, rent rolls and items about five times per deal, the underwriting
// settings five times, ...; about 94 store calls a deal, measured). Inside one read snapshot the
// answers cannot change, so the graph's reads share them: each read method below is asked once
// per distinct argument list, and later calls get the same answer. Only reads are remembered,
// only for the life of one snapshot, and callers treat answers as read-only (as they do today:
// nothing in the gateway or figures mutates what the store answers). The components' figures
// computed over it are shared the same way (figures/components.ts, shareComputedComponents).

/** The store's pure reads whose answers a snapshot may share (everything else passes through). */
const SHARED_READS = [
  'storeVersion',
  'dealRow',
  'dealRows',
  'collateralsOfDeal',
  'collateralRow',
  'dealIdsOfCollateral',
  'dealRead',
  'fundsOfDeal',
  'personRow',
  'companyRow',
  'componentRow',
  'componentsOfCollaterals',
  'livingUnitsOf',
  'salesCompsOf',
  'marketDataOf',
  'rentRollRow',
  'rentRollsOfComponents',
  'itemsOfRentRolls',
  'revenueValuationsOf',
  'transactionsOf',
  'alternativeValuationsOf',
  'storedCollateralFigures',
  'dealCollateralFigures',
  'dealsCollateralFigures',
  'reportRowInputs',
  'selectReportLinks',
  'countReportLinks',
  'getUnderwritingSettings',
  'getDefaultCreditPolicyName',
] as const satisfies readonly (keyof StorePort)[];

/**
 * `tx` (a snapshot's port) with its reads shared: the same read with the same arguments answers
 * the first call's promise. Use it only inside a read snapshot, for one piece of work.
 */
export function sharedSnapshotReads(tx: StorePort): StorePort {
  const answers = new Map<string, unknown>();
  const shared: StorePort = { ...tx };
  const methods = shared as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of SHARED_READS) {
    const read = (tx[name] as (...args: unknown[]) => unknown).bind(tx);
    methods[name] = (...args: unknown[]) => {
      const key = `${name}\u0000${JSON.stringify(args)}`;
      if (answers.has(key)) return answers.get(key);
      const answer = read(...args);
      answers.set(key, answer);
      return answer;
    };
  }
  // A nested unit joins the snapshot: its work keeps sharing the same answers.
  shared.snapshot = (work) => tx.snapshot(() => work(shared));
  shared.transaction = (work) => tx.transaction(() => work(shared));
  // And so do the components' figures computed from them (rent roll summaries included).
  shareComputedComponents(shared);
  return shared;
}
