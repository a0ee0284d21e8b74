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

export interface LtvValuations {
  incomeValuation: number;
  salesValuation: number;
  alternativeValuation: number;
}

export interface LtvInput extends LtvValuations {
  loan: number;
  userSelectedLtv: UserSelectedLtv;
}

/** The valuation an LTV is measured against, by name. */
export type LtvBasis = Exclude<UserSelectedLtv, 'None'>;

/** The valuation field each basis names. */
export const LTV_BASIS_FIELD: Record<LtvBasis, keyof LtvValuations> = {
  Income: 'incomeValuation',
  Sales: 'salesValuation',
  Alternative: 'alternativeValuation',
};

/**
 * The valuation the LTV divides by: the one the user selected, or with no selection the income
 * approach, then sales, then alternative: the first that exists (> 0), so a deal without an
 * income valuation still gets an LTV. Null when no selection can be made.
 */
export function ltvBasis(userSelectedLtv: UserSelectedLtv, valuations: LtvValuations): LtvBasis | null {
  if (userSelectedLtv !== 'None') return userSelectedLtv;
  return (['Income', 'Sales', 'Alternative'] as const).find((basis) => valuations[LTV_BASIS_FIELD[basis]] > 0) ?? null;
}

/** The amount of the named valuation (0 without a basis). */
export function ltvBasisValue(basis: LtvBasis | null, valuations: LtvValuations): number {
  return basis === null ? 0 : valuations[LTV_BASIS_FIELD[basis]];
}

/** Loan-to-value, a decimal, against the valuation ltvBasis picks. */
export function ltv({ loan, userSelectedLtv, ...valuations }: LtvInput): number {
  return ratio(loan, ltvBasisValue(ltvBasis(userSelectedLtv, valuations), valuations));
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

/** The income the DSCR divides: NOI, or net income under the NetCashFlow setting. */
export function dscrIncome(
  collateral: Pick<CollateralFigures, 'netOperatingIncome' | 'netIncome'>,
  dscrNumerator: DscrNumerator | undefined,
): number {
  return (dscrNumerator ?? 'NOI') === 'NetCashFlow' ? collateral.netIncome : collateral.netOperatingIncome;
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
  return {
    debtService,
    // The spec defines the deal's netCashFlow as NOI minus debt service whatever the DSCR setting.
    netCashFlow: netCashFlow(collateral.netOperatingIncome, debtService),
    dscr: dscr(dscrIncome(collateral, input.dscrNumerator), debtService),
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
