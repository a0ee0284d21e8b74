/** The new-deal feature: the screen that creates a deal. */
export { NewDealScreen } from './NewDeal';
