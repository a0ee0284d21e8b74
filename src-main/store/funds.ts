import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './db';
import { fundSources, fundUses, fundsAnalyses } from './schema';
import { perConnection } from './statements';

export type FundsRow = typeof fundsAnalyses.$inferSelect;
export type FundSourceRow = typeof fundSources.$inferSelect;
export type FundUseRow = typeof fundUses.$inferSelect;

export function fundsOfDeal(db: Db, dealId: string): { funds: FundsRow; sources: FundSourceRow[]; uses: FundUseRow[] } | undefined {
  const funds = perConnection(db, 'funds.ofDeal', () => db.select().from(fundsAnalyses).where(eq(fundsAnalyses.dealId, sql.placeholder('id'))).prepare()).get({ id: dealId });
  if (!funds) return undefined;
  const sources = perConnection(db, 'funds.sources', () =>
    db.select().from(fundSources).where(eq(fundSources.fundsId, sql.placeholder('id'))).orderBy(asc(fundSources.position)).prepare(),
  ).all({ id: funds.id });
  const uses = perConnection(db, 'funds.uses', () =>
    db.select().from(fundUses).where(eq(fundUses.fundsId, sql.placeholder('id'))).orderBy(asc(fundUses.position)).prepare(),
  ).all({ id: funds.id });
  return { funds, sources, uses };
}
