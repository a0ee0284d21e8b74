import { asc } from 'drizzle-orm';
import type { Db } from './db';
import { alternativeValuations, cashFlowTransactions, revenueValuations } from './schema';
import { inIds, jsonList, perConnection } from './statements';

export type RevenueValuationRow = typeof revenueValuations.$inferSelect;
export type CashFlowTransactionRow = typeof cashFlowTransactions.$inferSelect;
export type AlternativeValuationRow = typeof alternativeValuations.$inferSelect;

export function revenueValuationsOf(db: Db, collateralIds: readonly string[]): RevenueValuationRow[] {
  if (collateralIds.length === 0) return [];
  return perConnection(db, 'revenueValuations.of', () =>
    db.select().from(revenueValuations).where(inIds(revenueValuations.collateralId)).orderBy(asc(revenueValuations.id)).prepare(),
  ).all(jsonList(collateralIds));
}

export function transactionsOf(db: Db, valuationIds: readonly string[]): CashFlowTransactionRow[] {
  if (valuationIds.length === 0) return [];
  return perConnection(db, 'cashFlowTransactions.of', () =>
    db
      .select()
      .from(cashFlowTransactions)
      .where(inIds(cashFlowTransactions.valuationId))
      .orderBy(asc(cashFlowTransactions.position), asc(cashFlowTransactions.id))
      .prepare(),
  ).all(jsonList(valuationIds));
}

export function alternativeValuationsOf(db: Db, collateralIds: readonly string[]): AlternativeValuationRow[] {
  if (collateralIds.length === 0) return [];
  return perConnection(db, 'alternativeValuations.of', () =>
    db.select().from(alternativeValuations).where(inIds(alternativeValuations.collateralId)).orderBy(asc(alternativeValuations.id)).prepare(),
  ).all(jsonList(collateralIds));
}
