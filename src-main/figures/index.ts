// The derived figures of deals and collaterals (between the store and the gateway): computed
// with domain/ from inputs read through the storage port; a collateral's roll-up is cached by
// the store. The gateway, the reports and the app take figures from here.
export { groupBy } from './group-by';
export { computeComponents, shareComputedComponents, summarizeRentRoll, type ComponentComputed } from './components';
export { computeCollaterals, mainValuationOf, type CollateralComputed } from './collaterals';
export { collateralRollups, collateralStressInputs, fillCollateralFigures, FIGURES_VERSION, storedRollups } from './rollups';
export {
  computeDeal,
  computeDealFigures,
  computeDealMetrics,
  dealFiguresOfEntries,
  dealLoanTerms,
  dealsRollups,
  type CollateralFigures,
  type DealComputed,
} from './deals';
export { loadDealAnalysisInputs, type DealAnalysisInput } from './analysis-inputs';
