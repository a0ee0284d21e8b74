import type { CreditPolicy } from './credit-policy';
import { annualDebtService } from './debt-service';
import { DEFAULT_DAY_COUNT } from './day-count';
import { stressDeal, type DealStressInput } from './stress';

/** Why a breakpoint has no figure. */
export type BreakpointReason =
  /** The policy sets no such limit. */
  | 'NoPolicyLimit'
  /** The deal has no loan (grossLoan 0). */
  | 'NoLoan'
  /** There is no debt service, so no DSCR to break. */
  | 'NoDebtService'
  /** The debt service is entered by hand (Manual): a rate change does not move it. */
  | 'ManualDebtService'
  /** The NOI is 0 on every collateral: there is no NOI to decline. */
  | 'NoIncome'
  /** The deal has no LTV basis value. */
  | 'NoValue'
  /** The DSCR income is 0 or below: no note rate, however low, brings DSCR up to the minimum. */
  | 'BreachedAtAnyRate';

export type BreakpointName = 'noiDeclineDscr' | 'noiDeclineDebtYield' | 'rateIncreaseBps' | 'valueDecline' | 'breakEvenNoi';

/**
 * How far each figure can move before a policy limit breaks, at the deal's current loan, in the
 * units of the scenario shocks: applying the breakpoint as that shock leaves the metric exactly
 * at its limit. A positive figure is room left; a negative one means the limit is already
 * breached (the move back that would restore it). Null when not applicable (see notApplicable).
 */
export interface Breakpoints {
  /** The NOI decline (decimal, the -noiChange) that takes DSCR down to its minimum. */
  noiDeclineDscr: number | null;
  /** The NOI decline that takes debt yield down to its minimum. */
  noiDeclineDebtYield: number | null;
  /** The smaller of the two: the NOI decline the deal can bear. */
  noiDecline: number | null;
  noiDeclineBinding: 'Dscr' | 'DebtYield' | null;
  /** The rate rise in basis points that takes DSCR down to its minimum. */
  rateIncreaseBps: number | null;
  /** The value decline (decimal, the -valueChange) that takes LTV up to its maximum. */
  valueDecline: number | null;
  /** The NOI at which DSCR is 1.00x, USD. */
  breakEvenNoi: number | null;
  notApplicable: Partial<Record<BreakpointName, BreakpointReason>>;
}

/** Annual rates at or below this have a monthly rate of -100 %, where the payment formula ends. */
const LOWEST_RATE = -12 * (1 - 1e-9);

/**
 * The rate r with debtService(r) = target, for an increasing debtService: the bracket grows
 * from `start` in doubling steps, then bisection runs until the bracket cannot be halved in
 * double precision. Null when no rate in (LOWEST_RATE, start + 1e6] reaches the target.
 */
export function solveRate(debtService: (rate: number) => number, target: number, start: number): number | null {
  let lo = start;
  let hi = start;
  let step = 0.01;
  if (debtService(start) < target) {
    do {
      lo = hi;
      hi = start + step;
      step *= 2;
      if (step > 2e6) return null;
    } while (debtService(hi) < target);
  } else {
    do {
      if (lo === LOWEST_RATE) return null;
      hi = lo;
      lo = Math.max(LOWEST_RATE, start - step);
      step *= 2;
    } while (debtService(lo) > target);
  }
  for (;;) {
    const mid = lo + (hi - lo) / 2;
    if (mid === lo || mid === hi) break;
    if (debtService(mid) < target) lo = mid;
    else hi = mid;
  }
  return Math.abs(debtService(lo) - target) <= Math.abs(debtService(hi) - target) ? lo : hi;
}

/** The breakpoints of a deal at its current loan, on its unstressed figures. */
export function breakpoints(input: DealStressInput, policy: CreditPolicy): Breakpoints {
  const deal = stressDeal(input);
  const { metrics: m, noiShockScale: scale } = deal;
  const loan = input.grossLoan;
  const debtService = m.annualDebtService;
  const notApplicable: Breakpoints['notApplicable'] = {};
  const none = (name: BreakpointName, reason: BreakpointReason) => {
    notApplicable[name] = reason;
    return null;
  };

  const { minDscr, minDebtYield, maxLtv } = policy;
  const noiDeclineDscr =
    minDscr === undefined ? none('noiDeclineDscr', 'NoPolicyLimit')
    : !(debtService > 0) ? none('noiDeclineDscr', 'NoDebtService')
    : !(scale > 0) ? none('noiDeclineDscr', 'NoIncome')
    : (deal.dscrIncome - minDscr * debtService) / scale;
  const noiDeclineDebtYield =
    minDebtYield === undefined ? none('noiDeclineDebtYield', 'NoPolicyLimit')
    : !(loan > 0) ? none('noiDeclineDebtYield', 'NoLoan')
    : !(scale > 0) ? none('noiDeclineDebtYield', 'NoIncome')
    : (m.noi - (minDebtYield / 100) * loan) / scale;
  const noiDeclineBinding =
    noiDeclineDscr === null ? (noiDeclineDebtYield === null ? null : 'DebtYield')
    : noiDeclineDebtYield === null || noiDeclineDscr <= noiDeclineDebtYield ? 'Dscr'
    : 'DebtYield';

  return {
    noiDeclineDscr,
    noiDeclineDebtYield,
    noiDecline: noiDeclineBinding === 'Dscr' ? noiDeclineDscr : noiDeclineBinding === 'DebtYield' ? noiDeclineDebtYield : null,
    noiDeclineBinding,
    rateIncreaseBps: rateRoom(input, minDscr, deal.dscrIncome, m.interestRate, none),
    valueDecline:
      maxLtv === undefined ? none('valueDecline', 'NoPolicyLimit')
      : !(loan > 0) ? none('valueDecline', 'NoLoan')
      : m.ltvBasis === null ? none('valueDecline', 'NoValue')
      : 1 - loan / (maxLtv * m.value),
    // DSCR income = debt service; under NetCashFlow the NOI also carries the below-the-line items.
    breakEvenNoi: debtService > 0 ? debtService + (m.noi - deal.dscrIncome) : none('breakEvenNoi', 'NoDebtService'),
    notApplicable,
  };
}

function rateRoom(
  input: DealStressInput,
  minDscr: number | undefined,
  income: number,
  rate: number,
  none: (name: BreakpointName, reason: BreakpointReason) => null,
): number | null {
  if (minDscr === undefined) return none('rateIncreaseBps', 'NoPolicyLimit');
  if (input.debtServiceMethod === 'Manual') return none('rateIncreaseBps', 'ManualDebtService');
  if (!(input.grossLoan > 0)) return none('rateIncreaseBps', 'NoLoan');
  const amortizing = input.loanPaymentStructure === 'P_I_Amortization';
  // An amortizing loan with no term has no payment at all (annualDebtService), whatever the rate.
  if (amortizing && !(input.amortizationTerm > 0)) return none('rateIncreaseBps', 'NoDebtService');
  if (!(income > 0)) return none('rateIncreaseBps', 'BreachedAtAnyRate');
  const debtServiceAt = (annualRate: number) =>
    annualDebtService({
      loanAmount: input.grossLoan,
      annualRate,
      loanPaymentStructure: input.loanPaymentStructure,
      amortizationTerm: input.amortizationTerm,
      debtServiceMethod: 'Calculated',
      userDebtService: 0,
      dayCount: input.dayCount ?? DEFAULT_DAY_COUNT,
    });
  const target = income / minDscr;
  // Interest-only debt service is linear in the rate: debtServiceAt(1) is the loan x day-count factor.
  const breakRate = amortizing ? solveRate(debtServiceAt, target, rate) : target / debtServiceAt(1);
  return breakRate === null ? none('rateIncreaseBps', 'BreachedAtAnyRate') : (breakRate - rate) * 10_000;
}
