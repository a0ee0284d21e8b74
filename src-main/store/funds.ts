import { asc, eq } from 'drizzle-orm';
import type { Db } from './db';
import { fundSources, fundUses, fundsAnalyses } from './schema';

export type FundsRow = typeof fundsAnalyses.$inferSelect;
export type FundSourceRow = typeof fundSources.$inferSelect;
export type FundUseRow = typeof fundUses.$inferSelect;

export function fundsOfDeal(db: Db, dealId: string): { funds: FundsRow; sources: FundSourceRow[]; uses: FundUseRow[] } | undefined {
  const funds = db.select().from(fundsAnalyses).where(eq(fundsAnalyses.dealId, dealId)).get();
  if (!funds) return undefined;
  const sources = db.select().from(fundSources).where(eq(fundSources.fundsId, funds.id)).orderBy(asc(fundSources.position)).all();
  const uses = db.select().from(fundUses).where(eq(fundUses.fundsId, funds.id)).orderBy(asc(fundUses.position)).all();
  return { funds, sources, uses };
}
