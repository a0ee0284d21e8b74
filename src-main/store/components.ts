import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './db';
import { components, livingUnits, marketData, rentRollItems, rentRolls, salesComps } from './schema';
import { inIds, jsonList, perConnection } from './statements';

const byId = sql.placeholder('id');

export type ComponentRow = typeof components.$inferSelect;
export type LivingUnitRow = typeof livingUnits.$inferSelect;
export type SalesCompRow = typeof salesComps.$inferSelect;
export type MarketDataRow = typeof marketData.$inferSelect;
export type RentRollRow = typeof rentRolls.$inferSelect;
export type RentRollItemRow = typeof rentRollItems.$inferSelect;

export function componentRow(db: Db, id: string): ComponentRow | undefined {
  return perConnection(db, 'components.row', () => db.select().from(components).where(eq(components.id, byId)).prepare()).get({ id });
}

export function componentsOfCollaterals(db: Db, collateralIds: readonly string[]): ComponentRow[] {
  if (collateralIds.length === 0) return [];
  return perConnection(db, 'components.ofCollaterals', () =>
    db.select().from(components).where(inIds(components.collateralId)).orderBy(asc(components.position), asc(components.id)).prepare(),
  ).all(jsonList(collateralIds));
}

export function livingUnitsOf(db: Db, componentIds: readonly string[]): LivingUnitRow[] {
  if (componentIds.length === 0) return [];
  return perConnection(db, 'livingUnits.of', () =>
    db.select().from(livingUnits).where(inIds(livingUnits.componentId)).orderBy(asc(livingUnits.frontEndGridLineNumber), asc(livingUnits.id)).prepare(),
  ).all(jsonList(componentIds));
}

export function salesCompsOf(db: Db, componentIds: readonly string[]): SalesCompRow[] {
  if (componentIds.length === 0) return [];
  return perConnection(db, 'salesComps.of', () => db.select().from(salesComps).where(inIds(salesComps.componentId)).prepare()).all(jsonList(componentIds));
}

export function marketDataOf(db: Db, componentId: string): MarketDataRow | undefined {
  return perConnection(db, 'marketData.of', () => db.select().from(marketData).where(eq(marketData.componentId, byId)).prepare()).get({ id: componentId });
}

export function rentRollRow(db: Db, id: string): RentRollRow | undefined {
  return perConnection(db, 'rentRolls.row', () => db.select().from(rentRolls).where(eq(rentRolls.id, byId)).prepare()).get({ id });
}

export function rentRollsOfComponents(db: Db, componentIds: readonly string[]): RentRollRow[] {
  if (componentIds.length === 0) return [];
  return perConnection(db, 'rentRolls.ofComponents', () =>
    db.select().from(rentRolls).where(inIds(rentRolls.componentId)).orderBy(asc(rentRolls.position), asc(rentRolls.id)).prepare(),
  ).all(jsonList(componentIds));
}

export function itemsOfRentRolls(db: Db, rentRollIds: readonly string[]): RentRollItemRow[] {
  if (rentRollIds.length === 0) return [];
  return perConnection(db, 'rentRollItems.ofRolls', () =>
    db.select().from(rentRollItems).where(inIds(rentRollItems.rentRollId)).orderBy(asc(rentRollItems.position), asc(rentRollItems.id)).prepare(),
  ).all(jsonList(rentRollIds));
}
