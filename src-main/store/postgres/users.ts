import { eq, sql } from 'drizzle-orm';
import type { PgDb } from './db';
import { users } from './schema';

// The users on PostgreSQL: the twin of store/users.ts.

export async function ensureUsers(pg: PgDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await pg
    .insert(users)
    .values([...new Set(ids)].map((id) => ({ id })))
    .onConflictDoNothing();
}

export async function userExists(pg: PgDb, id: string): Promise<boolean> {
  const rows = await pg.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return rows.length > 0;
}

/** The users among `ids`, in one query whatever their number (the ids go in as one array parameter). */
export async function existingUsers(pg: PgDb, ids: Iterable<string>): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await pg.select({ id: users.id }).from(users).where(sql`${users.id} = ANY(${sql.param(unique)}::text[])`);
  return new Set(rows.map((r) => r.id));
}

/** Every user, by id (the owner picker of the New deal form). */
export async function listUsers(pg: PgDb): Promise<{ id: string; name: string | null }[]> {
  return pg.select({ id: users.id, name: users.name }).from(users).orderBy(sql`${users.id} COLLATE "C"`);
}

