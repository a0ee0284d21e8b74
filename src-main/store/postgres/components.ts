import { asc, eq } from 'drizzle-orm';
import type { ComponentRow, LivingUnitRow, MarketDataRow, RentRollItemRow, RentRollRow, SalesCompRow } from '../components';
import type { PgDb } from './db';
import { anyId, binary } from './statements';
import { components, livingUnits, marketData, rentRollItems, rentRolls, salesComps } from './schema';

// The PostgreSQL twins of store/components.ts: the same rows in the same order (ties on
// position broken by id in byte order, as SQLite's BINARY collation does).

export async function componentRow(pg: PgDb, id: string): Promise<ComponentRow | undefined> {
  const [row] = await pg.select().from(components).where(eq(components.id, id)).limit(1);
  return row;
}

export async function componentsOfCollaterals(pg: PgDb, collateralIds: readonly string[]): Promise<ComponentRow[]> {
  if (collateralIds.length === 0) return [];
  return pg
    .select()
    .from(components)
    .where(anyId(components.collateralId, collateralIds))
    .orderBy(asc(components.position), binary(components.id));
}

export async function livingUnitsOf(pg: PgDb, componentIds: readonly string[]): Promise<LivingUnitRow[]> {
  if (componentIds.length === 0) return [];
  return pg
    .select()
    .from(livingUnits)
    .where(anyId(livingUnits.componentId, componentIds))
    .orderBy(asc(livingUnits.frontEndGridLineNumber), binary(livingUnits.id));
}

/** In no particular order, as on SQLite (the callers group them by component). */
export async function salesCompsOf(pg: PgDb, componentIds: readonly string[]): Promise<SalesCompRow[]> {
  if (componentIds.length === 0) return [];
  return pg.select().from(salesComps).where(anyId(salesComps.componentId, componentIds));
}

export async function marketDataOf(pg: PgDb, componentId: string): Promise<MarketDataRow | undefined> {
  const [row] = await pg.select().from(marketData).where(eq(marketData.componentId, componentId)).limit(1);
  return row;
}

export async function rentRollRow(pg: PgDb, id: string): Promise<RentRollRow | undefined> {
  const [row] = await pg.select().from(rentRolls).where(eq(rentRolls.id, id)).limit(1);
  return row;
}

export async function rentRollsOfComponents(pg: PgDb, componentIds: readonly string[]): Promise<RentRollRow[]> {
  if (componentIds.length === 0) return [];
  return pg
    .select()
    .from(rentRolls)
    .where(anyId(rentRolls.componentId, componentIds))
    .orderBy(asc(rentRolls.position), binary(rentRolls.id));
}

export async function itemsOfRentRolls(pg: PgDb, rentRollIds: readonly string[]): Promise<RentRollItemRow[]> {
  if (rentRollIds.length === 0) return [];
  return pg
    .select()
    .from(rentRollItems)
    .where(anyId(rentRollItems.rentRollId, rentRollIds))
    .orderBy(asc(rentRollItems.position), binary(rentRollItems.id));
}
