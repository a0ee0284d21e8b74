import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from './db';
import { remoteShadow } from './schema';

// remote_shadow: the last-known state of the central platform, one row per read.

export type ShadowEntry = typeof remoteShadow.$inferSelect;

export function getShadowEntry(db: Db, type: string, id: string): ShadowEntry | undefined {
  return db.select().from(remoteShadow).where(and(eq(remoteShadow.type, type), eq(remoteShadow.id, id))).get();
}

/** The stored content hashes of the given reads (absent keys are not stored), keyed "type\u0000id". */
export function getShadowHashes(db: Db, keys: readonly { type: string; id: string }[]): Map<string, string> {
  const byType = new Map<string, string[]>();
  for (const k of keys) (byType.get(k.type) ?? byType.set(k.type, []).get(k.type)!).push(k.id);
  const out = new Map<string, string>();
  for (const [type, ids] of byType) {
    for (let i = 0; i < ids.length; i += 500) {
      const rows = db
        .select({ id: remoteShadow.id, hash: remoteShadow.contentHash })
        .from(remoteShadow)
        .where(and(eq(remoteShadow.type, type), inArray(remoteShadow.id, ids.slice(i, i + 500))))
        .all();
      for (const r of rows) out.set(`${type}\u0000${r.id}`, r.hash);
    }
  }
  return out;
}

export function putShadowEntry(db: Db, entry: ShadowEntry): void {
  db.insert(remoteShadow)
    .values(entry)
    .onConflictDoUpdate({
      target: [remoteShadow.type, remoteShadow.id],
      set: { json: entry.json, contentHash: entry.contentHash, fetchedAt: entry.fetchedAt },
    })
    .run();
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
