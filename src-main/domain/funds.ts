import { ratio, sum } from './ratio';
import { annualDebtService, type DebtServiceMethod, type LoanPaymentStructure } from './debt-service';
import { DEFAULT_DAY_COUNT, type DayCount } from './day-count';
import { debtYield, dscr } from './loan-metrics';

export interface FundSourceInput {
  id: string;
  sourcesOfFunds: string;
  amount: number;
  loanPaymentStructure: LoanPaymentStructure;
  /** months */
  amortizationTerm: number;
  /** decimal */
  interestRate: number;
  default: boolean;
  isDefault: boolean;
}

export interface FundUseInput {
  id: string;
  usesOfFunds: string;
  amount: number;
  default: boolean;
  isDefault: boolean;
}

export interface FundShare {
  dollarPerUnit: number;
  dollarPerSF: number;
  /** decimal of the side's total */
  percentOfTotal: number;
}

export interface FundsSourcesInfo<S> {
  fundSourceItems: (S & FundShare)[];
  totalAmount: number;
  totalDollarPerUnit: number;
  totalDollarPerSF: number;
  /** Uses total minus sources total: positive means the sources are short. */
  balanceBetweenUsesAndSources: number;
}

export interface FundsUsesInfo<U> {
  fundUseItems: (U & FundShare)[];
  totalAmount: number;
  totalDollarPerUnit: number;
  totalDollarPerSF: number;
}

export interface FundsSummaryInput<S extends FundSourceInput, U extends FundUseInput> {
  sources: readonly S[];
  uses: readonly U[];
  /** the deal's units and SF */
  units: number;
  sf: number;
}

function share<T extends { amount: number }>(items: readonly T[], units: number, sf: number) {
  const totalAmount = sum(items.map((item) => item.amount));
  return {
    items: items.map((item) => ({
      ...item,
      dollarPerUnit: ratio(item.amount, units),
      dollarPerSF: ratio(item.amount, sf),
      percentOfTotal: ratio(item.amount, totalAmount),
    })),
    totalAmount,
    totalDollarPerUnit: ratio(totalAmount, units),
    totalDollarPerSF: ratio(totalAmount, sf),
  };
}

/** Sources and uses of funds. Items are returned with their own fields plus their share. */
export function fundsSummary<S extends FundSourceInput, U extends FundUseInput>({
  sources,
  uses,
  units,
  sf,
}: FundsSummaryInput<S, U>): { fundsSourcesInfo: FundsSourcesInfo<S>; fundsUsesInfo: FundsUsesInfo<U> } {
  const s = share(sources, units, sf);
  const u = share(uses, units, sf);
  return {
    fundsSourcesInfo: {
      fundSourceItems: s.items,
      totalAmount: s.totalAmount,
      totalDollarPerUnit: s.totalDollarPerUnit,
      totalDollarPerSF: s.totalDollarPerSF,
      balanceBetweenUsesAndSources: u.totalAmount - s.totalAmount,
    },
    fundsUsesInfo: {
      fundUseItems: u.items,
      totalAmount: u.totalAmount,
      totalDollarPerUnit: u.totalDollarPerUnit,
      totalDollarPerSF: u.totalDollarPerSF,
    },
  };
}

export interface LoanFundInput {
  sourcesOfFunds: string;
  amount: number;
  loanPaymentStructure: LoanPaymentStructure;
  /** months */
  amortizationTerm: number;
  /** decimal */
  interestRate: number;
  /**
   * The loan's annual debt service as the underwriter entered it (a deal on the Manual method);
   * absent, it is calculated from the amount and terms. Consumed here, not returned.
   */
  manualDebtService?: number | undefined;
}

export interface LoanFundFigures {
  /** Annual debt service of this loan alone (not a spec field; the gateway may drop it). */
  debtService: number;
  dealIncomeValuation: number;
  dealNOI: number;
  /** percent */
  debtYield: number;
  /** decimal */
  ltv: number;
  dscr: number;
}

export interface LoanFundsInput<L extends LoanFundInput> {
  loans: readonly L[];
  noi: number;
  /** The income the DSCR divides (the DSCR numerator setting); NOI when absent. */
  coverageIncome?: number | undefined;
  incomeValuation: number;
  dayCount?: DayCount | undefined;
}

export type LoanFundItem<L> = Omit<L, 'manualDebtService'> & LoanFundFigures;

export interface FundsLoansInfo<L> {
  loanFundsItems: LoanFundItem<L>[];
  /** amount-weighted average LTV, decimal */
  avgLTV: number;
  totalDSCR: number;
  /** percent */
  totalDebtYield: number;
}

/**
 * Each loan tested alone against the whole deal's NOI and income valuation (how a lender
 * sizes one tranche), plus the stack's combined coverage.
 */
export function loanFunds<L extends LoanFundInput>({
  loans,
  noi,
  coverageIncome = noi,
  incomeValuation,
  dayCount = DEFAULT_DAY_COUNT,
}: LoanFundsInput<L>): FundsLoansInfo<L> {
  const loanFundsItems = loans.map(({ manualDebtService, ...loan }) => {
    const debtService = annualDebtService({
      loanAmount: loan.amount,
      annualRate: loan.interestRate,
      loanPaymentStructure: loan.loanPaymentStructure,
      amortizationTerm: loan.amortizationTerm,
      debtServiceMethod: manualDebtService === undefined ? 'Calculated' : 'Manual',
      userDebtService: manualDebtService ?? 0,
      dayCount,
    });
    return {
      ...loan,
      debtService,
      dealIncomeValuation: incomeValuation,
      dealNOI: noi,
      debtYield: debtYield(noi, loan.amount),
      ltv: ratio(loan.amount, incomeValuation),
      dscr: dscr(coverageIncome, debtService),
    };
  });
  const totalAmount = sum(loans.map((loan) => loan.amount));
  return {
    loanFundsItems,
    avgLTV: ratio(sum(loanFundsItems.map((item) => item.amount * item.ltv)), totalAmount),
    totalDSCR: dscr(coverageIncome, sum(loanFundsItems.map((item) => item.debtService))),
    totalDebtYield: debtYield(noi, totalAmount),
  };
}

/** What the funds analysis takes from the deal for the deal's own loan. */
export interface DealLoanOfFunds {
  /** USD: the originated amount once there is one, else the current (requested) amount. */
  amount: number;
  loanPaymentStructure: LoanPaymentStructure;
  /** months */
  amortizationTerm: number;
  /** decimal: the deal's note rate */
  interestRate: number;
  manualDebtService?: number | undefined;
}

/** The deal's fields behind DealLoanOfFunds. */
export interface DealLoanFields {
  originatedLoanAmount: number;
  grossLoan: number;
  loanPaymentStructure: LoanPaymentStructure;
  amortizationTerm: number;
  debtServiceMethod: DebtServiceMethod;
  userDebtService: number;
}

/**
 * The deal's own loan as the funds analysis shows it. Sources and uses describe the loan as
 * originated, so its amount is the originated amount; a deal not yet originated (0) shows its
 * current amount, the one it asks for. Its terms (note rate, structure, amortization, a manual
 * debt service) are always the deal's current ones: the funds keep no copy that an edit of
 * the deal could leave behind.
 */
export function dealLoanOfFunds(deal: DealLoanFields, noteRate: number): DealLoanOfFunds {
  return {
    amount: deal.originatedLoanAmount > 0 ? deal.originatedLoanAmount : deal.grossLoan,
    loanPaymentStructure: deal.loanPaymentStructure,
    amortizationTerm: deal.amortizationTerm,
    interestRate: noteRate,
    ...(deal.debtServiceMethod === 'Manual' ? { manualDebtService: deal.userDebtService } : {}),
  };
}

/**
 * The sources with the deal's own loan, the first loan among them, replaced by the deal's
 * (dealLoanOfFunds); further loans (a mezzanine piece) and equity keep their stored values.
 */
export function withDealLoan<S extends { isLoan: boolean } & Omit<DealLoanOfFunds, 'manualDebtService'>>(
  sources: readonly S[],
  loan: DealLoanOfFunds,
): (S & { manualDebtService?: number | undefined })[] {
  const first = sources.findIndex((s) => s.isLoan);
  return sources.map((s, i) => (i === first ? { ...s, ...loan } : s));
}
