import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import { COLLATERAL_FIELD, type ImportCollateralsRequestDto } from '../../contract';
import type { HistoryActor } from '../deal-history';
import {
  processedItemIndexes,
  type ImportedCollateralGraph,
  type ImportItemOutcome,
  type ImportReport,
  type StoredCreatedEntity,
  type StoredImportError,
} from '../imports';
import type { PgDb } from './db';
import { recordHistory } from './deal-history';
import { alternativeValuations, collaterals, components, dealCollaterals, deals, importReports } from './schema';

// The import reports on PostgreSQL: the twin of store/imports.ts, plus the claim that lets
// several server instances share one database. As on SQLite, the report row is the import's
// progress log: an item's outcome is written in the same transaction as the rows it creates.
//
// Exactly once, across instances: an instance processes a report only while it holds the
// report's claim (claimImportReport: claimed_by, and claimed_until on the database's clock),
// renewing it as it goes; an instance that dies stops renewing, and once the lease has run
// out another one claims the report and carries on after its last logged item. Should two
// ever work on one report (an instance stalled past its lease), applyImportItem still writes
// each item once: it reads the log FOR UPDATE, so the second writer of an item waits for the
// first and then finds the item logged.

type ReportRow = typeof importReports.$inferSelect;

function toReport(row: ReportRow): ImportReport {
  return {
    id: row.id,
    status: row.status as ImportReport['status'],
    request: row.request as ImportCollateralsRequestDto,
    createdEntities: row.createdEntities as StoredCreatedEntity[],
    errors: row.errors as StoredImportError[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function insertImportReport(pg: PgDb, report: { id: string; request: ImportCollateralsRequestDto; now: string }): Promise<void> {
  await pg.insert(importReports).values({
    id: report.id,
    status: 'Pending',
    request: report.request,
    createdEntities: [],
    errors: [],
    createdAt: report.now,
    updatedAt: report.now,
  });
}

export async function importReport(pg: PgDb, id: string): Promise<ImportReport | undefined> {
  const rows = await pg.select().from(importReports).where(eq(importReports.id, id)).limit(1);
  return rows[0] ? toReport(rows[0]) : undefined;
}

/** Reports still to be processed, oldest first (the order they were accepted in). */
export async function pendingImportReportIds(pg: PgDb): Promise<string[]> {
  const rows = await pg
    .select({ id: importReports.id })
    .from(importReports)
    .where(eq(importReports.status, 'Pending'))
    .orderBy(asc(importReports.createdAt), sql`${importReports.id} COLLATE "C"`);
  return rows.map((r) => r.id);
}

export async function completeImportReport(pg: PgDb, id: string, now: string): Promise<void> {
  await pg
    .update(importReports)
    .set({ status: 'Completed', updatedAt: now, claimedBy: null, claimedUntil: null })
    .where(eq(importReports.id, id));
}

export async function existingDealIdSet(pg: PgDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await pg.select({ id: deals.id }).from(deals).where(inArray(deals.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function collateralIdByMigrationReference(pg: PgDb, migrationReference: string): Promise<string | undefined> {
  const rows = await pg.select({ id: collaterals.id }).from(collaterals).where(eq(collaterals.migrationReference, migrationReference)).limit(1);
  return rows[0]?.id;
}

// --- the claim ---------------------------------------------------------------------------------

/** The database's clock, `ms` milliseconds on, as the ISO text the timestamps use. */
const isoIn = (ms: number) =>
  sql`to_char((statement_timestamp() + ${ms} * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Claims a Pending report for `instance` for `leaseMs`, or renews its own claim: true when the
 * instance holds it now. False when the report is done, gone, or claimed by another instance
 * whose lease has not run out. One statement: two instances claiming together cannot both win
 * (the second UPDATE waits for the first's row lock, then re-checks the row as committed).
 */
export async function claimImportReport(pg: PgDb, id: string, instance: string, leaseMs: number): Promise<boolean> {
  const claimed = await pg
    .update(importReports)
    .set({ claimedBy: instance, claimedUntil: isoIn(leaseMs) })
    .where(
      sql`${importReports.id} = ${id} AND ${importReports.status} = 'Pending'
        AND (${importReports.claimedBy} IS NULL OR ${importReports.claimedBy} = ${instance} OR ${importReports.claimedUntil} < ${isoIn(0)})`,
    )
    .returning({ id: importReports.id });
  return claimed.length > 0;
}

/** Gives up a claim (an instance shutting down): another instance may take the report at once. */
export async function releaseImportClaim(pg: PgDb, id: string, instance: string): Promise<void> {
  await pg
    .update(importReports)
    .set({ claimedBy: null, claimedUntil: null })
    .where(sql`${importReports.id} = ${id} AND ${importReports.claimedBy} = ${instance}`);
}

/** Pending reports nobody holds a live claim on, oldest first: what an instance may take up. */
export async function claimableImportReportIds(pg: PgDb): Promise<string[]> {
  const rows = await pg
    .select({ id: importReports.id })
    .from(importReports)
    .where(sql`${importReports.status} = 'Pending' AND (${importReports.claimedBy} IS NULL OR ${importReports.claimedUntil} < ${isoIn(0)})`)
    .orderBy(asc(importReports.createdAt), sql`${importReports.id} COLLATE "C"`);
  return rows.map((r) => r.id);
}

// --- one item ----------------------------------------------------------------------------------

async function insertImportedCollateral(tx: PgDb, graph: ImportedCollateralGraph, actor: HistoryActor, now: string): Promise<void> {
  await tx.insert(collaterals).values(graph.collateral as typeof collaterals.$inferInsert);
  await tx.insert(components).values(graph.component as typeof components.$inferInsert);
  if (graph.alternativeValuation) await tx.insert(alternativeValuations).values(graph.alternativeValuation as typeof alternativeValuations.$inferInsert);
  for (const dealId of graph.dealIds) {
    // Appended after the deal's existing collaterals. The deal's row is locked first, so two
    // imports into one deal at once take positions one after the other.
    await tx.execute(sql`SELECT 1 FROM deals WHERE id = ${dealId} FOR NO KEY UPDATE`);
    const [last] = await tx.select({ position: max(dealCollaterals.position) }).from(dealCollaterals).where(eq(dealCollaterals.dealId, dealId));
    await tx.insert(dealCollaterals).values({ dealId, collateralId: graph.collateral.id, position: last?.position == null ? 0 : last.position + 1 });
  }
  const added = { id: graph.collateral.id, name: graph.collateral.name };
  await recordHistory(tx, actor, now, graph.dealIds.map((dealId) => ({ dealId, field: COLLATERAL_FIELD, newValue: added })));
}

/**
 * Processes one request item in ONE transaction (a savepoint when `pg` is already a
 * transaction): `decide` validates it against the store as seen inside the transaction, then
 * either its rows are written or its errors are logged, and the report row records the
 * outcome. An item already logged is left alone and `decide` is not called. Like its SQLite
 * twin, this function is its own unit of work.
 */
export async function applyImportItem(
  pg: PgDb,
  reportId: string,
  itemIndex: number,
  now: string,
  decide: (tx: PgDb) => ImportItemOutcome | Promise<ImportItemOutcome>,
  actor: HistoryActor = { who: 'import', source: 'import' },
): Promise<ImportItemOutcome | 'already-processed' | 'no-report'> {
  return pg.transaction(async (tx) => {
    const [report] = await tx
      .select({ createdEntities: importReports.createdEntities, errors: importReports.errors })
      .from(importReports)
      .where(eq(importReports.id, reportId))
      .for('update');
    if (!report) return 'no-report' as const;
    const log = report as Pick<ImportReport, 'createdEntities' | 'errors'>;
    if (processedItemIndexes(log).has(itemIndex)) return 'already-processed' as const;
    const outcome = await decide(tx);
    const createdEntities = [...log.createdEntities];
    const errors = [...log.errors];
    if (outcome.kind === 'created') {
      await insertImportedCollateral(tx, outcome.graph, actor, now);
      createdEntities.push({ clientItemId: outcome.clientItemId, entityId: outcome.graph.collateral.id, itemIndex });
    } else {
      errors.push(...outcome.errors.map((e) => ({ ...e, itemIndex })));
    }
    await tx.update(importReports).set({ createdEntities, errors, updatedAt: now }).where(eq(importReports.id, reportId));
    return outcome;
  });
}
