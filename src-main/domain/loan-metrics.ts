import { finite, ratio } from './ratio';
import { noteRate } from './note-rate';
import { annualDebtService, type DebtServiceMethod, type LoanPaymentStructure } from './debt-service';
import { DEFAULT_DAY_COUNT, type DayCount } from './day-count';

export type UserSelectedLtv = 'None' | 'Alternative' | 'Income' | 'Sales';

/**
 * Which income covers the debt in the DSCR.
 * - 'NOI' (default): net operating income, the lender's usual measure.
 * - 'NetCashFlow': our interpretation is the collateral's netIncome, i.e. NOI after the
 *   below-the-line items (reserves, TI/LC), which some credit policies require for a more
 *   conservative coverage test. It is NOT "NOI minus debt service": that would put the debt
 *   on both sides of the ratio.
 */
export type DscrNumerator = 'NOI' | 'NetCashFlow';

/** Debt service coverage, a multiple (1.25 means income is 125 % of the debt service). */
export function dscr(numerator: number, debtService: number): number {
  return ratio(numerator, debtService);
}

/** Debt yield as a percentage (10 means 10 %), as the spec's debtYield fields are. */
export function debtYield(noi: number, loan: number): number {
  return finite(ratio(noi, loan) * 100);
}

export function netCashFlow(noi: number, debtService: number): number {
  return noi - debtService;
}

/** Loan-to-cost, a decimal. */
export function ltc(loan: number, projectTotalCost: number): number {
  return ratio(loan, projectTotalCost);
}

export interface LtvInput {
  loan: number;
  userSelectedLtv: UserSelectedLtv;
  incomeValuation: number;
  salesValuation: number;
  alternativeValuation: number;
}

/**
 * Loan-to-value, a decimal, against the valuation the user selected. With no selection the
 * income approach leads, then sales, then alternative: the first that exists (> 0), so a
 * deal without an income valuation still gets an LTV.
 */
export function ltv({ loan, userSelectedLtv, incomeValuation, salesValuation, alternativeValuation }: LtvInput): number {
  switch (userSelectedLtv) {
    case 'Income':
      return ratio(loan, incomeValuation);
    case 'Sales':
      return ratio(loan, salesValuation);
    case 'Alternative':
      return ratio(loan, alternativeValuation);
    case 'None': {
      const value = [incomeValuation, salesValuation, alternativeValuation].find((v) => v > 0) ?? 0;
      return ratio(loan, value);
    }
  }
}

/** The deal's loan terms, named as on the deal DTO; rates are decimals. */
export interface DealLoanTerms {
  grossLoan: number;
  isFixed: boolean;
  indexRate: number;
  rateSpread: number;
  interestRateFloor: number;
  loanPaymentStructure: LoanPaymentStructure;
  /** months */
  amortizationTerm: number;
  debtServiceMethod: DebtServiceMethod;
  userDebtService: number;
  projectTotalCost: number;
  userSelectedLtv: UserSelectedLtv;
}

/** The collateral figures summed over the deal's collaterals (CollateralTotalsDto names). */
export interface CollateralFigures {
  netOperatingIncome: number;
  netIncome: number;
  incomeValuation: number;
  salesValuation: number;
  alternativeValuation: number;
}

export interface DealMetricsInput extends DealLoanTerms {
  collateral: CollateralFigures;
  dayCount?: DayCount | undefined;
  dscrNumerator?: DscrNumerator | undefined;
}

/** Figures of the deal's collateralTotals (plus its ltv, ltc and interestRate). */
export interface DealMetrics {
  debtService: number;
  netCashFlow: number;
  dscr: number;
  debtYield: number;
  ltv: number;
  ltc: number;
  interestRate: number;
}

export function dealMetrics(input: DealMetricsInput): DealMetrics {
  const { collateral } = input;
  const interestRate = noteRate(input);
  const debtService = annualDebtService({
    loanAmount: input.grossLoan,
    annualRate: interestRate,
    loanPaymentStructure: input.loanPaymentStructure,
    amortizationTerm: input.amortizationTerm,
    debtServiceMethod: input.debtServiceMethod,
    userDebtService: input.userDebtService,
    dayCount: input.dayCount ?? DEFAULT_DAY_COUNT,
  });
  const coverageIncome =
    (input.dscrNumerator ?? 'NOI') === 'NetCashFlow' ? collateral.netIncome : collateral.netOperatingIncome;
  return {
    debtService,
    // The spec defines the deal's netCashFlow as NOI minus debt service whatever the DSCR setting.
    netCashFlow: netCashFlow(collateral.netOperatingIncome, debtService),
    dscr: dscr(coverageIncome, debtService),
    debtYield: debtYield(collateral.netOperatingIncome, input.grossLoan),
    ltv: ltv({
      loan: input.grossLoan,
      userSelectedLtv: input.userSelectedLtv,
      incomeValuation: collateral.incomeValuation,
      salesValuation: collateral.salesValuation,
      alternativeValuation: collateral.alternativeValuation,
    }),
    ltc: ltc(input.grossLoan, input.projectTotalCost),
    interestRate,
  };
}
