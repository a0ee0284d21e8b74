import { describe, it, expect } from 'vitest';
import * as domain from '../../../src-main/domain';

describe('domain index', () => {
  it('re-exports every function the gateway calls', () => {
    const expected = [
      'ratio', 'sum', 'noteRate', 'annualInterestFactor', 'monthlyPayment', 'annualDebtService', 'amortizationSchedule',
      'dscr', 'debtYield', 'netCashFlow', 'ltc', 'ltv', 'dealMetrics', 'cashFlow', 'incomeValuation', 'dcf',
      'salesComparison', 'rentRollSummary', 'residentialRentRollSummary', 'commercialRentRollSummary', 'hotelRevenue',
      'fundsSummary', 'loanFunds', 'sumBy', 'componentTotals', 'collateralFiguresFromComponents', 'dealCollateralTotals',
      // Analysis (issue 14)
      'ltvBasis', 'ltvBasisValue', 'dscrIncome', 'debtConstant', 'debtServiceOnTerms', 'resolvePolicy', 'policyChecks',
      'policyBreaches', 'sizeLoan', 'yearOneLadder', 'hasShock', 'stressDeal', 'breakpoints', 'solveRate', 'dscrGrid',
      'ltvGrid', 'portfolioAccumulator', 'addToPortfolio', 'mergePortfolios', 'portfolioSummary',
    ];
    for (const name of expected) expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
  });
});
