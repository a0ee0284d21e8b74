import type { Statement } from 'better-sqlite3';
import { asc, eq } from 'drizzle-orm';
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

/** Per connection, compiled once: the users among a JSON array of ids. */
const existingStatements = new WeakMap<Db['$client'], Statement>();

/**
 * The users among `ids`, in one query whatever their number (the bulk update asks it once for
 * every Owner of a request): the ids go in as one JSON array (json_each), so there is no
 * bound-parameter limit and one compiled statement serves every size. `db` is the database
 * (its connection runs the statement, inside whatever transaction is open on it).
 */
export function existingUsers(db: Db, ids: Iterable<string>): Set<string> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  let statement = existingStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare(`SELECT id FROM users WHERE id IN (SELECT value FROM json_each(?))`).pluck();
    existingStatements.set(db.$client, statement);
  }
  return new Set(statement.all(JSON.stringify(unique)) as string[]);
}

/** Every user, by id (the owner picker of the New deal form). */
export function listUsers(db: Db): { id: string; name: string | null }[] {
  return db.select({ id: users.id, name: users.name }).from(users).orderBy(asc(users.id)).all();
}
