import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PgDb } from './db';

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

/**
 * A named (prepared) statement for the per-request reads (getDealInfo's, a token's client): built
 * once per handle (`build` ends in drizzle's `.prepare(name)`, its values `sql.placeholder`s).
 * PostgreSQL then parses and plans it once per connection instead of on every call (for an
 * indexed one-row read, planning costs more than executing), and drizzle does not build its
 * SQL text again. The pool's handle lives as long as the store; a unit's, as long as the unit.
 * (A pooler in transaction mode, e.g. PgBouncer before 1.21, does not carry named statements.)
 */
export function preparedPerHandle<S>(build: (pg: PgDb) => S): (pg: PgDb) => S {
  const built = new WeakMap<PgDb, S>();
  return (pg) => {
    let statement = built.get(pg);
    if (!statement) built.set(pg, (statement = build(pg)));
    return statement;
  };
}
