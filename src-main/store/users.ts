import { eq, inArray } from 'drizzle-orm';
import type { Db } from './db';
import { users } from './schema';

export function ensureUsers(db: Db, ids: readonly string[]): void {
  if (ids.length === 0) return;
  db.insert(users)
    .values(ids.map((id) => ({ id })))
    .onConflictDoNothing()
    .run();
}

export function userExists(db: Db, id: string): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.id, id)).get() !== undefined;
}

export function existingUsers(db: Db, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  return new Set(db.select({ id: users.id }).from(users).where(inArray(users.id, [...ids])).all().map((u) => u.id));
}
