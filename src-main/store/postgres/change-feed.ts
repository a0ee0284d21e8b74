import { sql } from 'drizzle-orm';
import type { DealChangeKind, DealChangeRow } from '../change-feed';
import type { PgDb } from './db';

// The change feed's reads on PostgreSQL: the twin of store/change-feed.ts. The feed is written
// only by the triggers of migration 0004_deal_change_feed. Deal ids compare byte by byte
// (COLLATE "C"), as SQLite's BINARY collation does, whatever the database's own collation:
// a cursor (seq, dealId) means the same position on both engines.

const NO_HEAD = 'the change feed has no head row: migration 0004_deal_change_feed did not run';

/**
 * The store's identity as cursors carry it: the feed's store_id (drawn by the migration) bound to
 * the database it lives in (its oid). A copy of the database (pg_dump and pg_restore into another
 * database, the README's backup and restore, or CREATE DATABASE ... TEMPLATE) keeps store_id but
 * not the oid: a cursor handed out before the restore is refused, even once the restored feed has
 * numbered more changes than the cursor's (by numbers alone it would look continuable, and the
 * changes the restore undid would never be listed). The instances of one database share its oid,
 * and pg_upgrade keeps it (PostgreSQL 15). 32 hex digits, as on SQLite.
 */
const STORE_ID = sql`md5(h.store_id || ':' || (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())::text)`;

/** The store's identity and the last sequence number handed out. */
export async function changeFeedHead(pg: PgDb): Promise<{ storeId: string; seq: number }> {
  const { rows } = await pg.execute<{ storeId: string; seq: number }>(sql`SELECT ${STORE_ID} AS "storeId", h.seq FROM change_feed h WHERE h.id = 1`);
  if (!rows[0]) throw new Error(NO_HEAD);
  return { storeId: rows[0].storeId, seq: Number(rows[0].seq) };
}

const PAGE = (after: { seq: number; dealId: string }, limit: number) => sql`
  SELECT c.deal_id AS "dealId", c.seq, c.kind FROM deal_changes c
  WHERE (c.seq, c.deal_id COLLATE "C") > (${after.seq}::bigint, ${after.dealId}::text COLLATE "C")
  ORDER BY c.seq, c.deal_id COLLATE "C"
  LIMIT ${limit}`;

/** Up to `limit` deals whose latest change comes after the position (seq, dealId), oldest first. */
export async function dealChangesAfter(pg: PgDb, after: { seq: number; dealId: string }, limit: number): Promise<DealChangeRow[]> {
  const { rows } = await pg.execute<{ dealId: string; seq: number; kind: DealChangeKind }>(PAGE(after, limit));
  return rows.map((r) => ({ dealId: r.dealId, seq: Number(r.seq), kind: r.kind }));
}

/** The sequence number of a deal's latest change; undefined when the feed never listed the deal. */
export async function dealChangeSeq(pg: PgDb, dealId: string): Promise<number | undefined> {
  const { rows } = await pg.execute<{ seq: number }>(sql`SELECT seq FROM deal_changes WHERE deal_id = ${dealId}`);
  return rows[0] ? Number(rows[0].seq) : undefined;
}

/**
 * The head and a page read in ONE statement, so that both belong to the same snapshot (a
 * statement's snapshot under READ COMMITTED), without opening a transaction.
 */
export async function readChangePage(
  pg: PgDb,
  after: { seq: number; dealId: string },
  limit: number,
): Promise<{ head: { storeId: string; seq: number }; rows: DealChangeRow[] }> {
  const { rows } = await pg.execute<{ storeId: string; headSeq: number; page: DealChangeRow[] | null }>(sql`
    SELECT ${STORE_ID} AS "storeId", h.seq AS "headSeq",
      (SELECT json_agg(json_build_object('dealId', p."dealId", 'seq', p.seq, 'kind', p.kind) ORDER BY p.seq, p."dealId" COLLATE "C") FROM (${PAGE(after, limit)}) p) AS page
    FROM change_feed h WHERE h.id = 1`);
  const row = rows[0];
  if (!row) throw new Error(NO_HEAD);
  return { head: { storeId: row.storeId, seq: Number(row.headSeq) }, rows: row.page ?? [] };
}
