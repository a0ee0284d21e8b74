import { eq, sql } from 'drizzle-orm';
import type { NewDealGraph } from '../deal-graph';
import type { PgDb } from './db';
import { collaterals, components, dealCollaterals, deals, fundSources, fundUses, fundsAnalyses, livingUnits } from './schema';

// A new deal's graph on PostgreSQL: the twin of store/deal-graph.ts.

/** The collateral standing at this place (by place id, else by normalised address), if any. */
export async function collateralAtPlace(pg: PgDb, placeId: string, addressKey: string): Promise<{ id: string } | undefined> {
  const [byPlace] = await pg.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.placeId, placeId)).limit(1);
  if (byPlace) return byPlace;
  const [byAddress] = await pg.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.addressKey, addressKey)).limit(1);
  return byAddress;
}

/**
 * Inserts the graph in one transaction (a savepoint inside a caller's), unless a collateral
 * already stands at the same place. SQLite's single writer makes its check-then-insert safe;
 * here two instances may create at once, so the transaction first takes advisory locks on the
 * place and the address (in a fixed order: no deadlock), and a second create of the same place
 * waits for the first to commit, then finds its collateral.
 */
export async function insertDealGraph(pg: PgDb, graph: NewDealGraph): Promise<{ inserted: true } | { inserted: false; existingCollateralId: string }> {
  return pg.transaction(async (tx) => {
    const keys = [`uw.place:${graph.collateral.placeId}`, `uw.address:${graph.collateral.addressKey}`].sort();
    for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const existing = await collateralAtPlace(tx, graph.collateral.placeId, graph.collateral.addressKey);
    if (existing) return { inserted: false as const, existingCollateralId: existing.id };
    await tx.insert(deals).values(graph.deal as typeof deals.$inferInsert);
    await tx.insert(collaterals).values(graph.collateral as typeof collaterals.$inferInsert);
    await tx.insert(dealCollaterals).values({ dealId: graph.deal.id, collateralId: graph.collateral.id! });
    await tx.insert(components).values(graph.component as typeof components.$inferInsert);
    if (graph.livingUnits.length) await tx.insert(livingUnits).values(graph.livingUnits as (typeof livingUnits.$inferInsert)[]);
    await tx.insert(fundsAnalyses).values(graph.funds as typeof fundsAnalyses.$inferInsert);
    if (graph.fundSources.length) await tx.insert(fundSources).values(graph.fundSources as (typeof fundSources.$inferInsert)[]);
    if (graph.fundUses.length) await tx.insert(fundUses).values(graph.fundUses as (typeof fundUses.$inferInsert)[]);
    return { inserted: true as const };
  });
}
