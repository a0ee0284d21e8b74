/** The deal feature: the deal page and its tabs. */
export { DealPage } from './DealPage';
