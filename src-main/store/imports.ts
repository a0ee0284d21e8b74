import { asc, eq, inArray, max } from 'drizzle-orm';
import {
  COLLATERAL_FIELD,
  type CreatedEntityDto,
  type ImportCollateralsRequestDto,
  type ImportErrorDto,
  type ImportReportStatus,
} from '../contract';
import type { Db } from './db';
import { recordHistory, type HistoryActor } from './deal-history';
import { alternativeValuations, collaterals, components, dealCollaterals, deals, importReports } from './schema';

// The import report row is also the import's progress log. Every stored entry carries the index
// of the request item it belongs to, and an item's entries are written in the SAME transaction as
// the rows the item creates: after a crash an item is either fully done and logged, or not at all,
// so resuming skips exactly the logged items and never creates one twice.

/** A created entity as stored: the DTO plus the index of its request item. */
export type StoredCreatedEntity = CreatedEntityDto & { itemIndex: number };
/** An item error as stored: the DTO plus the index of its request item. */
export type StoredImportError = ImportErrorDto & { itemIndex: number };

export interface ImportReport {
  id: string;
  status: ImportReportStatus;
  request: ImportCollateralsRequestDto;
  createdEntities: StoredCreatedEntity[];
  errors: StoredImportError[];
  createdAt: string;
  updatedAt: string;
}

/** What one valid import item writes: its collateral, component, valuation and deal links. */
export interface ImportedCollateralGraph {
  collateral: typeof collaterals.$inferInsert & { id: string };
  component: typeof components.$inferInsert;
  alternativeValuation: typeof alternativeValuations.$inferInsert | null;
  dealIds: string[];
}

/** The outcome of one item, decided inside its transaction. */
export type ImportItemOutcome =
  | { kind: 'created'; clientItemId: string; graph: ImportedCollateralGraph }
  | { kind: 'failed'; errors: ImportErrorDto[] };

function toReport(row: typeof importReports.$inferSelect): ImportReport {
  return {
    id: row.id,
    status: row.status as ImportReportStatus,
    request: row.request as ImportCollateralsRequestDto,
    createdEntities: row.createdEntities as StoredCreatedEntity[],
    errors: row.errors as StoredImportError[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function insertImportReport(db: Db, report: { id: string; request: ImportCollateralsRequestDto; now: string }): void {
  db.insert(importReports)
    .values({
      id: report.id,
      status: 'Pending',
      request: report.request,
      createdEntities: [],
      errors: [],
      createdAt: report.now,
      updatedAt: report.now,
    })
    .run();
}

export function importReport(db: Db, id: string): ImportReport | undefined {
  const row = db.select().from(importReports).where(eq(importReports.id, id)).get();
  return row ? toReport(row) : undefined;
}

/** Reports still to be processed, oldest first (the order they were accepted in). */
export function pendingImportReportIds(db: Db): string[] {
  return db
    .select({ id: importReports.id })
    .from(importReports)
    .where(eq(importReports.status, 'Pending'))
    .orderBy(asc(importReports.createdAt), asc(importReports.id))
    .all()
    .map((r) => r.id);
}

/** The request items of a report that already have an outcome logged. */
export function processedItemIndexes(report: Pick<ImportReport, 'createdEntities' | 'errors'>): Set<number> {
  return new Set([...report.createdEntities, ...report.errors].map((e) => e.itemIndex));
}

export function completeImportReport(db: Db, id: string, now: string): void {
  db.update(importReports).set({ status: 'Completed', updatedAt: now }).where(eq(importReports.id, id)).run();
}

export function existingDealIdSet(db: Db, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  return new Set(db.select({ id: deals.id }).from(deals).where(inArray(deals.id, [...ids])).all().map((r) => r.id));
}

export function collateralIdByMigrationReference(db: Db, migrationReference: string): string | undefined {
  return db
    .select({ id: collaterals.id })
    .from(collaterals)
    .where(eq(collaterals.migrationReference, migrationReference))
    .get()?.id;
}

/** `db`: the connection `tx` runs on (the history's statements are the connection's). */
function insertImportedCollateral(tx: Db, graph: ImportedCollateralGraph, db: Db, actor: HistoryActor, now: string): void {
  tx.insert(collaterals).values(graph.collateral).run();
  tx.insert(components).values(graph.component).run();
  if (graph.alternativeValuation) tx.insert(alternativeValuations).values(graph.alternativeValuation).run();
  for (const dealId of graph.dealIds) {
    // Appended after the deal's existing collaterals.
    const last = tx
      .select({ position: max(dealCollaterals.position) })
      .from(dealCollaterals)
      .where(eq(dealCollaterals.dealId, dealId))
      .get()?.position;
    tx.insert(dealCollaterals)
      .values({ dealId, collateralId: graph.collateral.id, position: last == null ? 0 : last + 1 })
      .run();
  }
  // Each deal's history records the collateral imported into it, with the rows.
  const added = { id: graph.collateral.id, name: graph.collateral.name };
  recordHistory(db, actor, now, graph.dealIds.map((dealId) => ({ dealId, field: COLLATERAL_FIELD, newValue: added })));
}

/** A report's log (its outcomes so far), without the request; undefined when there is no such report. */
export function importItemLog(db: Db, reportId: string): Pick<ImportReport, 'createdEntities' | 'errors'> | undefined {
  // Only the log: the request itself (possibly large) is not re-read for every item.
  return db
    .select({ createdEntities: importReports.createdEntities, errors: importReports.errors })
    .from(importReports)
    .where(eq(importReports.id, reportId))
    .get() as Pick<ImportReport, 'createdEntities' | 'errors'> | undefined;
}

/**
 * Writes one item's outcome: its rows (with each deal's history entry) when created, and its
 * entry in the report's log (`log`: the log as read in this same transaction).
 */
export function writeImportItemOutcome(
  db: Db,
  reportId: string,
  itemIndex: number,
  now: string,
  log: Pick<ImportReport, 'createdEntities' | 'errors'>,
  outcome: ImportItemOutcome,
  actor: HistoryActor,
): void {
  const createdEntities = [...log.createdEntities];
  const errors = [...log.errors];
  if (outcome.kind === 'created') {
    insertImportedCollateral(db, outcome.graph, db, actor, now);
    createdEntities.push({ clientItemId: outcome.clientItemId, entityId: outcome.graph.collateral.id, itemIndex });
  } else {
    errors.push(...outcome.errors.map((e) => ({ ...e, itemIndex })));
  }
  db.update(importReports).set({ createdEntities, errors, updatedAt: now }).where(eq(importReports.id, reportId)).run();
}

/** Who an import's history entries are recorded as when the caller names no one. */
export const IMPORT_ACTOR: HistoryActor = { who: 'import', source: 'import' };

/**
 * Processes one request item in ONE transaction: `decide` validates it against the store as seen
 * inside the transaction, then either its rows are written or its errors are logged, and the
 * report row records the outcome. An item already logged (a report resumed after a crash) is left
 * alone and `decide` is not called. (Synchronous; the storage port's applyImportItem is its
 * asynchronous form, with the same steps.)
 */
export function applyImportItem(
  db: Db,
  reportId: string,
  itemIndex: number,
  now: string,
  decide: (tx: Db) => ImportItemOutcome,
  actor: HistoryActor = IMPORT_ACTOR,
): ImportItemOutcome | 'already-processed' | 'no-report' {
  return db.transaction(() => {
    const report = importItemLog(db, reportId);
    if (!report) return 'no-report' as const;
    if (processedItemIndexes(report).has(itemIndex)) return 'already-processed' as const;
    const outcome = decide(db);
    writeImportItemOutcome(db, reportId, itemIndex, now, report, outcome, actor);
    return outcome;
  });
}

/** Whether the store is still open (a service being closed stops its import processing). */
export function isStoreOpen(db: Db): boolean {
  return db.$client.open;
}
