import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './db';
import { changeFeed, dealChanges } from './schema';

// The change feed's reads (docs/api.md, "Change feed"). The feed itself is written only by the
// triggers of migration 0005_deal_change_feed, in the same statement as each change.

export type DealChangeKind = 'Upsert' | 'Delete';

export interface DealChangeRow {
  dealId: string;
  seq: number;
  kind: DealChangeKind;
}

/** The store's identity and the last sequence number handed out. */
export function changeFeedHead(db: Db): { storeId: string; seq: number } {
  const row = db.select({ storeId: changeFeed.storeId, seq: changeFeed.seq }).from(changeFeed).where(eq(changeFeed.id, 1)).get();
  if (!row) throw new Error('the change feed has no head row: migration 0005_deal_change_feed did not run');
  return row;
}

/**
 * Up to `limit` deals whose latest change comes after the position (seq, dealId), oldest first
 * (ties in seq by deal id). Each deal appears once: deal_changes keeps only its latest change.
 */
export function dealChangesAfter(db: Db, after: { seq: number; dealId: string }, limit: number): DealChangeRow[] {
  return db
    .select({ dealId: dealChanges.dealId, seq: dealChanges.seq, kind: dealChanges.kind })
    .from(dealChanges)
    .where(sql`(${dealChanges.seq}, ${dealChanges.dealId}) > (${after.seq}, ${after.dealId})`)
    .orderBy(asc(dealChanges.seq), asc(dealChanges.dealId))
    .limit(limit)
    .all() as DealChangeRow[];
}

/** The sequence number of a deal's latest change; undefined when the feed never listed the deal. */
export function dealChangeSeq(db: Db, dealId: string): number | undefined {
  return db.select({ seq: dealChanges.seq }).from(dealChanges).where(eq(dealChanges.dealId, dealId)).get()?.seq;
}

/**
 * The head and a page read in one transaction, so that the page and the store identity belong
 * to the same snapshot.
 */
export function readChangePage(db: Db, after: { seq: number; dealId: string }, limit: number) {
  return db.transaction(() => ({ head: changeFeedHead(db), rows: dealChangesAfter(db, after, limit) }), { behavior: 'deferred' });
}
