// Fills an empty store with the demo portfolio, in one transaction: all of it or none of it.
//
// A million rows go in. drizzle's insert builder costs tens of microseconds per row (it builds
// and prepares a fresh statement for every chunk), which makes 10,000 deals a minute-long job, so
// the rows are written with prepared multi-row INSERTs built from drizzle's own column metadata:
// the same column names, the same value mapping (JSON, booleans), the database's own defaults
// for the columns a row leaves out.

import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db';
import * as schema from '../schema';
import { DEMO_TABLE_ORDER, generateDemoPortfolio, type DemoPortfolio, type DemoPortfolioOptions } from './generate';

export interface SeedDemoOptions extends DemoPortfolioOptions {
  /** Called after every chunk with the rows inserted so far and the rows in all. */
  onProgress?: (done: number, total: number) => void;
}

export type DemoRowCounts = Record<keyof DemoPortfolio, number>;

export type SeedDemoResult =
  | { seeded: false }
  | {
      seeded: true;
      /** rows generated per table (users and loans packages already present are kept as they are) */
      counts: DemoRowCounts;
      rows: number;
    };

export const DEMO_TABLES: Record<keyof DemoPortfolio, SQLiteTable> = {
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
};

/** Users and loans packages may already exist (`uw serve --user` creates users first). */
const MAY_EXIST: ReadonlySet<keyof DemoPortfolio> = new Set(['users', 'loansPackages']);

/** SQLite's default SQLITE_MAX_VARIABLE_NUMBER since 3.32. */
export const MAX_BOUND_PARAMETERS = 32_766;
const MAX_ROWS_PER_INSERT = 500;
/** Page cache during the seed, KiB as a negative cache_size: 128 MB (10,000 deals make a 330 MB file). */
const SEED_CACHE_KIB = -131_072;

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
    throw new Error(`demo seed: a ${getTableName(this.table)} row has no ${column.name} and the column has no plain default`);
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
 * Generates the demo portfolio and inserts it, in foreign-key order and in one IMMEDIATE
 * transaction, when the store has no deals; otherwise leaves the store alone and returns
 * `{ seeded: false }`.
 */
export function seedDemoPortfolio(db: Db, options: SeedDemoOptions = {}): SeedDemoResult {
  if (storeHasDeals(db)) return { seeded: false };
  const { onProgress, ...generatorOptions } = options;
  const portfolio = generateDemoPortfolio(generatorOptions);
  return insertDemoPortfolio(db, portfolio, onProgress);
}

/** Inserts a generated portfolio (all or nothing) unless the store has deals by then. */
export function insertDemoPortfolio(
  db: Db,
  portfolio: DemoPortfolio,
  onProgress?: (done: number, total: number) => void,
): SeedDemoResult {
  const counts = Object.fromEntries(DEMO_TABLE_ORDER.map((key) => [key, portfolio[key].length])) as DemoRowCounts;
  const total = DEMO_TABLE_ORDER.reduce((sum, key) => sum + counts[key], 0);
  // A bigger page cache while the transaction runs: a large insert otherwise spills dirty pages
  // to the WAL again and again. Restored afterwards.
  const cacheSize = db.$client.pragma('cache_size', { simple: true }) as number;
  db.$client.pragma(`cache_size = ${SEED_CACHE_KIB}`);
  try {
    return insertAll(db, portfolio, counts, total, onProgress);
  } finally {
    db.$client.pragma(`cache_size = ${cacheSize}`);
  }
}

function insertAll(
  db: Db,
  portfolio: DemoPortfolio,
  counts: DemoRowCounts,
  total: number,
  onProgress?: (done: number, total: number) => void,
): SeedDemoResult {
  return db.transaction(
    (tx) => {
      // Checked again under the write lock: another process may have filled the store meanwhile.
      if (tx.select({ id: schema.deals.id }).from(schema.deals).limit(1).get() !== undefined) {
        return { seeded: false } as const;
      }
      let done = 0;
      onProgress?.(0, total);
      for (const key of DEMO_TABLE_ORDER) {
        const rows = portfolio[key] as Record<string, unknown>[];
        if (rows.length === 0) continue;
        const writer = new TableWriter(db, DEMO_TABLES[key], rows, MAY_EXIST.has(key));
        for (let start = 0; start < rows.length; start += writer.chunkSize) {
          const chunk = rows.slice(start, start + writer.chunkSize);
          writer.insert(chunk);
          done += chunk.length;
          onProgress?.(done, total);
        }
      }
      return { seeded: true, counts, rows: total } as const;
    },
    { behavior: 'immediate' },
  );
}
