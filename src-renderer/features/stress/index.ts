/** The stress feature: the portfolio stress screen. */
export { PortfolioStressScreen } from './PortfolioStressScreen';
