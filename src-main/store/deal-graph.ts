import type { Db } from './db';
import {
  collaterals,
  components,
  dealCollaterals,
  deals,
  fundSources,
  fundUses,
  fundsAnalyses,
  livingUnits,
} from './schema';
import { collateralAtPlace } from './deals';

/** A new deal with the collateral, component and unit mix a create generates. */
export interface NewDealGraph {
  deal: typeof deals.$inferInsert;
  collateral: typeof collaterals.$inferInsert & { placeId: string; addressKey: string };
  component: typeof components.$inferInsert;
  livingUnits: (typeof livingUnits.$inferInsert)[];
  funds: typeof fundsAnalyses.$inferInsert;
  fundSources: (typeof fundSources.$inferInsert)[];
  fundUses: (typeof fundUses.$inferInsert)[];
}

/**
 * Inserts the graph in one transaction, unless a collateral already stands at the same place
 * (checked inside the transaction, so two concurrent creates cannot both pass).
 */
export function insertDealGraph(db: Db, graph: NewDealGraph): { inserted: true } | { inserted: false; existingCollateralId: string } {
  return db.transaction((tx) => {
    const existing = collateralAtPlace(tx as unknown as Db, graph.collateral.placeId, graph.collateral.addressKey);
    if (existing) return { inserted: false as const, existingCollateralId: existing.id };
    tx.insert(deals).values(graph.deal).run();
    tx.insert(collaterals).values(graph.collateral).run();
    tx.insert(dealCollaterals).values({ dealId: graph.deal.id, collateralId: graph.collateral.id! }).run();
    tx.insert(components).values(graph.component).run();
    if (graph.livingUnits.length) tx.insert(livingUnits).values(graph.livingUnits).run();
    tx.insert(fundsAnalyses).values(graph.funds).run();
    if (graph.fundSources.length) tx.insert(fundSources).values(graph.fundSources).run();
    if (graph.fundUses.length) tx.insert(fundUses).values(graph.fundUses).run();
    return { inserted: true as const };
  });
}
