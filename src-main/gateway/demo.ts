import { seedDemoPortfolio, type SeedDemoOptions, type SeedDemoResult } from '../demo/seed';
import { fillCollateralFigures } from '../figures';
import type { StorePort } from '../store/port';

/** Fills an empty store with the demo portfolio, and the collateral figures of what it wrote. */
export async function seedDemo(store: StorePort, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const result = await seedDemoPortfolio(store, options);
  if (result.seeded) await fillCollateralFigures(store);
  return result;
}
