import { asc } from 'drizzle-orm';
import type { AlternativeValuationRow, CashFlowTransactionRow, RevenueValuationRow } from '../valuations';
import type { PgDb } from './db';
import { anyId, binary } from './statements';
import { alternativeValuations, cashFlowTransactions, revenueValuations } from './schema';

// The PostgreSQL twins of store/valuations.ts.

export async function revenueValuationsOf(pg: PgDb, collateralIds: readonly string[]): Promise<RevenueValuationRow[]> {
  if (collateralIds.length === 0) return [];
  return pg
    .select()
    .from(revenueValuations)
    .where(anyId(revenueValuations.collateralId, collateralIds))
    .orderBy(binary(revenueValuations.id));
}

export async function transactionsOf(pg: PgDb, valuationIds: readonly string[]): Promise<CashFlowTransactionRow[]> {
  if (valuationIds.length === 0) return [];
  return pg
    .select()
    .from(cashFlowTransactions)
    .where(anyId(cashFlowTransactions.valuationId, valuationIds))
    .orderBy(asc(cashFlowTransactions.position), binary(cashFlowTransactions.id));
}

export async function alternativeValuationsOf(pg: PgDb, collateralIds: readonly string[]): Promise<AlternativeValuationRow[]> {
  if (collateralIds.length === 0) return [];
  return pg
    .select()
    .from(alternativeValuations)
    .where(anyId(alternativeValuations.collateralId, collateralIds))
    .orderBy(binary(alternativeValuations.id));
}
