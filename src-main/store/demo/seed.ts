// Fills an empty store with the demo portfolio, in one transaction: all of it or none of it.

import { getTableColumns } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db';
import * as schema from '../schema';
import { DEMO_TABLE_ORDER, generateDemoPortfolio, type DemoPortfolio, type DemoPortfolioOptions } from './generate';

export interface SeedDemoOptions extends DemoPortfolioOptions {
  /** Called after every chunk with rows inserted so far and rows in all. */
  onProgress?: (done: number, total: number) => void;
}

export type DemoRowCounts = Record<keyof DemoPortfolio, number>;

export type SeedDemoResult =
  | { seeded: false }
  | {
      seeded: true;
      /** rows generated per table (users and loans packages already present are skipped) */
      counts: DemoRowCounts;
      rows: number;
    };

const TABLES: Record<keyof DemoPortfolio, SQLiteTable> = {
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
const MAX_BOUND_PARAMETERS = 32_766;
const MAX_ROWS_PER_INSERT = 500;

/** Rows per INSERT: at most 500, and never more bound parameters than SQLite allows. */
export function chunkSizeFor(table: SQLiteTable): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_BOUND_PARAMETERS / columns)));
}

export function storeHasDeals(db: Db): boolean {
  return db.select({ id: schema.deals.id }).from(schema.deals).limit(1).get() !== undefined;
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
  const counts = Object.fromEntries(DEMO_TABLE_ORDER.map((key) => [key, portfolio[key].length])) as DemoRowCounts;
  const total = DEMO_TABLE_ORDER.reduce((sum, key) => sum + counts[key], 0);

  return db.transaction(
    (tx) => {
      // Checked again under the write lock: another process may have filled the store meanwhile.
      if (tx.select({ id: schema.deals.id }).from(schema.deals).limit(1).get() !== undefined) {
        return { seeded: false } as const;
      }
      let done = 0;
      onProgress?.(0, total);
      for (const key of DEMO_TABLE_ORDER) {
        const table = TABLES[key];
        const rows = portfolio[key] as Record<string, unknown>[];
        const size = chunkSizeFor(table);
        for (let start = 0; start < rows.length; start += size) {
          const chunk = rows.slice(start, start + size);
          const insert = tx.insert(table).values(chunk);
          if (MAY_EXIST.has(key)) insert.onConflictDoNothing().run();
          else insert.run();
          done += chunk.length;
          onProgress?.(done, total);
        }
      }
      return { seeded: true, counts, rows: total } as const;
    },
    { behavior: 'immediate' },
  );
}
