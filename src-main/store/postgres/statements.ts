import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A text column in SQLite's BINARY order (byte order). SQLite compares ids and ISO timestamps
 * byte by byte; a PostgreSQL database's default collation may be a linguistic one (en_US:
 * 'a-b' and 'ab' compare otherwise), so every ORDER BY on text names the "C" collation, whatever
 * the database was created with. Ids are ASCII, so the order is also JavaScript's `<`.
 */
export function binary(column: PgColumn | SQL): SQL {
  return sql`${column} COLLATE "C"`;
}

/**
 * `column = ANY($n::text[])` with the ids bound as ONE array parameter: one statement text for
 * any number of ids, and no limit of bound parameters (drizzle's inArray binds one per id,
 * and PostgreSQL takes at most 65,535). The twin of SQLite's inIds / json_each.
 */
export function anyId(column: PgColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} = ANY(${sql.param([...ids])}::text[])`;
}
