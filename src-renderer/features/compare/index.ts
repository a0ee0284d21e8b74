/** The compare feature: deals side by side, and the rule for which deals can be compared. */
export { CompareScreen } from './Compare';
export { compareRefusal } from './compare-selection';
