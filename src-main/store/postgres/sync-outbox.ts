import type { HistoryActor, HistoryChange } from '../deal-history';
import type { NewDealGraph } from '../deal-graph';
import type { PgDb } from './db';
import { insertDealGraph } from './deal-graph';
import { recordHistory } from './deal-history';

// The one part of store/sync-outbox.ts the team server needs: the insert of a created deal.
// The server is the platform, never linked to another one, so nothing is queued for a push:
// the outbox stays a workstation's (SQLite) concern.

/** Inserts a deal created here with its creation's history entry, in one transaction. */
export async function insertDealGraphForSync(
  pg: PgDb,
  graph: NewDealGraph,
  _create: unknown,
  history?: { actor: HistoryActor; at: string; change: HistoryChange },
): Promise<Awaited<ReturnType<typeof insertDealGraph>>> {
  return pg.transaction(async (tx) => {
    const result = await insertDealGraph(tx, graph);
    if (result.inserted && history) await recordHistory(tx, history.actor, history.at, [history.change]);
    return result;
  });
}
