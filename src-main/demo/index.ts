// The public entry of src-main/demo (docs/architecture.md): other layers import it only from here.
export { seedDemoPortfolio, type SeedDemoOptions, type SeedDemoResult } from './seed';
