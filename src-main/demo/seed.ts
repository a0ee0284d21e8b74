// Fills an empty store with the demo portfolio, all of it or none of it, through the store's
// bulk insert.

import { randomUUID } from 'node:crypto';
import type { BulkTableName, StorePort } from '../store';
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

/** The store's identity; a store of a schema before the change feed has none, and gets a random salt. */
async function storeIdentity(store: StorePort): Promise<string> {
  try {
    return (await store.changeFeedHead()).storeId;
  } catch {
    return randomUUID();
  }
}

/** Users and loans packages may already exist (`uw serve --user` creates users first). */
const MAY_EXIST: ReadonlySet<BulkTableName> = new Set(['users', 'loansPackages']);

/**
 * Generates the demo portfolio and inserts it when the store has no deals; otherwise leaves the
 * store alone and returns `{ seeded: false }`.
 */
export async function seedDemoPortfolio(store: StorePort, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  if (await store.storeHasDeals()) return { seeded: false };
  const { onProgress, ...generatorOptions } = options;
  // The store's identity (drawn when its file or database was made) salts the ids: the demo of
  // two data directories has the same deals under different ids, so a workstation's sample never
  // passes for a platform's deals of the same ids when the two sync (docs/sync.md).
  const idSalt = generatorOptions.idSalt ?? (await storeIdentity(store));
  return insertDemoPortfolio(store, generateDemoPortfolio({ ...generatorOptions, idSalt }), onProgress);
}

/** Inserts a generated portfolio (all or nothing) unless the store has deals by then. */
export async function insertDemoPortfolio(
  store: StorePort,
  portfolio: DemoPortfolio,
  onProgress?: (done: number, total: number) => void,
): Promise<SeedDemoResult> {
  const counts = Object.fromEntries(DEMO_TABLE_ORDER.map((key) => [key, portfolio[key].length])) as DemoRowCounts;
  const result = await store.insertIntoEmptyStore({ order: DEMO_TABLE_ORDER, rows: portfolio, mayExist: MAY_EXIST, onProgress });
  return result.inserted ? { seeded: true, counts, rows: result.rows } : { seeded: false };
}
