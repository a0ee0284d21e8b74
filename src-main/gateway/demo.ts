import { type SeedDemoOptions, seedDemoPortfolio, type SeedDemoResult } from '../demo';
import { fillCollateralFigures } from '../figures';
import type { StorePort } from '../store';

/** Fills an empty store with the demo portfolio, and the collateral figures of what it wrote. */
export async function seedDemo(store: StorePort, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const result = await seedDemoPortfolio(store, options);
  if (result.seeded) await fillCollateralFigures(store);
  return result;
}
