import { finite, ratio } from './ratio';
import { annualInterestFactor, DEFAULT_DAY_COUNT, type DayCount } from './day-count';

export type LoanPaymentStructure = 'InterestOnly' | 'P_I_Amortization';
export type DebtServiceMethod = 'Calculated' | 'Manual';

/**
 * Level monthly payment that amortizes `loan` over `months` at `annualRate` (nominal,
 * compounded monthly): Excel PMT(annualRate/12, months, -loan).
 * A non-positive or non-finite term has no schedule to spread the loan over, so it is 0.
 */
export function monthlyPayment(loan: number, annualRate: number, months: number): number {
  if (!(months > 0) || !Number.isFinite(months)) return 0;
  const i = annualRate / 12;
  // Below this the interest moves the payment by less than a double can show (PMT ~ L/n x
  // (1 + i(n+1)/2)), and subnormal rates would underflow in the exact formula.
  if (Math.abs(i) * months < Number.EPSILON) return ratio(loan, months);
  // 1 - (1+i)^-n written with expm1/log1p so small rates keep their precision.
  const amortized = -Math.expm1(-months * Math.log1p(i));
  return finite(loan * ratio(i, amortized));
}

export interface AnnualDebtServiceInput {
  loanAmount: number;
  annualRate: number;
  loanPaymentStructure: LoanPaymentStructure;
  /** months */
  amortizationTerm: number;
  debtServiceMethod: DebtServiceMethod;
  userDebtService: number;
  dayCount?: DayCount | undefined;
}

/**
 * Annual debt service. The day count only changes interest-only loans: an amortizing loan's
 * payment is the level PMT, whose interest/principal split absorbs the accrual convention.
 */
export function annualDebtService(input: AnnualDebtServiceInput): number {
  if (input.debtServiceMethod === 'Manual') return input.userDebtService;
  if (input.loanPaymentStructure === 'InterestOnly') {
    return input.loanAmount * input.annualRate * annualInterestFactor(input.dayCount ?? DEFAULT_DAY_COUNT);
  }
  return 12 * monthlyPayment(input.loanAmount, input.annualRate, input.amortizationTerm);
}

export interface AmortizationRow {
  period: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

/**
 * Month-by-month level-payment schedule over whole months (a fractional term is truncated).
 * The last row takes exactly the remaining balance as principal: it differs from the level
 * payment only by floating-point residue (~1e-9), and the schedule then closes at 0 instead
 * of a display of "-0.00".
 */
export function amortizationSchedule(loan: number, annualRate: number, months: number): AmortizationRow[] {
  const n = Number.isFinite(months) ? Math.max(0, Math.trunc(months)) : 0;
  const i = annualRate / 12;
  const payment = monthlyPayment(loan, annualRate, n);
  const rows: AmortizationRow[] = [];
  let balance = loan;
  for (let period = 1; period <= n; period++) {
    const interest = balance * i;
    const principal = period === n ? balance : payment - interest;
    balance = period === n ? 0 : balance - principal;
    rows.push({ period, payment: period === n ? interest + principal : payment, interest, principal, balance });
  }
  return rows;
}

export interface DebtConstantInput {
  /** Note rate, decimal. */
  annualRate: number;
  /** Absent or 0: interest-only. */
  amortizationMonths?: number | undefined;
  dayCount?: DayCount | undefined;
}

/**
 * Calculated annual debt service of a loan on sizing terms: the amortization months decide the
 * structure (absent or 0: interest-only), otherwise exactly annualDebtService.
 */
export function debtServiceOnTerms(loan: number, { annualRate, amortizationMonths, dayCount }: DebtConstantInput): number {
  const months = amortizationMonths ?? 0;
  return annualDebtService({
    loanAmount: loan,
    annualRate,
    loanPaymentStructure: months > 0 ? 'P_I_Amortization' : 'InterestOnly',
    amortizationTerm: months,
    debtServiceMethod: 'Calculated',
    userDebtService: 0,
    dayCount,
  });
}

/**
 * Debt constant K: annual debt service per dollar of loan. It is the debt service of a $1 loan,
 * so it cannot drift from the debt service the deal figures show: interest-only K = rate x the
 * day-count factor; amortizing K = 12 x PMT(rate/12, months, -1), 12/months at a zero rate.
 */
export function debtConstant(terms: DebtConstantInput): number {
  return debtServiceOnTerms(1, terms);
}
