import { getTableName, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../src-main/store/db';
import * as pgSchema from '../../src-main/store/postgres/schema';
import * as sqliteSchema from '../../src-main/store/schema';

/**
 * Tables the PostgreSQL engine fills itself and that are not copied: the roll-up cache
 * (its rows carry an inputs version SQLite has no notion of; the engine refills it) and the
 * change feed (its triggers write it as the rows are copied).
 */
const ENGINE_FILLED = new Set(['collateral_figures', 'collateral_inputs', 'collateral_inputs_version', 'change_feed', 'deal_changes']);

/** PostgreSQL binds at most 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

/** The PostgreSQL schema's tables, each after every table it references (foreign keys). */
function tablesInKeyOrder(): PgTable[] {
  const tables = (Object.values(pgSchema) as unknown[]).filter((t): t is PgTable => t instanceof PgTable);
  const ordered: PgTable[] = [];
  const placed = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (placed.has(table)) return;
    placed.add(table);
    for (const key of getTableConfig(table).foreignKeys) {
      const target = key.reference().foreignTable;
      if (target !== table) visit(target);
    }
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/**
 * Copies every row of every table of a SQLite store into a migrated, empty PostgreSQL database
 * through drizzle (as the schemas read and write them: the same JS values), parents before
 * children. Returns the rows copied per table name.
 */
export async function copyToPostgres(sqlite: Db, pg: NodePgDatabase<typeof pgSchema>): Promise<Record<string, number>> {
  const sqliteTables = new Map(
    (Object.values(sqliteSchema) as unknown[]).filter((t): t is SQLiteTable => t instanceof SQLiteTable).map((t) => [getTableName(t), t]),
  );
  const copied: Record<string, number> = {};
  for (const table of tablesInKeyOrder()) {
    const name = getTableName(table);
    if (ENGINE_FILLED.has(name)) continue;
    const source = sqliteTables.get(name);
    if (!source) throw new Error(`copyToPostgres: no SQLite table ${name}`);
    const rows = sqlite.select().from(source).all() as Record<string, unknown>[];
    const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, getTableConfig(table).columns.length)));
    for (let i = 0; i < rows.length; i += chunk) await pg.insert(table).values(rows.slice(i, i + chunk) as never);
    copied[name] = rows.length;
    // Identity columns were given SQLite's ids: their sequences go on after the highest one, as AUTOINCREMENT would.
    for (const column of getTableConfig(table).columns) {
      if (!column.generatedIdentity || rows.length === 0) continue;
      await pg.execute(
        sql`SELECT setval(pg_get_serial_sequence(${name}, ${column.name}), (SELECT max(${sql.identifier(column.name)}) FROM ${sql.identifier(name)}))`,
      );
    }
  }
  return copied;
}
