import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { components, livingUnits, marketData, rentRollItems, rentRolls, salesComps } from './schema';

export type ComponentRow = typeof components.$inferSelect;
export type LivingUnitRow = typeof livingUnits.$inferSelect;
export type SalesCompRow = typeof salesComps.$inferSelect;
export type MarketDataRow = typeof marketData.$inferSelect;
export type RentRollRow = typeof rentRolls.$inferSelect;
export type RentRollItemRow = typeof rentRollItems.$inferSelect;

export function componentRow(db: Db, id: string): ComponentRow | undefined {
  return db.select().from(components).where(eq(components.id, id)).get();
}

export function componentsOfCollaterals(db: Db, collateralIds: readonly string[]): ComponentRow[] {
  if (collateralIds.length === 0) return [];
  return db
    .select()
    .from(components)
    .where(inArray(components.collateralId, [...collateralIds]))
    .orderBy(asc(components.position), asc(components.id))
    .all();
}

export function livingUnitsOf(db: Db, componentIds: readonly string[]): LivingUnitRow[] {
  if (componentIds.length === 0) return [];
  return db
    .select()
    .from(livingUnits)
    .where(inArray(livingUnits.componentId, [...componentIds]))
    .orderBy(asc(livingUnits.frontEndGridLineNumber), asc(livingUnits.id))
    .all();
}

export function salesCompsOf(db: Db, componentIds: readonly string[]): SalesCompRow[] {
  if (componentIds.length === 0) return [];
  return db.select().from(salesComps).where(inArray(salesComps.componentId, [...componentIds])).all();
}

export function marketDataOf(db: Db, componentId: string): MarketDataRow | undefined {
  return db.select().from(marketData).where(eq(marketData.componentId, componentId)).get();
}

export function rentRollRow(db: Db, id: string): RentRollRow | undefined {
  return db.select().from(rentRolls).where(eq(rentRolls.id, id)).get();
}

export function rentRollsOfComponents(db: Db, componentIds: readonly string[]): RentRollRow[] {
  if (componentIds.length === 0) return [];
  return db
    .select()
    .from(rentRolls)
    .where(inArray(rentRolls.componentId, [...componentIds]))
    .orderBy(asc(rentRolls.position), asc(rentRolls.id))
    .all();
}

export function itemsOfRentRolls(db: Db, rentRollIds: readonly string[]): RentRollItemRow[] {
  if (rentRollIds.length === 0) return [];
  return db
    .select()
    .from(rentRollItems)
    .where(inArray(rentRollItems.rentRollId, [...rentRollIds]))
    .orderBy(asc(rentRollItems.position), asc(rentRollItems.id))
    .all();
}
