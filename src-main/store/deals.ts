import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './db';
import { collaterals, dealCollaterals, deals } from './schema';
import { inIds, jsonList, perConnection, prepared } from './statements';

export type DealRow = typeof deals.$inferSelect;

/** The deal columns its metrics (gateway computeDealMetrics) are computed from. */
export type DealMetricInputs = Pick<
  DealRow,
  | 'grossLoan'
  | 'rateIndex'
  | 'indexRate'
  | 'rateSpread'
  | 'interestRateFloor'
  | 'loanPaymentStructure'
  | 'amortizationTerm'
  | 'debtServiceMethod'
  | 'userDebtService'
  | 'projectTotalCost'
  | 'userSelectedLtv'
>;
export type DealInsert = typeof deals.$inferInsert;
export type CollateralRow = typeof collaterals.$inferSelect;

export function dealRow(db: Db, id: string): DealRow | undefined {
  return perConnection(db, 'deals.dealRow', () =>
    db
      .select()
      .from(deals)
      .where(eq(deals.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

export function dealRows(db: Db, ids: readonly string[]): DealRow[] {
  if (ids.length === 0) return [];
  return perConnection(db, 'deals.rows', () => db.select().from(deals).where(inIds(deals.id)).prepare()).all(jsonList(ids));
}

export function dealCount(db: Db): number {
  return prepared(db, 'SELECT count(*) FROM deals').pluck().get() as number;
}

export function allDealIds(db: Db): string[] {
  return prepared(db, 'SELECT id FROM deals ORDER BY created_at, id').pluck().all() as string[];
}

export function collateralsOfDeal(db: Db, dealId: string): CollateralRow[] {
  return perConnection(db, 'deals.collateralsOfDeal', () =>
    db
      .select({ c: collaterals })
      .from(dealCollaterals)
      .innerJoin(collaterals, eq(collaterals.id, dealCollaterals.collateralId))
      .where(eq(dealCollaterals.dealId, sql.placeholder('dealId')))
      .orderBy(asc(dealCollaterals.position), asc(collaterals.id))
      .prepare(),
  )
    .all({ dealId })
    .map((r) => r.c);
}

export function collateralRow(db: Db, id: string): CollateralRow | undefined {
  return perConnection(db, 'collaterals.row', () =>
    db
      .select()
      .from(collaterals)
      .where(eq(collaterals.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/** The deals a collateral secures (a collateral may back several deals). */
export function dealIdsOfCollateral(db: Db, collateralId: string): string[] {
  return perConnection(db, 'deals.ofCollateral', () =>
    db
      .select({ id: dealCollaterals.dealId })
      .from(dealCollaterals)
      .where(eq(dealCollaterals.collateralId, sql.placeholder('id')))
      .prepare(),
  )
    .all({ id: collateralId })
    .map((r) => r.id);
}

/** A collateral already at this place: same placeId, else the same normalised address. */
export function collateralAtPlace(db: Db, placeId: string, addressKey: string): { id: string } | undefined {
  return (
    db.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.placeId, placeId)).get() ??
    db.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.addressKey, addressKey)).get()
  );
}
