import { eq, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { syncIdMap, syncState } from './schema';

// Small facts of the sync (sync_state) and the ids of deals created offline (sync_id_map).

export function getSyncState(db: Db, key: string): string | undefined {
  return db.select({ value: syncState.value }).from(syncState).where(eq(syncState.key, key)).get()?.value;
}

/** Writes the value only when it differs: an unchanged fact writes no row. */
export function setSyncState(db: Db, key: string, value: string): void {
  if (getSyncState(db, key) === value) return;
  db.insert(syncState).values({ key, value }).onConflictDoUpdate({ target: syncState.key, set: { value } }).run();
}

export function mapLocalId(db: Db, localId: string, remoteId: string, entityType = 'deal'): void {
  db.insert(syncIdMap).values({ localId, remoteId, entityType }).onConflictDoNothing().run();
}

export function remoteIdOf(db: Db, localId: string): string | undefined {
  return db.select({ id: syncIdMap.remoteId }).from(syncIdMap).where(eq(syncIdMap.localId, localId)).get()?.id;
}

export function localIdOf(db: Db, remoteId: string): string | undefined {
  return db.select({ id: syncIdMap.localId }).from(syncIdMap).where(eq(syncIdMap.remoteId, remoteId)).get()?.id;
}

/** Which of `remoteIds` are the platform ids of deals created here. */
export function mappedRemoteIds(db: Db, remoteIds?: readonly string[]): Set<string> {
  const query = db.select({ id: syncIdMap.remoteId }).from(syncIdMap);
  const rows = remoteIds ? (remoteIds.length ? query.where(inArray(syncIdMap.remoteId, [...remoteIds])).all() : []) : query.all();
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether the linked platform offers the change feed and bulk graph reads (docs/sync.md, "What a
 * sync costs"): 'yes' or 'no', learned by the first sync of the link and kept with it.
 */
export const REMOTE_FEED_KEY = 'remoteFeed';
/** The cursor of the last feed page whose graphs were applied (written in the same transaction as them). */
export const FEED_CURSOR_KEY = 'feedCursor';

export function deleteSyncState(db: Db, key: string): void {
  db.delete(syncState).where(eq(syncState.key, key)).run();
}
