import type { Statement } from 'better-sqlite3';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CREATED_FIELD as CREATED_FIELD_NAME } from '../contract';
import type { Db } from './db';
import { recordHistory, type HistoryActor, type HistoryChange } from './deal-history';
import { insertDealGraph, type NewDealGraph } from './deal-graph';
import { outbox } from './schema';
import { perConnection } from './statements';
import { getSyncState } from './sync-state';

// The outbox of local edits for the central platform (docs/sync.md): one row per
// (entity, field). Values are JSON text in their read form. The working-copy write and its
// outbox row commit in one transaction: the gateway calls recordDealEdits from inside the bulk
// update's transaction, and creates go through insertDealGraphForSync.

export const OUTBOX_STATUSES = ['pending', 'inflight', 'ambiguous', 'conflict', 'rejected'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The field of the row that carries a deal created offline (new_value: the create request). */
export const CREATE_FIELD = '$create';
export const DEAL_ENTITY = 'deal';
/** sync_state key present once the data directory is linked to a platform. */
export const LINKED_REMOTE_KEY = 'remote.baseUrl';

export interface OutboxEntry {
  id: number;
  entityType: string;
  entityId: string;
  field: string;
  /** The value the edit started from (the platform's value then); undefined for a create. */
  base: unknown;
  /** The local value (mine). */
  value: unknown;
  /** The value of the last attempt, when one is in flight or its outcome is unknown. */
  sent: unknown;
  hasSent: boolean;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

type OutboxRow = typeof outbox.$inferSelect;

const decode = (text: string | null): unknown => (text === null ? undefined : (JSON.parse(text) as unknown));
const encode = (value: unknown): string => JSON.stringify(value ?? null);

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    field: row.field,
    base: decode(row.baseValue),
    value: decode(row.newValue),
    sent: decode(row.sentValue),
    hasSent: row.sentValue !== null,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    lastError: row.lastError,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Column values are primitives: equal when identical, or both empty. */
function sameColumnValue(a: unknown, b: unknown): boolean {
  return a === b || ((a === null || a === undefined) && (b === null || b === undefined));
}

// --- the write path of local edits (called inside the gateway's transactions) -------------------

interface EditStatements {
  tracked: Statement;
  /** Whether any deal at all is synced (a store never linked to a platform has none). */
  anyTracked: Statement;
  /** The synced deals among a JSON array of deal ids. */
  trackedAmong: Statement;
  find: Statement;
  insert: Statement;
  update: Statement;
  requeue: Statement;
  remove: Statement;
}

const editStatements = new WeakMap<object, EditStatements>();

function statementsOf(client: Db['$client']): EditStatements {
  let s = editStatements.get(client);
  if (!s) {
    s = {
      tracked: client.prepare(
        `SELECT 1 FROM remote_shadow WHERE type = 'getDealInfo' AND id = ?
         UNION ALL SELECT 1 FROM outbox WHERE entity_type = '${DEAL_ENTITY}' AND entity_id = ? AND field = '${CREATE_FIELD}' LIMIT 1`,
      ),
      anyTracked: client
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM remote_shadow WHERE type = 'getDealInfo')
               OR EXISTS (SELECT 1 FROM outbox WHERE entity_type = '${DEAL_ENTITY}' AND field = '${CREATE_FIELD}')`,
        )
        .pluck(),
      trackedAmong: client
        .prepare(
          `SELECT j.value FROM json_each(?) j
           WHERE EXISTS (SELECT 1 FROM remote_shadow WHERE type = 'getDealInfo' AND id = j.value)
              OR EXISTS (SELECT 1 FROM outbox WHERE entity_type = '${DEAL_ENTITY}' AND entity_id = j.value AND field = '${CREATE_FIELD}')`,
        )
        .pluck(),
      find: client.prepare(`SELECT id, base_value, status FROM outbox WHERE entity_type = '${DEAL_ENTITY}' AND entity_id = ? AND field = ?`),
      insert: client.prepare(
        `INSERT INTO outbox (entity_type, entity_id, field, base_value, new_value, status, created_at, updated_at)
         VALUES ('${DEAL_ENTITY}', ?, ?, ?, ?, 'pending', ?, ?)`,
      ),
      update: client.prepare('UPDATE outbox SET new_value = ?, updated_at = ? WHERE id = ?'),
      requeue: client.prepare(
        `UPDATE outbox SET new_value = ?, status = 'pending', last_error = NULL, attempts = 0, next_attempt_at = NULL, updated_at = ? WHERE id = ?`,
      ),
      remove: client.prepare('DELETE FROM outbox WHERE id = ?'),
    };
    editStatements.set(client, s);
  }
  return s;
}

/** Whether a deal is synced with the platform: pulled from it, or created here for it. */
export function isSyncTracked(db: Db, dealId: string): boolean {
  return statementsOf(db.$client).tracked.get(dealId, dealId) !== undefined;
}

/** One property of a deal as a bulk update changed it, values in their read (column) form. */
export interface FieldChange {
  property: string;
  before: unknown;
  after: unknown;
}

/**
 * Queues the changes of one deal for the platform, when the deal is synced. Call it inside the
 * transaction that writes the working copy. A repeated edit replaces new_value and keeps the
 * first base; an edit back to the base removes a pending row; editing a rejected field queues it
 * again. Conflicts stay conflicts (mine changes), in-flight rows are settled by the push.
 */
export function recordDealEdits(db: Db, dealId: string, changes: readonly FieldChange[]): void {
  if (changes.length === 0) return;
  const s = statementsOf(db.$client);
  if (s.tracked.get(dealId, dealId) === undefined) return;
  queueEdits(s, dealId, changes, new Date().toISOString());
}

/**
 * recordDealEdits for many deals, as one bulk update makes them: which of them are synced is
 * asked once, in one query, instead of once per deal. Use it inside the transaction that writes
 * the working copy, for the deals named when it was made.
 */
export interface DealEditRecorder {
  /** Whether the deal is synced with the platform: only then are its edits queued. */
  tracks(dealId: string): boolean;
  /** Whether any of the deals is. */
  tracksAny(): boolean;
  /** Queues one deal's changes (nothing for a deal that is not synced). */
  record(dealId: string, changes: readonly FieldChange[]): void;
}

export function dealEditRecorder(db: Db, dealIds: Iterable<string>): DealEditRecorder {
  const s = statementsOf(db.$client);
  const ids = [...new Set(dealIds)];
  const tracked = new Set(ids.length && s.anyTracked.get() ? (s.trackedAmong.all(JSON.stringify(ids)) as string[]) : []);
  const now = new Date().toISOString();
  return {
    tracks: (dealId) => tracked.has(dealId),
    tracksAny: () => tracked.size > 0,
    record(dealId, changes) {
      if (changes.length > 0 && tracked.has(dealId)) queueEdits(s, dealId, changes, now);
    },
  };
}

// One lookup per (deal, field) before its write. Reading all of a batch's rows in one query
// instead was measured (10,000 synced deals x 5 fields: 648 against 654 ms of CPU per request)
// and kept out: no gain, and a copy of the rows to keep in step with the writes.
function queueEdits(s: EditStatements, dealId: string, changes: readonly FieldChange[], now: string): void {
  for (const { property, before, after } of changes) {
    const row = s.find.get(dealId, property) as { id: number; base_value: string | null; status: OutboxStatus } | undefined;
    if (!row) {
      if (!sameColumnValue(before, after)) s.insert.run(dealId, property, encode(before), encode(after), now, now);
      continue;
    }
    const backToBase = row.base_value !== null && sameColumnValue(decode(row.base_value), after);
    if ((row.status === 'pending' || row.status === 'rejected') && backToBase) {
      s.remove.run(row.id);
      continue;
    }
    if (row.status === 'rejected') s.requeue.run(encode(after), now, row.id);
    else s.update.run(encode(after), now, row.id);
  }
}

/**
 * Inserts a deal created here and, when the data directory is linked to a platform, queues its
 * create for the platform, in one transaction. (The PostgreSQL platform never links to a remote:
 * its engine records nothing in the outbox.)
 */
export function insertDealGraphForSync(
  db: Db,
  graph: NewDealGraph,
  create: unknown,
  history?: { actor: HistoryActor; at: string; change: HistoryChange },
): ReturnType<typeof insertDealGraph> {
  return db.transaction(() => {
    const result = insertDealGraph(db, graph);
    // The creation's history entry commits with the deal.
    if (result.inserted && history) recordHistory(db, history.actor, history.at, [history.change]);
    if (result.inserted && getSyncState(db, LINKED_REMOTE_KEY) !== undefined) {
      const now = new Date().toISOString();
      db.insert(outbox)
        .values({ entityType: DEAL_ENTITY, entityId: graph.deal.id, field: CREATE_FIELD, newValue: encode(create), status: 'pending', createdAt: now, updatedAt: now })
        .run();
    }
    return result;
  });
}

// --- reads -------------------------------------------------------------------------------------

export interface OutboxFilter {
  statuses?: readonly OutboxStatus[];
  entityId?: string;
  field?: string;
  /** At most this many rows (the oldest). */
  limit?: number;
}

export function outboxEntries(db: Db, filter: OutboxFilter = {}): OutboxEntry[] {
  const where = [
    filter.statuses ? inArray(outbox.status, [...filter.statuses]) : undefined,
    filter.entityId !== undefined ? eq(outbox.entityId, filter.entityId) : undefined,
    filter.field !== undefined ? eq(outbox.field, filter.field) : undefined,
  ].filter((w) => w !== undefined);
  const query = db
    .select()
    .from(outbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(outbox.id));
  return (filter.limit !== undefined ? query.limit(filter.limit).all() : query.all()).map(toEntry);
}

/** Whether any outbox row is about `entityId` (the pull asks for every deal; most have none). */
export function hasOutboxEntries(db: Db, entityId: string): boolean {
  return perConnection(db, 'outbox.hasEntity', () => db.$client.prepare('SELECT 1 FROM outbox WHERE entity_id = ? LIMIT 1').pluck()).get(entityId) !== undefined;
}

export function outboxEntryById(db: Db, id: number): OutboxEntry | undefined {
  const row = db.select().from(outbox).where(eq(outbox.id, id)).get();
  return row ? toEntry(row) : undefined;
}

export function outboxCounts(db: Db): Record<OutboxStatus, number> {
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  const rows = db.select({ status: outbox.status, n: sql<number>`count(*)` }).from(outbox).groupBy(outbox.status).all();
  for (const r of rows) counts[r.status as OutboxStatus] = r.n;
  return counts;
}

/** What the working copy holds that the platform does not, and that no outbox row will send. */
export interface LocalOnlyCounts {
  /** Deals created here once linked, whose create the platform has not confirmed yet (their outbox row). */
  newDealsWaiting: number;
  /** Deals created here before the data directory was linked (they are not sent). */
  createdHere: number;
  /** Other deals the platform does not have and that were not created here: the demo portfolio's sample, or deals from before. */
  otherDeals: number;
  /** Collaterals imported here into synced deals (kept here, not sent). */
  importedCollaterals: number;
}

export function localOnlyCounts(db: Db): LocalOnlyCounts {
  const row = perConnection(db, 'outbox.localOnly', () =>
    db.$client.prepare(
      `WITH local_deals AS (
         SELECT d.id FROM deals d
         WHERE NOT EXISTS (SELECT 1 FROM remote_shadow s WHERE s.type = 'getDealInfo' AND s.id = d.id)
           AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.entity_type = '${DEAL_ENTITY}' AND o.entity_id = d.id AND o.field = '${CREATE_FIELD}')
       )
       SELECT
         (SELECT count(*) FROM outbox o WHERE o.entity_type = '${DEAL_ENTITY}' AND o.field = '${CREATE_FIELD}') AS newDealsWaiting,
         (SELECT count(*) FROM local_deals l WHERE EXISTS (SELECT 1 FROM deal_history h WHERE h.deal_id = l.id AND h.field = @created)) AS createdHere,
         (SELECT count(*) FROM local_deals) AS localDeals,
         (SELECT count(DISTINCT dc.collateral_id) FROM deal_collaterals dc
           WHERE EXISTS (SELECT 1 FROM remote_shadow s WHERE s.type = 'getDealInfo' AND s.id = dc.deal_id)
             AND NOT EXISTS (SELECT 1 FROM remote_shadow s WHERE s.type = 'getCollateralCashFlow' AND s.id = dc.collateral_id)) AS importedCollaterals`,
    ),
  ).get({ created: CREATED_FIELD_NAME }) as { newDealsWaiting: number; createdHere: number; localDeals: number; importedCollaterals: number };
  return { newDealsWaiting: row.newDealsWaiting, createdHere: row.createdHere, otherDeals: row.localDeals - row.createdHere, importedCollaterals: row.importedCollaterals };
}

// --- transitions (the sync engine; callers open the transaction) -----------------------------------

export interface OutboxPatch {
  base?: unknown;
  value?: unknown;
  /** null clears the sent value. */
  sent?: unknown;
  status?: OutboxStatus;
  attempts?: number;
  nextAttemptAt?: string | null;
  lastError?: string | null;
}

export function updateOutboxEntry(db: Db, id: number, patch: OutboxPatch): void {
  const set: Partial<typeof outbox.$inferInsert> = { updatedAt: new Date().toISOString() };
  if ('base' in patch) set.baseValue = encode(patch.base);
  if ('value' in patch) set.newValue = encode(patch.value);
  if ('sent' in patch) set.sentValue = patch.sent === null ? null : encode(patch.sent);
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.attempts !== undefined) set.attempts = patch.attempts;
  if (patch.nextAttemptAt !== undefined) set.nextAttemptAt = patch.nextAttemptAt;
  if (patch.lastError !== undefined) set.lastError = patch.lastError;
  db.update(outbox).set(set).where(eq(outbox.id, id)).run();
}

export function deleteOutboxEntry(db: Db, id: number): void {
  db.delete(outbox).where(eq(outbox.id, id)).run();
}

/**
 * A field whose local value meets a different platform value with no common ancestor (the deal
 * was here before this store ever read it from the platform): a conflict with no base, held for
 * the user as any other (keep mine sends mine, take theirs takes the platform's).
 */
export function insertOutboxConflict(db: Db, dealId: string, field: string, mine: unknown, reason: string): void {
  const now = new Date().toISOString();
  db.insert(outbox)
    .values({ entityType: DEAL_ENTITY, entityId: dealId, field, baseValue: null, newValue: encode(mine), status: 'conflict', lastError: reason, createdAt: now, updatedAt: now })
    .run();
}

/** After a crash: attempts whose outcome nobody saw are ambiguous, resolved by comparison. */
export function markInflightAmbiguous(db: Db): number {
  return db
    .update(outbox)
    .set({ status: 'ambiguous', updatedAt: new Date().toISOString() })
    .where(eq(outbox.status, 'inflight'))
    .run().changes;
}

/**
 * Moves the rows of a deal created offline to the id the platform gave it. A field the platform
 * copy already has a row for keeps that row (the later edit).
 */
export function rekeyOutbox(db: Db, fromId: string, toId: string): void {
  const rows = db.select().from(outbox).where(and(eq(outbox.entityType, DEAL_ENTITY), eq(outbox.entityId, fromId))).all();
  for (const row of rows) {
    const taken = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.entityType, DEAL_ENTITY), eq(outbox.entityId, toId), eq(outbox.field, row.field)))
      .get();
    if (taken) db.delete(outbox).where(eq(outbox.id, row.id)).run();
    else db.update(outbox).set({ entityId: toId }).where(eq(outbox.id, row.id)).run();
  }
}
