import { eq, sql } from 'drizzle-orm';
import type { Db } from './db';
import { settings } from './schema';
import { perConnection } from './statements';

export function getSetting<T>(db: Db, key: string): T | undefined {
  const query = perConnection(db, 'settings.get', () =>
    db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, sql.placeholder('key')))
      .prepare(),
  );
  return query.get({ key })?.value as T | undefined;
}

export function setSetting(db: Db, key: string, value: unknown): void {
  db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
}

/**
 * The setting's value, storing `initial` first when there is none; never overwrites. One
 * statement pair on the one connection: nothing can come in between on SQLite's single writer
 * within a call (the PostgreSQL twin is race-safe across instances).
 */
export function settingOrInsert<T>(db: Db, key: string, initial: T): T {
  db.insert(settings).values({ key, value: initial }).onConflictDoNothing({ target: settings.key }).run();
  return getSetting<T>(db, key) as T;
}
