import { eq, sql } from 'drizzle-orm';
import type { PgDb } from './db';
import { settings } from './schema';

// The settings table on PostgreSQL: the twin of store/settings.ts.

export async function getSetting<T>(pg: PgDb, key: string): Promise<T | undefined> {
  const rows = await pg.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0]?.value as T | undefined;
}

export async function setSetting(pg: PgDb, key: string, value: unknown): Promise<void> {
  await pg.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * The setting's value, storing `initial` first when there is none: race-safe across server
 * instances (INSERT ... ON CONFLICT DO NOTHING, then the stored value, whoever stored it). Two
 * instances starting together on an empty database thus share one value, e.g. the token
 * signing key. Not for a value that is meant to be replaced later: it never overwrites.
 */
export async function settingOrInsert<T>(pg: PgDb, key: string, initial: T): Promise<T> {
  const inserted = await pg
    .insert(settings)
    .values({ key, value: initial })
    .onConflictDoNothing({ target: settings.key })
    .returning({ value: settings.value });
  if (inserted[0]) return inserted[0].value as T;
  // Committed by another instance (READ COMMITTED: ON CONFLICT waited for its commit, so the
  // row is visible to this next statement).
  const stored = await getSetting<T>(pg, key);
  if (stored === undefined) throw new Error(`setting ${key} conflicted on insert but cannot be read`);
  return stored;
}

/** The setting's JSON as stored (its text), or null when it is not set. */
export async function settingText(pg: PgDb, key: string): Promise<string | null> {
  const rows = await pg.select({ text: sql<string>`${settings.value}::text` }).from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0]?.text ?? null;
}
