import { asc, eq } from 'drizzle-orm';
import type { FundSourceRow, FundUseRow, FundsRow } from '../funds';
import type { PgDb } from './db';
import { fundSources, fundUses, fundsAnalyses } from './schema';

// The PostgreSQL twin of store/funds.ts.

export async function fundsOfDeal(pg: PgDb, dealId: string): Promise<{ funds: FundsRow; sources: FundSourceRow[]; uses: FundUseRow[] } | undefined> {
  const [funds] = await pg.select().from(fundsAnalyses).where(eq(fundsAnalyses.dealId, dealId)).limit(1);
  if (!funds) return undefined;
  const sources = await pg.select().from(fundSources).where(eq(fundSources.fundsId, funds.id)).orderBy(asc(fundSources.position));
  const uses = await pg.select().from(fundUses).where(eq(fundUses.fundsId, funds.id)).orderBy(asc(fundUses.position));
  return { funds, sources, uses };
}
