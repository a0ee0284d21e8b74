import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './db';
import {
  alternativeValuations,
  cashFlowTransactions,
  collaterals,
  companies,
  components,
  dealCollaterals,
  dealCompanies,
  dealPeople,
  deals,
  fundSources,
  fundUses,
  fundsAnalyses,
  livingUnits,
  loansPackages,
  marketData,
  people,
  rentRollItems,
  rentRolls,
  revenueValuations,
  salesComps,
  users,
} from './schema';

// The working copy of a deal pulled from the central platform (DESIGN.md "Sync"). The sync
// layer turns the platform's reads into the rows below; this module writes them as a DIFF
// against what is stored: a row that is already as desired is not written, a row the platform
// no longer has is deleted, rows the platform never had (local imports) are left alone.
// Callers run it inside their transaction.

export interface MirrorCollateral {
  collateral: typeof collaterals.$inferInsert;
  components: (typeof components.$inferInsert)[];
  marketData: (typeof marketData.$inferInsert)[];
  salesComps: (typeof salesComps.$inferInsert)[];
  livingUnits: (typeof livingUnits.$inferInsert)[];
  rentRolls: (typeof rentRolls.$inferInsert)[];
  rentRollItems: (typeof rentRollItems.$inferInsert)[];
  revenueValuations: (typeof revenueValuations.$inferInsert)[];
  cashFlowTransactions: (typeof cashFlowTransactions.$inferInsert)[];
  alternativeValuations: (typeof alternativeValuations.$inferInsert)[];
}

export interface MirrorDeal {
  deal: typeof deals.$inferInsert;
  /** Users the deal refers to (its owner): created when missing, as the platform has them. */
  users: string[];
  loansPackageIds: string[];
  people: (typeof people.$inferInsert)[];
  companies: (typeof companies.$inferInsert)[];
  personIds: string[];
  companyIds: string[];
  /** In the deal's order. */
  collaterals: MirrorCollateral[];
  funds: { analysis: typeof fundsAnalyses.$inferInsert; sources: (typeof fundSources.$inferInsert)[]; uses: (typeof fundUses.$inferInsert)[] } | null;
}

/** What an earlier pull brought for a deal: removed from it when the platform no longer has it. */
export interface MirrorScope {
  collateralIds: readonly string[];
  personIds: readonly string[];
  companyIds: readonly string[];
}

type Row = Record<string, unknown>;

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const record = value as Row;
  return `{${Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(record[k])}`)
    .join(',')}}`;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' || typeof b === 'object') return stable(a) === stable(b);
  return false;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function selectIn(db: Db, table: SQLiteTable, column: SQLiteColumn, ids: readonly string[]): Row[] {
  const unique = [...new Set(ids)];
  return chunks(unique).flatMap((part) => db.select().from(table).where(inArray(column, part)).all() as Row[]);
}

/**
 * Makes the rows of `table` in scope (`existing`) equal to `desired`, keyed by `key`: deletes,
 * then updates of the differing columns (only the columns `desired` names), then inserts.
 * Returns the number of rows written.
 */
function reconcile(db: Db, table: SQLiteTable, key: string, existing: readonly Row[], desired: readonly Row[], now: string): number {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const pk = columns[key]!;
  const touch = 'updatedAt' in columns;
  const want = new Map(desired.map((r) => [r[key] as string, r]));
  const have = new Map(existing.map((r) => [r[key] as string, r]));
  let written = 0;
  const gone = [...have.keys()].filter((id) => !want.has(id));
  for (const part of chunks(gone)) {
    db.delete(table).where(inArray(pk, part)).run();
    written += part.length;
  }
  const inserts: Row[] = [];
  for (const [id, row] of want) {
    const current = have.get(id);
    if (!current) {
      inserts.push(touch ? { createdAt: now, updatedAt: now, ...row } : row);
      continue;
    }
    const changes: Row = {};
    for (const [column, value] of Object.entries(row)) {
      if (value !== undefined && !same(current[column], value)) changes[column] = value;
    }
    if (Object.keys(changes).length === 0) continue;
    if (touch && !('updatedAt' in changes)) changes.updatedAt = now;
    db.update(table).set(changes as never).where(eq(pk, id)).run();
    written += 1;
  }
  if (inserts.length) {
    const width = Math.max(1, Object.keys(inserts[0]!).length);
    for (const part of chunks(inserts, Math.max(1, Math.floor(30_000 / width)))) db.insert(table).values(part as never).run();
    written += inserts.length;
  }
  return written;
}

function ensureIds(db: Db, table: typeof users | typeof loansPackages, ids: readonly string[], row: (id: string) => Row): number {
  const wanted = [...new Set(ids.filter(Boolean))];
  if (wanted.length === 0) return 0;
  const have = new Set(selectIn(db, table, table.id, wanted).map((r) => r.id as string));
  const missing = wanted.filter((id) => !have.has(id));
  if (missing.length) db.insert(table).values(missing.map(row) as never).run();
  return missing.length;
}

/** Links of one deal (deal_people / deal_companies): exactly `ids`. */
function reconcileLinks(db: Db, table: typeof dealPeople | typeof dealCompanies, dealId: string, ids: readonly string[]): number {
  const other = table === dealPeople ? dealPeople.personId : dealCompanies.companyId;
  const key = table === dealPeople ? 'personId' : 'companyId';
  const existing = new Set(
    (db.select().from(table).where(eq(table.dealId, dealId)).all() as Row[]).map((r) => r[key] as string),
  );
  const wanted = new Set(ids);
  let written = 0;
  const gone = [...existing].filter((id) => !wanted.has(id));
  if (gone.length) {
    db.delete(table).where(and(eq(table.dealId, dealId), inArray(other, gone))).run();
    written += gone.length;
  }
  const added = [...wanted].filter((id) => !existing.has(id));
  if (added.length) {
    db.insert(table).values(added.map((id) => ({ dealId, [key]: id })) as never).run();
    written += added.length;
  }
  return written;
}

function linkedCount(db: Db, column: SQLiteColumn, table: SQLiteTable, id: string): number {
  return (db.select({ n: sql<number>`count(*)` }).from(table).where(eq(column, id)).get() as { n: number }).n;
}

/** Deletes the collaterals (with everything under them) that no deal links any more. */
function deleteUnlinkedCollaterals(db: Db, ids: readonly string[]): number {
  let written = 0;
  for (const id of new Set(ids)) {
    if (linkedCount(db, dealCollaterals.collateralId, dealCollaterals, id) > 0) continue;
    written += db.delete(collaterals).where(eq(collaterals.id, id)).run().changes;
  }
  return written;
}

function deleteUnlinkedParties(db: Db, personIds: readonly string[], companyIds: readonly string[]): number {
  let written = 0;
  for (const id of new Set(personIds)) {
    if (linkedCount(db, dealPeople.personId, dealPeople, id) === 0) written += db.delete(people).where(eq(people.id, id)).run().changes;
  }
  for (const id of new Set(companyIds)) {
    if (linkedCount(db, dealCompanies.companyId, dealCompanies, id) === 0) written += db.delete(companies).where(eq(companies.id, id)).run().changes;
  }
  return written;
}

/**
 * Writes the working copy of one pulled deal as a diff. `previous` is what the last pull of the
 * deal brought (null for a deal new here). Returns the number of rows written (0: unchanged).
 */
export function applyMirrorDeal(db: Db, m: MirrorDeal, previous: MirrorScope | null, now: string): number {
  const dealId = m.deal.id;
  let written = 0;
  written += ensureIds(db, users, m.users, (id) => ({ id }));
  written += ensureIds(db, loansPackages, m.loansPackageIds, (id) => ({ id, name: id }));
  written += reconcile(db, people, 'id', selectIn(db, people, people.id, m.people.map((p) => p.id)), m.people, now);
  written += reconcile(db, companies, 'id', selectIn(db, companies, companies.id, m.companies.map((c) => c.id)), m.companies, now);
  written += reconcile(db, deals, 'id', selectIn(db, deals, deals.id, [dealId]), [m.deal], now);

  const collateralRows = m.collaterals.map((c) => c.collateral);
  const collateralIds = collateralRows.map((c) => c.id!);
  written += reconcile(db, collaterals, 'id', selectIn(db, collaterals, collaterals.id, collateralIds), collateralRows, now);

  // deal_collaterals: the platform's collaterals in its order; links to collaterals it never had stay.
  const links = db.select().from(dealCollaterals).where(eq(dealCollaterals.dealId, dealId)).all();
  const wantedPosition = new Map(collateralIds.map((id, position) => [id, position]));
  const known = new Set([...(previous?.collateralIds ?? []), ...collateralIds]);
  const removedCollaterals: string[] = [];
  for (const link of links) {
    const position = wantedPosition.get(link.collateralId);
    if (position === undefined) {
      if (!known.has(link.collateralId)) continue;
      db.delete(dealCollaterals).where(and(eq(dealCollaterals.dealId, dealId), eq(dealCollaterals.collateralId, link.collateralId))).run();
      removedCollaterals.push(link.collateralId);
      written += 1;
    } else if (link.position !== position) {
      db.update(dealCollaterals)
        .set({ position })
        .where(and(eq(dealCollaterals.dealId, dealId), eq(dealCollaterals.collateralId, link.collateralId)))
        .run();
      written += 1;
    }
  }
  const linked = new Set(links.map((l) => l.collateralId));
  const newLinks = collateralIds.filter((id) => !linked.has(id)).map((id) => ({ dealId, collateralId: id, position: wantedPosition.get(id)! }));
  if (newLinks.length) {
    db.insert(dealCollaterals).values(newLinks).run();
    written += newLinks.length;
  }
  for (const id of previous?.collateralIds ?? []) if (!wantedPosition.has(id)) removedCollaterals.push(id);

  written += reconcileLinks(db, dealPeople, dealId, m.personIds);
  written += reconcileLinks(db, dealCompanies, dealId, m.companyIds);

  // Everything under the collaterals belongs to them: scoped by parent.
  const all = <K extends keyof MirrorCollateral>(key: K) => m.collaterals.flatMap((c) => c[key] as Row[]);
  const componentRows = all('components');
  const componentIds = componentRows.map((c) => c.id as string);
  written += reconcile(db, components, 'id', selectIn(db, components, components.collateralId, collateralIds), componentRows, now);
  written += reconcile(db, marketData, 'componentId', selectIn(db, marketData, marketData.componentId, componentIds), all('marketData'), now);
  written += reconcile(db, salesComps, 'id', selectIn(db, salesComps, salesComps.componentId, componentIds), all('salesComps'), now);
  written += reconcile(db, livingUnits, 'id', selectIn(db, livingUnits, livingUnits.componentId, componentIds), all('livingUnits'), now);
  const rollRows = all('rentRolls');
  written += reconcile(db, rentRolls, 'id', selectIn(db, rentRolls, rentRolls.componentId, componentIds), rollRows, now);
  written += reconcile(
    db,
    rentRollItems,
    'id',
    selectIn(db, rentRollItems, rentRollItems.rentRollId, rollRows.map((r) => r.id as string)),
    all('rentRollItems'),
    now,
  );
  const valuationRows = all('revenueValuations');
  written += reconcile(db, revenueValuations, 'id', selectIn(db, revenueValuations, revenueValuations.collateralId, collateralIds), valuationRows, now);
  written += reconcile(
    db,
    cashFlowTransactions,
    'id',
    selectIn(db, cashFlowTransactions, cashFlowTransactions.valuationId, valuationRows.map((v) => v.id as string)),
    all('cashFlowTransactions'),
    now,
  );
  written += reconcile(
    db,
    alternativeValuations,
    'id',
    selectIn(db, alternativeValuations, alternativeValuations.collateralId, collateralIds),
    all('alternativeValuations'),
    now,
  );

  const fundsRows = m.funds ? [m.funds.analysis as Row] : [];
  written += reconcile(db, fundsAnalyses, 'id', selectIn(db, fundsAnalyses, fundsAnalyses.dealId, [dealId]), fundsRows, now);
  if (m.funds) {
    const fundsId = m.funds.analysis.id;
    written += reconcile(db, fundSources, 'id', selectIn(db, fundSources, fundSources.fundsId, [fundsId]), m.funds.sources, now);
    written += reconcile(db, fundUses, 'id', selectIn(db, fundUses, fundUses.fundsId, [fundsId]), m.funds.uses, now);
  }

  written += deleteUnlinkedCollaterals(db, removedCollaterals);
  const keptPeople = new Set(m.personIds);
  const keptCompanies = new Set(m.companyIds);
  written += deleteUnlinkedParties(
    db,
    (previous?.personIds ?? []).filter((id) => !keptPeople.has(id)),
    (previous?.companyIds ?? []).filter((id) => !keptCompanies.has(id)),
  );
  return written;
}

/** Removes a deal the platform no longer has, with what only it used of `scope`. */
export function removeMirrorDeal(db: Db, dealId: string, scope: MirrorScope): number {
  let written = db.delete(deals).where(eq(deals.id, dealId)).run().changes;
  written += deleteUnlinkedCollaterals(db, scope.collateralIds);
  written += deleteUnlinkedParties(db, scope.personIds, scope.companyIds);
  return written;
}

/** Removes a deal created here (replaced by the platform's copy) and the collaterals only it had. */
export function removeLocalDeal(db: Db, dealId: string): number {
  const collateralIds = db
    .select({ id: dealCollaterals.collateralId })
    .from(dealCollaterals)
    .where(eq(dealCollaterals.dealId, dealId))
    .all()
    .map((r) => r.id);
  const written = db.delete(deals).where(eq(deals.id, dealId)).run().changes;
  return written + deleteUnlinkedCollaterals(db, collateralIds);
}

/** Runs `work` in one IMMEDIATE transaction (better-sqlite3 nests it as a savepoint when needed). */
export function inSyncTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(() => work(), { behavior: 'immediate' });
}

/** The created_at of deals (the order getAllDealIds lists them in). */
export function dealCreatedAt(db: Db, ids: readonly string[]): Map<string, string> {
  return new Map(
    chunks([...new Set(ids)]).flatMap((part) =>
      db.select({ id: deals.id, createdAt: deals.createdAt }).from(deals).where(inArray(deals.id, part)).all().map((r) => [r.id, r.createdAt] as const),
    ),
  );
}

/** Sets a deal's working-copy columns (take theirs). */
export function setDealColumns(db: Db, dealId: string, values: Partial<typeof deals.$inferInsert>): void {
  db.update(deals)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(eq(deals.id, dealId))
    .run();
}

