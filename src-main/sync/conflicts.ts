import { readDealProperty, type BulkUpdateProperty, type SeedInfoResponseDto } from '../contract';
import { PROPERTY_COLUMNS } from '../gateway';
import {
  CREATE_FIELD,
  currentDealValue,
  deleteOutboxEntry,
  getShadowEntry,
  inSyncTransaction,
  localUserName,
  outboxEntries,
  type OutboxEntry,
  outboxEntryById,
  type OutboxStatus,
  recordHistory,
  removeLocalDeal,
  setDealColumns,
  shadowHashesOfType,
  type SqliteHandle,
  updateOutboxEntry,
} from '../store';
import { DELETED_REMOTELY, isProperty } from './apply';
import { GRAPH_TYPE } from './graph';

// The outbox as the UI shows it, and the user's decisions on conflicts (docs/sync.md: keep
// mine / take theirs; underwriting data never silently loses to last-write-wins) and on
// rejected edits (retry after editing, or discard).

export interface OutboxItem {
  id: number;
  dealId: string;
  /** A bulk-update property, or '$create' for a deal created offline. */
  field: string;
  status: OutboxStatus;
  /** The platform's value when the edit started. */
  base: unknown;
  /** The local value. */
  mine: unknown;
  /** What the platform holds now (last read); undefined when unknown or the deal is gone there. */
  theirs: unknown;
  /** Why a row is rejected or in conflict (the platform's error, or the conflict's cause). */
  reason: string | null;
  /** The platform no longer has the deal. */
  deletedRemotely: boolean;
  attempts: number;
  updatedAt: string;
}

function theirsOf(db: SqliteHandle, dealId: string, field: string): unknown {
  if (!isProperty(field)) return undefined;
  const shadow = getShadowEntry(db, 'getDealInfo', dealId);
  return shadow ? readDealProperty(JSON.parse(shadow.json) as SeedInfoResponseDto, field) : undefined;
}

function toItem(db: SqliteHandle, row: OutboxEntry): OutboxItem {
  return {
    id: row.id,
    dealId: row.entityId,
    field: row.field,
    status: row.status,
    base: row.base,
    mine: row.value,
    theirs: theirsOf(db, row.entityId, row.field),
    reason: row.lastError,
    deletedRemotely: row.lastError?.startsWith(DELETED_REMOTELY) ?? false,
    attempts: row.attempts,
    updatedAt: row.updatedAt,
  };
}

/** Every outbox row (pending, in flight, ambiguous, conflicts, rejected), oldest first; at most `limit`. */
export function listOutbox(db: SqliteHandle, statuses?: readonly OutboxStatus[], limit?: number): OutboxItem[] {
  return outboxEntries(db, { ...(statuses ? { statuses } : {}), ...(limit !== undefined ? { limit } : {}) }).map((row) => toItem(db, row));
}

/** The conflicts: base, mine and theirs per field. */
export function listConflicts(db: SqliteHandle): OutboxItem[] {
  return listOutbox(db, ['conflict']);
}

function rowOrThrow(db: SqliteHandle, id: number): OutboxEntry {
  const row = outboxEntryById(db, id);
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/**
 * Keep mine: the local value goes to the platform at the next sync, over theirs (the row's
 * base becomes theirs, so the push sends it). On a rejected row: try it again.
 */
export function keepMine(db: SqliteHandle, id: number): void {
  inSyncTransaction(db, () => {
    const row = rowOrThrow(db, id);
    if (row.status === 'rejected') {
      updateOutboxEntry(db, id, { status: 'pending', attempts: 0, lastError: null, sent: null });
      return;
    }
    if (row.status !== 'conflict') throw new Error(`outbox row ${id} is ${row.status}, not a conflict`);
    if (row.lastError?.startsWith(DELETED_REMOTELY)) {
      throw new Error(`deal ${row.entityId} was deleted on the platform: keep-mine cannot restore it; take theirs to remove it here`);
    }
    const theirs = theirsOf(db, row.entityId, row.field);
    updateOutboxEntry(db, id, { base: theirs, status: 'pending', attempts: 0, lastError: null, sent: null });
    // The decision goes in the deal's history (the working copy keeps mine): theirs -> mine.
    recordHistory(db, { who: localUserName(db), source: 'keep-mine' }, new Date().toISOString(), [
      { dealId: row.entityId, field: row.field, oldValue: theirs ?? null, newValue: row.value ?? null },
    ]);
  });
}

/**
 * Take theirs: the local edit is dropped and the working copy takes the platform's value. On a
 * rejected create: the deal created here is discarded.
 */
export function takeTheirs(db: SqliteHandle, id: number): void {
  inSyncTransaction(db, () => {
    const row = rowOrThrow(db, id);
    if (row.status !== 'conflict' && row.status !== 'rejected') throw new Error(`outbox row ${id} is ${row.status}: only conflicts and rejected edits can be settled`);
    if (row.field === CREATE_FIELD) {
      for (const other of outboxEntries(db, { entityId: row.entityId })) deleteOutboxEntry(db, other.id);
      removeLocalDeal(db, row.entityId);
      return;
    }
    deleteOutboxEntry(db, id);
    if (!isProperty(row.field) || row.lastError?.startsWith(DELETED_REMOTELY)) return;
    const theirs = theirsOf(db, row.entityId, row.field);
    if (theirs === undefined) return;
    const column = PROPERTY_COLUMNS[row.field as BulkUpdateProperty];
    const mine = currentDealValue(db, row.entityId, column);
    setDealColumns(db, row.entityId, { [column]: theirs });
    // The working copy's change goes in the deal's history, in this same transaction.
    recordHistory(db, { who: localUserName(db), source: 'take-theirs' }, new Date().toISOString(), [
      { dealId: row.entityId, field: row.field, oldValue: mine ?? null, newValue: theirs ?? null },
    ]);
  });
}

/**
 * Per deal, the hash of the graph last read from the platform (its shadow listing). Two of them,
 * taken before and after a sync, tell which deals the sync changed (changedDeals).
 */
export function pulledDealHashes(db: SqliteHandle): Map<string, string> {
  return shadowHashesOfType(db, GRAPH_TYPE);
}

/** Deals whose pulled graph differs between two pulledDealHashes (new, changed or gone). */
export function changedDeals(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const changed: string[] = [];
  for (const [id, hash] of after) if (before.get(id) !== hash) changed.push(id);
  for (const id of before.keys()) if (!after.has(id)) changed.push(id);
  return changed;
}
