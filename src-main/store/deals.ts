import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { collaterals, dealCollaterals, dealCompanies, dealPeople, deals } from './schema';

export type DealRow = typeof deals.$inferSelect;
export type DealInsert = typeof deals.$inferInsert;
export type CollateralRow = typeof collaterals.$inferSelect;

export function dealRow(db: Db, id: string): DealRow | undefined {
  return db.select().from(deals).where(eq(deals.id, id)).get();
}

export function dealRows(db: Db, ids: readonly string[]): DealRow[] {
  return ids.length ? db.select().from(deals).where(inArray(deals.id, [...ids])).all() : [];
}

export function allDealIds(db: Db): string[] {
  return db.select({ id: deals.id }).from(deals).orderBy(asc(deals.createdAt), asc(deals.id)).all().map((r) => r.id);
}

export function dealPartyIds(db: Db, dealId: string): { personIds: string[]; companyIds: string[] } {
  const personIds = db.select({ id: dealPeople.personId }).from(dealPeople).where(eq(dealPeople.dealId, dealId)).all();
  const companyIds = db
    .select({ id: dealCompanies.companyId })
    .from(dealCompanies)
    .where(eq(dealCompanies.dealId, dealId))
    .all();
  return { personIds: personIds.map((r) => r.id), companyIds: companyIds.map((r) => r.id) };
}

export function collateralsOfDeal(db: Db, dealId: string): CollateralRow[] {
  return db
    .select({ c: collaterals })
    .from(dealCollaterals)
    .innerJoin(collaterals, eq(collaterals.id, dealCollaterals.collateralId))
    .where(eq(dealCollaterals.dealId, dealId))
    .orderBy(asc(dealCollaterals.position), asc(collaterals.id))
    .all()
    .map((r) => r.c);
}

export function collateralRow(db: Db, id: string): CollateralRow | undefined {
  return db.select().from(collaterals).where(eq(collaterals.id, id)).get();
}

/** The deals a collateral secures (a collateral may back several deals). */
export function dealIdsOfCollateral(db: Db, collateralId: string): string[] {
  return db
    .select({ id: dealCollaterals.dealId })
    .from(dealCollaterals)
    .where(eq(dealCollaterals.collateralId, collateralId))
    .all()
    .map((r) => r.id);
}

/** A collateral already at this place: same placeId, else the same normalised address. */
export function collateralAtPlace(db: Db, placeId: string, addressKey: string): { id: string } | undefined {
  return (
    db.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.placeId, placeId)).get() ??
    db.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.addressKey, addressKey)).get()
  );
}
