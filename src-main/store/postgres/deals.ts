import { asc, eq, sql } from 'drizzle-orm';
import type { CollateralRow, DealRow } from '../deals';
import type { PgDb } from './db';
import { anyId, binary } from './statements';
import { collaterals, dealCollaterals, deals } from './schema';

// The PostgreSQL twins of store/deals.ts: same arguments after the handle, same rows.

export async function dealRow(pg: PgDb, id: string): Promise<DealRow | undefined> {
  const [row] = await pg.select().from(deals).where(eq(deals.id, id)).limit(1);
  return row;
}

/** The deals among `ids` that exist (in no particular order, as on SQLite). */
export async function dealRows(pg: PgDb, ids: readonly string[]): Promise<DealRow[]> {
  if (ids.length === 0) return [];
  return pg.select().from(deals).where(anyId(deals.id, ids));
}

export async function dealCount(pg: PgDb): Promise<number> {
  // count(*) is a bigint, which drizzle's raw reads return as text: read as int.
  const [row] = await pg.select({ n: sql<number>`count(*)::int` }).from(deals);
  return row!.n;
}

export async function allDealIds(pg: PgDb): Promise<string[]> {
  const rows = await pg.select({ id: deals.id }).from(deals).orderBy(binary(deals.createdAt), binary(deals.id));
  return rows.map((r) => r.id);
}

export async function collateralsOfDeal(pg: PgDb, dealId: string): Promise<CollateralRow[]> {
  const rows = await pg
    .select({ c: collaterals })
    .from(dealCollaterals)
    .innerJoin(collaterals, eq(collaterals.id, dealCollaterals.collateralId))
    .where(eq(dealCollaterals.dealId, dealId))
    .orderBy(asc(dealCollaterals.position), binary(collaterals.id));
  return rows.map((r) => r.c);
}

export async function collateralRow(pg: PgDb, id: string): Promise<CollateralRow | undefined> {
  const [row] = await pg.select().from(collaterals).where(eq(collaterals.id, id)).limit(1);
  return row;
}

/** The deals a collateral secures (a collateral may back several deals). */
export async function dealIdsOfCollateral(pg: PgDb, collateralId: string): Promise<string[]> {
  const rows = await pg.select({ id: dealCollaterals.dealId }).from(dealCollaterals).where(eq(dealCollaterals.collateralId, collateralId));
  return rows.map((r) => r.id);
}

/** A collateral already at this place: same placeId, else the same normalised address. */
export async function collateralAtPlace(pg: PgDb, placeId: string, addressKey: string): Promise<{ id: string } | undefined> {
  const [byPlace] = await pg.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.placeId, placeId)).limit(1);
  if (byPlace) return byPlace;
  const [byAddress] = await pg.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.addressKey, addressKey)).limit(1);
  return byAddress;
}
