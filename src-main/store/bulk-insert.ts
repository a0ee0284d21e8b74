// Bulk insertion of many rows into an empty store, in one transaction: all of it or none of it.
//
// A million rows go in when a demo portfolio is seeded. drizzle's insert builder costs tens of
// microseconds per row (it builds and prepares a fresh statement for every chunk), which makes
// 10,000 deals a minute-long job, so the rows are written with prepared multi-row INSERTs built
// from drizzle's own column metadata: the same column names, the same value mapping (JSON,
// booleans), the database's own defaults for the columns a row leaves out.

import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './db';
import * as schema from './schema';

/** The tables a bulk insert can fill, by the name of their schema export. */
export const BULK_TABLES = {
  users: schema.users,
  loansPackages: schema.loansPackages,
  people: schema.people,
  companies: schema.companies,
  deals: schema.deals,
  dealPeople: schema.dealPeople,
  dealCompanies: schema.dealCompanies,
  files: schema.files,
  collaterals: schema.collaterals,
  dealCollaterals: schema.dealCollaterals,
  components: schema.components,
  marketData: schema.marketData,
  salesComps: schema.salesComps,
  livingUnits: schema.livingUnits,
  rentRolls: schema.rentRolls,
  rentRollItems: schema.rentRollItems,
  revenueValuations: schema.revenueValuations,
  cashFlowTransactions: schema.cashFlowTransactions,
  alternativeValuations: schema.alternativeValuations,
  fundsAnalyses: schema.fundsAnalyses,
  fundSources: schema.fundSources,
  fundUses: schema.fundUses,
} as const satisfies Record<string, SQLiteTable>;

export type BulkTableName = keyof typeof BULK_TABLES;
/** Rows to insert, per table: the tables' own insert shapes. */
export type BulkRows = { [K in BulkTableName]: readonly BulkRow<K>[] };
/** One row to insert into a table: the table's own insert shape (what a generator outside the store builds). */
export type BulkRow<K extends BulkTableName> = (typeof BULK_TABLES)[K]['$inferInsert'];

export interface BulkInsertPlan {
  /** Tables in foreign-key order. */
  order: readonly BulkTableName[];
  rows: BulkRows;
  /** Tables whose rows may already be there (kept as they are: ON CONFLICT DO NOTHING). */
  mayExist?: ReadonlySet<BulkTableName>;
  /** Called after every chunk with the rows inserted so far and the rows in all. */
  onProgress?: (done: number, total: number) => void;
}

export type BulkInsertResult = { inserted: false } | { inserted: true; rows: number };

/** SQLite's default SQLITE_MAX_VARIABLE_NUMBER since 3.32. */
export const MAX_BOUND_PARAMETERS = 32_766;
const MAX_ROWS_PER_INSERT = 500;
/** Page cache during the insert, KiB as a negative cache_size: 128 MB (10,000 deals make a 330 MB file). */
const BULK_CACHE_KIB = -131_072;

/** Rows per INSERT: at most 500, and never more bound parameters than SQLite allows. */
export function chunkSizeFor(columnCount: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_BOUND_PARAMETERS / Math.max(1, columnCount))));
}

export function storeHasDeals(db: Db): boolean {
  return db.select({ id: schema.deals.id }).from(schema.deals).limit(1).get() !== undefined;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface ColumnWriter {
  key: string;
  column: SQLiteColumn;
  /** value used when a row leaves the column out while others give it */
  fallback: () => unknown;
}

/**
 * Writes the rows of one table: the columns are those the rows give (the others take their SQL
 * defaults), values are mapped the way drizzle maps them.
 */
class TableWriter {
  private readonly columns: ColumnWriter[];
  private readonly statements = new Map<number, { run(params: unknown[]): unknown }>();
  readonly chunkSize: number;
  /** drizzle's json columns stringify the same shared document many times: once is enough */
  private readonly jsonCache = new WeakMap<object, string>();

  constructor(
    private readonly db: Db,
    private readonly table: SQLiteTable,
    rows: readonly Record<string, unknown>[],
    private readonly ignoreConflicts: boolean,
  ) {
    const all = getTableColumns(table) as Record<string, SQLiteColumn>;
    const given = new Set<string>();
    for (const row of rows) for (const key in row) if (row[key] !== undefined) given.add(key);
    this.columns = Object.entries(all)
      .filter(([key]) => given.has(key))
      .map(([key, column]) => ({ key, column, fallback: () => this.fallback(column) }));
    this.chunkSize = chunkSizeFor(this.columns.length);
  }

  private fallback(column: SQLiteColumn): unknown {
    if (column.default !== undefined && !is(column.default, SQL)) return column.mapToDriverValue(column.default);
    if (column.defaultFn) {
      const value = column.defaultFn();
      if (!is(value, SQL)) return column.mapToDriverValue(value);
    }
    if (!column.notNull) return null;
    throw new Error(`bulk insert: a ${getTableName(this.table)} row has no ${column.name} and the column has no plain default`);
  }

  private statement(rowCount: number): { run(params: unknown[]): unknown } {
    let stmt = this.statements.get(rowCount);
    if (!stmt) {
      const names = this.columns.map((c) => quote(c.column.name)).join(', ');
      const tuple = `(${this.columns.map(() => '?').join(', ')})`;
      const values = Array.from({ length: rowCount }, () => tuple).join(', ');
      const conflict = this.ignoreConflicts ? ' ON CONFLICT DO NOTHING' : '';
      stmt = this.db.$client.prepare(`INSERT INTO ${quote(getTableName(this.table))} (${names}) VALUES ${values}${conflict}`);
      this.statements.set(rowCount, stmt);
    }
    return stmt;
  }

  private toDriver(column: SQLiteColumn, value: unknown): unknown {
    if (value === null) return null;
    if (typeof value === 'object') {
      const cached = this.jsonCache.get(value);
      if (cached !== undefined) return cached;
      const mapped = column.mapToDriverValue(value);
      if (typeof mapped === 'string') this.jsonCache.set(value, mapped);
      return mapped;
    }
    return column.mapToDriverValue(value);
  }

  insert(rows: readonly Record<string, unknown>[]): void {
    if (rows.length === 0) return;
    const params: unknown[] = new Array(rows.length * this.columns.length);
    let at = 0;
    for (const row of rows) {
      for (const c of this.columns) {
        const value = row[c.key];
        params[at++] = value === undefined ? c.fallback() : this.toDriver(c.column, value);
      }
    }
    this.statement(rows.length).run(params);
  }
}

/**
 * Inserts the plan's rows, table by table in its order, in one IMMEDIATE transaction, when the
 * store has no deals; otherwise leaves the store alone and returns `{ inserted: false }`.
 */
export function insertIntoEmptyStore(db: Db, plan: BulkInsertPlan): BulkInsertResult {
  // A bigger page cache while the transaction runs: a large insert otherwise spills dirty pages
  // to the WAL again and again. Restored afterwards.
  const cacheSize = db.$client.pragma('cache_size', { simple: true }) as number;
  db.$client.pragma(`cache_size = ${BULK_CACHE_KIB}`);
  try {
    return insertAll(db, plan);
  } finally {
    db.$client.pragma(`cache_size = ${cacheSize}`);
  }
}

function insertAll(db: Db, { order, rows, mayExist, onProgress }: BulkInsertPlan): BulkInsertResult {
  const total = order.reduce((sum, name) => sum + rows[name].length, 0);
  return db.transaction(
    () => {
      // Checked under the write lock: another process may have filled the store meanwhile.
      if (storeHasDeals(db)) return { inserted: false } as const;
      let done = 0;
      onProgress?.(0, total);
      for (const name of order) {
        const tableRows = rows[name] as readonly Record<string, unknown>[];
        if (tableRows.length === 0) continue;
        const writer = new TableWriter(db, BULK_TABLES[name], tableRows, mayExist?.has(name) ?? false);
        for (let start = 0; start < tableRows.length; start += writer.chunkSize) {
          const chunk = tableRows.slice(start, start + writer.chunkSize);
          writer.insert(chunk);
          done += chunk.length;
          onProgress?.(done, total);
        }
      }
      return { inserted: true, rows: total } as const;
    },
    { behavior: 'immediate' },
  );
}
