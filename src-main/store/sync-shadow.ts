import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from './db';
import { remoteShadow } from './schema';
import { prepared } from './statements';

// remote_shadow: the last-known state of the central platform, one row per read.

export type ShadowEntry = typeof remoteShadow.$inferSelect;

export function getShadowEntry(db: Db, type: string, id: string): ShadowEntry | undefined {
  return db.select().from(remoteShadow).where(and(eq(remoteShadow.type, type), eq(remoteShadow.id, id))).get();
}

// The pull checks a deal's listing hash for every deal of every sync, and a changed deal writes a
// dozen rows: those statements are compiled once per connection.
const HASH_OF = 'SELECT content_hash FROM remote_shadow WHERE type = ? AND id = ?';
const JSON_OF = 'SELECT json FROM remote_shadow WHERE type = ? AND id = ?';
const HASHES_OF = 'SELECT id, content_hash FROM remote_shadow WHERE type = ? AND id IN (SELECT value FROM json_each(?))';
const HASHES_OF_TYPE = 'SELECT id, content_hash FROM remote_shadow WHERE type = ?';
const PUT = `INSERT INTO remote_shadow (type, id, json, content_hash, fetched_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (type, id) DO UPDATE SET json = excluded.json, content_hash = excluded.content_hash, fetched_at = excluded.fetched_at`;

/** The stored content hash of one shadow entry (undefined when absent). */
export function shadowHashOf(db: Db, type: string, id: string): string | undefined {
  return prepared(db, HASH_OF).pluck().get(type, id) as string | undefined;
}

/** The stored JSON of one shadow entry (undefined when absent). */
export function shadowJsonOf(db: Db, type: string, id: string): string | undefined {
  return prepared(db, JSON_OF).pluck().get(type, id) as string | undefined;
}

/** The stored content hashes of the given reads (absent keys are not stored), keyed "type\u0000id". */
export function shadowHashesOf(db: Db, keys: readonly { type: string; id: string }[]): Map<string, string> {
  const byType = new Map<string, string[]>();
  for (const k of keys) {
    const ids = byType.get(k.type);
    if (ids) ids.push(k.id);
    else byType.set(k.type, [k.id]);
  }
  const out = new Map<string, string>();
  const statement = prepared(db, HASHES_OF).raw();
  for (const [type, ids] of byType) {
    for (const [id, hash] of statement.all(type, JSON.stringify(ids)) as [string, string][]) out.set(`${type}\u0000${id}`, hash);
  }
  return out;
}

/**
 * The content hash of every shadow entry of one type, by id (no JSON loaded): what the UI
 * compares before and after a sync to learn which deals it changed.
 */
export function shadowHashesOfType(db: Db, type: string): Map<string, string> {
  return new Map(prepared(db, HASHES_OF_TYPE).raw().all(type) as [string, string][]);
}

/** Inserts or replaces shadow entries. */
export function putShadowEntries(db: Db, entries: readonly ShadowEntry[]): void {
  const statement = prepared(db, PUT);
  for (const e of entries) statement.run(e.type, e.id, e.json, e.contentHash, e.fetchedAt);
}

export function deleteShadowEntry(db: Db, type: string, id: string): void {
  db.delete(remoteShadow).where(and(eq(remoteShadow.type, type), eq(remoteShadow.id, id))).run();
}

export function shadowIds(db: Db, type: string): string[] {
  return db.select({ id: remoteShadow.id }).from(remoteShadow).where(eq(remoteShadow.type, type)).all().map((r) => r.id);
}

export function shadowEntriesOfType(db: Db, type: string): ShadowEntry[] {
  return db.select().from(remoteShadow).where(eq(remoteShadow.type, type)).all();
}

/** Whether a graph listing (type 'dealGraph') other than `exceptId` mentions `needle` (a JSON-quoted id). */
export function otherGraphMentions(db: Db, graphType: string, exceptId: string, needle: string): boolean {
  return (
    db
      .select({ one: sql<number>`1` })
      .from(remoteShadow)
      .where(and(eq(remoteShadow.type, graphType), ne(remoteShadow.id, exceptId), sql`instr(${remoteShadow.json}, ${needle}) > 0`))
      .get() !== undefined
  );
}
