import type { CashFlow } from './cash-flow';
import type { AnalysisMetrics } from './credit-policy';
import type { DayCount } from './day-count';
import {
  dealMetrics,
  dscrIncome,
  LTV_BASIS_FIELD,
  ltvBasis,
  ltvBasisValue,
  type CollateralFigures,
  type DealLoanTerms,
  type DealMetrics,
  type DscrNumerator,
  type LtvBasis,
} from './loan-metrics';
import { noteRate } from './note-rate';
import { sum } from './ratio';
import { sumBy } from './rollup';
import { incomeValuation } from './valuation';

/** Year-one totals of a cash flow's sections, USD a year (amounts positive, as entered). */
export interface YearOneLadder {
  revenue: number;
  vacancyAndConcessions: number;
  otherIncome: number;
  operatingExpenses: number;
  belowTheLineExpense: number;
}

/** What a stress needs of one collateral: its main cash flow's year one, cap rate and other valuations. */
export interface CollateralStressInput extends YearOneLadder {
  /** Cap rate of the main valuation, decimal; 0 when the collateral has none. */
  capRate: number;
  salesValuation: number;
  alternativeValuation: number;
}

/** A deal for analysis: its loan terms, its collaterals (in getDealInfo order) and the settings. */
export interface DealStressInput extends DealLoanTerms {
  collaterals: readonly CollateralStressInput[];
  dayCount?: DayCount | undefined;
  dscrNumerator?: DscrNumerator | undefined;
}

/**
 * The shocks of a scenario; absent means 0. Relative changes and vacancy points are decimals
 * (-0.1 = down 10 %; 0.03 = 3 points), rate and cap-rate changes basis points.
 */
export interface Shocks {
  noiChange?: number | undefined;
  rateChangeBps?: number | undefined;
  valueChange?: number | undefined;
  capRateChangeBps?: number | undefined;
  rentChange?: number | undefined;
  vacancyChange?: number | undefined;
}

export const SHOCK_NAMES = ['noiChange', 'rateChangeBps', 'valueChange', 'capRateChangeBps', 'rentChange', 'vacancyChange'] as const;

/** True when some shock is non-zero. */
export function hasShock(shocks: Shocks): boolean {
  return SHOCK_NAMES.some((name) => (shocks[name] ?? 0) !== 0);
}

/** The year-one ladder of a cash flow; a collateral without a main cash flow has an empty one. */
export function yearOneLadder(cashFlow: Pick<CashFlow, keyof YearOneLadder> | undefined): YearOneLadder {
  return {
    revenue: cashFlow?.revenue.total ?? 0,
    vacancyAndConcessions: cashFlow?.vacancyAndConcessions.total ?? 0,
    otherIncome: cashFlow?.otherIncome.total ?? 0,
    operatingExpenses: cashFlow?.operatingExpenses.total ?? 0,
    belowTheLineExpense: cashFlow?.belowTheLineExpense.total ?? 0,
  };
}

/**
 * The year-one ladder straight from a cash flow's lines, without building the cash flow: each
 * section's total is the sum of its lines' year-one figures in line order, as cashFlow() sums
 * them, so the result equals yearOneLadder(cashFlow(...)) exactly. Lines of other sections are
 * ignored.
 */
export function yearOneLadderOfLines(lines: Iterable<{ section: string; yearOne: number | null | undefined }>): YearOneLadder {
  const ladder: YearOneLadder = { revenue: 0, vacancyAndConcessions: 0, otherIncome: 0, operatingExpenses: 0, belowTheLineExpense: 0 };
  for (const line of lines) {
    if (Object.hasOwn(ladder, line.section)) ladder[line.section as keyof YearOneLadder] += line.yearOne ?? 0;
  }
  return ladder;
}

export interface StressedCollateral extends CollateralFigures {
  revenue: number;
  vacancyAndConcessions: number;
  /** NOI of the ladder before the NOI shock. */
  ladderNoi: number;
  capRate: number;
}

export interface StressedDeal {
  collaterals: StressedCollateral[];
  /** Sums over the collaterals, the LTV basis valuation before the value shock. */
  totals: CollateralFigures;
  /** The income the DSCR divides (NOI or net income, per the setting). */
  dscrIncome: number;
  /**
   * What a noiChange of -1 takes off: the sum of the collaterals' |NOI| before the NOI shock.
   * For a deal whose collaterals all earn NOI >= 0 it is simply the NOI.
   */
  noiShockScale: number;
  /** The figures of the reads, computed by dealMetrics on the stressed totals. */
  dealMetrics: DealMetrics;
  metrics: AnalysisMetrics;
}

/**
 * Vacancy points move the vacancy-and-concessions line by that share of revenue, never past 100 %
 * of revenue nor below 0 (a line already outside those bounds is not moved further out).
 */
function shockVacancy(vacancy: number, revenue: number, points: number): number {
  const moved = vacancy + points * revenue;
  return points > 0 ? Math.min(moved, Math.max(vacancy, revenue)) : Math.max(moved, Math.min(vacancy, 0));
}

/** Steps 1 to 5 of the order (see stressDeal), for one collateral. */
function stressCollateral(c: CollateralStressInput, shocks: Shocks): StressedCollateral {
  const rent = shocks.rentChange ?? 0;
  const points = shocks.vacancyChange ?? 0;
  const noiChange = shocks.noiChange ?? 0;
  const capBps = shocks.capRateChangeBps ?? 0;
  // 1. Rents move revenue, and the vacancy and concessions measured on it with them.
  const revenue = rent === 0 ? c.revenue : c.revenue * (1 + rent);
  const rentVacancy = rent === 0 ? c.vacancyAndConcessions : c.vacancyAndConcessions * (1 + rent);
  // 2. Vacancy points on the (stressed) revenue.
  const vacancyAndConcessions = points === 0 ? rentVacancy : shockVacancy(rentVacancy, revenue, points);
  // 3. The ladder, added up in the order of cashFlow(), so that without shocks it is the cash flow's NOI exactly.
  const ladderNoi = revenue - vacancyAndConcessions + c.otherIncome - c.operatingExpenses;
  // 4. The NOI shock is relative to the size of the NOI: a decline never raises a negative NOI.
  const noi = noiChange === 0 ? ladderNoi : ladderNoi + noiChange * Math.abs(ladderNoi);
  // 5. The income valuation from the stressed NOI at the shocked cap rate (none without a cap rate).
  const capRate = capBps !== 0 && c.capRate > 0 ? Math.max(0, c.capRate + capBps / 10_000) : c.capRate;
  return {
    revenue,
    vacancyAndConcessions,
    ladderNoi,
    netOperatingIncome: noi,
    netIncome: noi - c.belowTheLineExpense,
    capRate,
    incomeValuation: incomeValuation(noi, capRate),
    salesValuation: c.salesValuation,
    alternativeValuation: c.alternativeValuation,
  };
}

const TOTAL_KEYS = ['netOperatingIncome', 'netIncome', 'incomeValuation', 'salesValuation', 'alternativeValuation'] as const;

/** The sums of the collaterals (sumBy, as the deal's collateral totals are summed). */
function totalsOf(collaterals: readonly CollateralFigures[]): CollateralFigures {
  return sumBy(collaterals, TOTAL_KEYS);
}

/** The LTV basis of the unstressed figures: the valuation LTV is measured against, if it is > 0. */
function analysisBasis(userSelectedLtv: DealLoanTerms['userSelectedLtv'], totals: CollateralFigures): LtvBasis | null {
  const named = ltvBasis(userSelectedLtv, totals);
  return named !== null && ltvBasisValue(named, totals) > 0 ? named : null;
}

/**
 * A deal's figures under the shocks, combined in the one order docs/analysis.md fixes:
 *  1. rent: revenue, and the vacancy and concessions with it, x (1 + rentChange);
 *  2. vacancy: + vacancyChange x revenue on the vacancy-and-concessions line;
 *  3. NOI = revenue - vacancy and concessions + other income - operating expenses;
 *  4. NOI shock: NOI + noiChange x |NOI|; net income = NOI - below-the-line;
 *  5. income valuation = NOI / (cap rate + capRateChangeBps), per collateral;
 *  6. deal totals = sums over the collaterals;
 *  7. value shock: the LTV basis value (its valuation chosen on the unstressed figures)
 *     x (1 + valueChange);
 *  8. rate shock: note rate + rateChangeBps for Calculated debt service (Manual stays);
 *  9. the metrics, by dealMetrics (day count and DSCR numerator as set).
 * Each step leaves its figure untouched when its shock is 0, so a scenario without shocks gives the
 * deal's figures exactly.
 */
export function stressDeal(input: DealStressInput, shocks: Shocks = {}): StressedDeal {
  return stressOn(input, unstressedOf(input), shocks);
}

/**
 * stressDeal of one deal unstressed and under each of these scenarios: the same figures as a
 * stressDeal call each, with the unstressed collaterals, totals and LTV basis (which every
 * scenario starts from) worked out once rather than once a call; a portfolio stress runs it for
 * every deal of the book.
 */
export function stressDealUnder(input: DealStressInput, scenarios: readonly Shocks[]): { base: StressedDeal; stressed: StressedDeal[] } {
  const unstressed = unstressedOf(input);
  return { base: stressOn(input, unstressed, {}), stressed: scenarios.map((s) => stressOn(input, unstressed, s)) };
}

/** What every stress of a deal starts from: its collaterals unstressed, their totals and the LTV basis chosen on them. */
interface Unstressed {
  base: StressedCollateral[];
  baseTotals: CollateralFigures;
  basis: LtvBasis | null;
  /**
   * Whether some collateral earns an NOI (not 0) unstressed. A deal without one (a new deal whose
   * cash flows are not entered yet) has no DSCR or debt yield to measure, under any scenario: a
   * stress cannot take income it never had, and a rate shock would otherwise turn its missing
   * DSCR into a 0.00x breach.
   */
  hasIncome: boolean;
}

function unstressedOf(input: DealStressInput): Unstressed {
  const base = input.collaterals.map((c) => stressCollateral(c, {}));
  const baseTotals = totalsOf(base);
  return { base, baseTotals, basis: analysisBasis(input.userSelectedLtv, baseTotals), hasIncome: base.some((c) => c.ladderNoi !== 0) };
}

function stressOn(input: DealStressInput, { base, baseTotals, basis, hasIncome }: Unstressed, shocks: Shocks): StressedDeal {
  const collaterals = hasShock(shocks) ? input.collaterals.map((c) => stressCollateral(c, shocks)) : base;
  const totals = collaterals === base ? baseTotals : totalsOf(collaterals);

  const valueChange = shocks.valueChange ?? 0;
  const basisValue = ltvBasisValue(basis, totals);
  const value = valueChange === 0 ? basisValue : basisValue * (1 + valueChange);

  const rateBps = shocks.rateChangeBps ?? 0;
  const dm = dealMetrics({
    grossLoan: input.grossLoan,
    isFixed: rateBps === 0 ? input.isFixed : true,
    indexRate: input.indexRate,
    rateSpread: rateBps === 0 ? input.rateSpread : noteRate(input) + rateBps / 10_000,
    interestRateFloor: input.interestRateFloor,
    loanPaymentStructure: input.loanPaymentStructure,
    amortizationTerm: input.amortizationTerm,
    debtServiceMethod: input.debtServiceMethod,
    userDebtService: input.userDebtService,
    projectTotalCost: input.projectTotalCost,
    userSelectedLtv: basis ?? input.userSelectedLtv,
    collateral: basis === null ? totals : { ...totals, [LTV_BASIS_FIELD[basis]]: value },
    dayCount: input.dayCount,
    dscrNumerator: input.dscrNumerator,
  });

  return {
    collaterals,
    totals,
    dscrIncome: dscrIncome(totals, input.dscrNumerator),
    noiShockScale: sum(collaterals.map((c) => Math.abs(c.ladderNoi))),
    dealMetrics: dm,
    metrics: {
      noi: totals.netOperatingIncome,
      value,
      interestRate: dm.interestRate,
      annualDebtService: dm.debtService,
      dscr: dm.debtService > 0 && hasIncome ? dm.dscr : null,
      debtYield: input.grossLoan > 0 && hasIncome ? dm.debtYield : null,
      ltv: basis !== null && value > 0 ? dm.ltv : null,
      loanAmount: input.grossLoan,
      ltc: input.projectTotalCost > 0 ? dm.ltc : null,
      netCashFlow: dm.netCashFlow,
      ltvBasis: basis,
    },
  };
}
