import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { BulkInsertPlan, BulkInsertResult, BulkTableName } from '../bulk-insert';
import type { PgDb } from './db';
import * as schema from './schema';

// Bulk insertion into an empty store on PostgreSQL (how the demo portfolio is seeded): the twin
// of store/bulk-insert.ts, taking the same plan. All of it or none of it, in one transaction.
//
// Each chunk of a table is ONE statement with one parameter per column, whatever the number of
// rows: `INSERT ... SELECT * FROM unnest($1::text[], $2::float8[], ...)`. A multi-row VALUES
// list would need a parameter per value (65,535 at most per statement) and make the server
// parse a statement as long as the data.

/** The bulk insert's tables are the PostgreSQL schema's exports of the same names (a missing one does not compile). */
const TABLES: { [K in BulkTableName]: PgTable } = schema;

/** Rows per statement: each column's values travel as one array parameter. */
export const ROWS_PER_STATEMENT = 5_000;

/** An advisory lock key of ours (see migrate.ts): seeding instances queue on it. */
const SEED_LOCK_KEY = '7583001601';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function storeHasDeals(pg: PgDb): Promise<boolean> {
  const rows = await pg.select({ id: schema.deals.id }).from(schema.deals).limit(1);
  return rows.length > 0;
}

interface Column {
  key: string;
  column: PgColumn;
  /** The array type its values travel as, e.g. `double precision[]`. */
  arrayType: string;
  fallback: unknown;
}

function fallbackOf(table: PgTable, column: PgColumn): unknown {
  if (column.default !== undefined && !is(column.default, SQL)) return column.mapToDriverValue(column.default);
  if (column.defaultFn) {
    const value = column.defaultFn();
    if (!is(value, SQL)) return column.mapToDriverValue(value);
  }
  if (!column.notNull) return null;
  throw new Error(`bulk insert: a ${getTableName(table)} row has no ${column.name} and the column has no plain default`);
}

/** The columns the rows give (the others take their SQL defaults), as SQLite's writer does. */
function columnsOf(table: PgTable, rows: readonly Record<string, unknown>[]): Column[] {
  const given = new Set<string>();
  for (const row of rows) for (const key in row) if (row[key] !== undefined) given.add(key);
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return Object.entries(all)
    .filter(([key]) => given.has(key))
    .map(([key, column]) => ({ key, column, arrayType: `${column.getSQLType()}[]`, fallback: undefined as unknown }))
    .map((c) => ({ ...c, fallback: rows.some((r) => r[c.key] === undefined) ? fallbackOf(table, c.column) : null }));
}

async function insertChunk(pg: PgDb, table: PgTable, columns: Column[], rows: readonly Record<string, unknown>[], ignoreConflicts: boolean): Promise<void> {
  // json values: drizzle's own mapping (JSON.stringify) once per shared document.
  const jsonText = new WeakMap<object, unknown>();
  const arrays = columns.map((c) =>
    rows.map((row) => {
      const value = row[c.key];
      if (value === undefined) return c.fallback;
      if (value === null) return null;
      if (typeof value === 'object') {
        if (!jsonText.has(value)) jsonText.set(value, c.column.mapToDriverValue(value));
        return jsonText.get(value);
      }
      return c.column.mapToDriverValue(value);
    }),
  );
  const names = sql.raw(columns.map((c) => quote(c.column.name)).join(', '));
  const unnest = sql.join(
    columns.map((c, i) => sql`${sql.param(arrays[i])}::${sql.raw(c.arrayType)}`),
    sql`, `,
  );
  const conflict = ignoreConflicts ? sql` ON CONFLICT DO NOTHING` : sql``;
  await pg.execute(sql`INSERT INTO ${sql.raw(quote(getTableName(table)))} (${names}) SELECT * FROM unnest(${unnest})${conflict}`);
}

/**
 * Inserts the plan's rows, table by table in its order, in one transaction (a savepoint inside
 * a caller's), when the store has no deals; otherwise leaves the store alone and returns
 * `{ inserted: false }`. Instances seeding at once queue on an advisory lock, and each checks
 * for deals once it holds it: the first seeds, the others find its deals.
 */
export async function insertIntoEmptyStore(pg: PgDb, { order, rows, mayExist, onProgress }: BulkInsertPlan): Promise<BulkInsertResult> {
  const total = order.reduce((sum, name) => sum + rows[name].length, 0);
  return pg.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    if (await storeHasDeals(tx)) return { inserted: false } as const;
    let done = 0;
    onProgress?.(0, total);
    for (const name of order) {
      const tableRows = rows[name] as readonly Record<string, unknown>[];
      if (tableRows.length === 0) continue;
      const table = TABLES[name];
      const columns = columnsOf(table, tableRows);
      for (let start = 0; start < tableRows.length; start += ROWS_PER_STATEMENT) {
        const chunk = tableRows.slice(start, start + ROWS_PER_STATEMENT);
        await insertChunk(tx, table, columns, chunk, mayExist?.has(name) ?? false);
        done += chunk.length;
        onProgress?.(done, total);
      }
    }
    return { inserted: true, rows: total } as const;
  });
}
