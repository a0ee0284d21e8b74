import type { Db } from '../store/db';
import { seedDemoPortfolio, type SeedDemoOptions, type SeedDemoResult } from '../demo/seed';
import { fillCollateralFigures } from './figures';

/** Fills an empty store with the demo portfolio, and the collateral figures of what it wrote. */
export function seedDemo(db: Db, options: SeedDemoOptions = {}): SeedDemoResult {
  const result = seedDemoPortfolio(db, options);
  if (result.seeded) fillCollateralFigures(db);
  return result;
}
