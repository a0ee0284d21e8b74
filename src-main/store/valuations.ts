import { asc, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { alternativeValuations, cashFlowTransactions, revenueValuations } from './schema';

export type RevenueValuationRow = typeof revenueValuations.$inferSelect;
export type CashFlowTransactionRow = typeof cashFlowTransactions.$inferSelect;
export type AlternativeValuationRow = typeof alternativeValuations.$inferSelect;

export function revenueValuationsOf(db: Db, collateralIds: readonly string[]): RevenueValuationRow[] {
  if (collateralIds.length === 0) return [];
  return db
    .select()
    .from(revenueValuations)
    .where(inArray(revenueValuations.collateralId, [...collateralIds]))
    .orderBy(asc(revenueValuations.id))
    .all();
}

export function transactionsOf(db: Db, valuationIds: readonly string[]): CashFlowTransactionRow[] {
  if (valuationIds.length === 0) return [];
  return db
    .select()
    .from(cashFlowTransactions)
    .where(inArray(cashFlowTransactions.valuationId, [...valuationIds]))
    .orderBy(asc(cashFlowTransactions.position), asc(cashFlowTransactions.id))
    .all();
}

export function alternativeValuationsOf(db: Db, collateralIds: readonly string[]): AlternativeValuationRow[] {
  if (collateralIds.length === 0) return [];
  return db
    .select()
    .from(alternativeValuations)
    .where(inArray(alternativeValuations.collateralId, [...collateralIds]))
    .orderBy(asc(alternativeValuations.id))
    .all();
}
