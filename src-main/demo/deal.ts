// A deal's loan: its kind (property and loan type, state, priority, owner, metro), its terms
// (rate index and spread, term, amortization), its dates, its size and balance, its risk rating,
// and the deal row itself.

import { annualDebtService, type LoanPaymentStructure, monthlyPayment, noteRate } from '../domain';
import {
  ASSET_WEIGHTS,
  CONSTRUCTION_TYPES,
  DEMO_ASSET_TYPES,
  DEMO_LOAN_TYPES,
  DEMO_STATES,
  LOAN_WEIGHTS,
  loanTypeFits,
  PRIORITIES,
  PRIORITY_WEIGHTS,
  STATE_WEIGHTS,
  type DemoAssetType,
  type DemoContext,
  type DemoLoanType,
  type DemoState,
} from './book';
import { addDays, addMonths, monthsBetween, timestamp, yearOf } from './calendar';
import type { CollateralResult, CollateralSpec, DealFacts } from './collateral';
import type { FundsResult } from './funds';
import { RELATIONSHIP_MANAGERS } from './names';
import { dealDescription, dealNote, pickStatus } from './phrases';
import { pickMetro, type Metro } from './places';
import { clamp, roundTo, type Rng } from './random';

/** Index rates as of the book's date, decimals. */
const INDEX_RATES: Record<string, number> = {
  SOFR: 0.043,
  M_SOFR_TERM_1: 0.0432,
  AVG_1M_SOFR: 0.0429,
  DAY_SOFR_90: 0.0428,
  DAY_SOFR_180: 0.0425,
  AMERIBOR_Term_30: 0.0445,
  TREAS_5_YR: 0.0405,
  TREAS_10_YR: 0.0425,
  SWAP_5_YR: 0.038,
  SWAP_10_YR: 0.0395,
  FHLB_5_YR: 0.044,
  FHLB_7_YR: 0.0455,
};
const FLOATING_INDEXES: readonly (readonly [string, number])[] = [
  ['M_SOFR_TERM_1', 55],
  ['SOFR', 15],
  ['AVG_1M_SOFR', 10],
  ['DAY_SOFR_90', 8],
  ['DAY_SOFR_180', 4],
  ['AMERIBOR_Term_30', 2],
];
const TERM_INDEXES: readonly (readonly [string, number])[] = [
  ['TREAS_5_YR', 35],
  ['TREAS_10_YR', 25],
  ['SWAP_5_YR', 15],
  ['SWAP_10_YR', 10],
  ['FHLB_5_YR', 10],
  ['FHLB_7_YR', 5],
];

/** Draws values from a list until each has come out once, then by weight. */
class Coverage<T> {
  private readonly pending: T[];
  constructor(all: readonly T[]) {
    this.pending = [...all];
  }
  /** The first pending value that `fits`, removed from the pending list; else undefined. */
  take(fits: (value: T) => boolean = () => true): T | undefined {
    const index = this.pending.findIndex(fits);
    if (index < 0) return undefined;
    return this.pending.splice(index, 1)[0];
  }
  drop(value: T): void {
    const index = this.pending.indexOf(value);
    if (index >= 0) this.pending.splice(index, 1);
  }
}

function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

/** What kind of deal the i-th is. */
export interface DealKind {
  assetType: DemoAssetType;
  loanType: DemoLoanType;
  state: DemoState;
  priority: (typeof PRIORITIES)[number];
  ownerId: string;
  metro: Metro;
  pipeline: boolean;
  construction: boolean;
}

/**
 * Draws each deal's kind: every property type, loan type, state and priority comes out once in
 * the first deals (so a small book shows them all), then by weight.
 */
export class DealKinds {
  private readonly assetCoverage = new Coverage<DemoAssetType>(DEMO_ASSET_TYPES);
  private readonly loanCoverage = new Coverage<DemoLoanType>(DEMO_LOAN_TYPES);
  private readonly stateCoverage = new Coverage<DemoState>(DEMO_STATES);
  private readonly priorityCoverage = new Coverage<(typeof PRIORITIES)[number]>(PRIORITIES);

  constructor(private readonly owners: readonly (readonly [string, number])[]) {}

  draw(rng: Rng, i: number): DealKind {
    const { assetCoverage, loanCoverage, stateCoverage, priorityCoverage, owners } = this;
    const assetType = assetCoverage.take() ?? rng.weighted(ASSET_WEIGHTS);
    let loanType =
      loanCoverage.take((t) => loanTypeFits(assetType, t)) ??
      rng.weighted(LOAN_WEIGHTS.filter(([t]) => loanTypeFits(assetType, t)));
    if (loanType === 'Unknown' && i >= DEMO_LOAN_TYPES.length && rng.chance(0.5)) loanType = 'Acquisition';
    let state: DemoState;
    if (loanType === 'Unknown') {
      // A request nobody has classified yet is still being screened.
      state = 'NewDeal';
      stateCoverage.drop('NewDeal');
    } else {
      state = stateCoverage.take() ?? rng.weighted(STATE_WEIGHTS);
    }
    const priority = priorityCoverage.take() ?? rng.weighted(PRIORITY_WEIGHTS);
    const ownerId = rng.weighted(owners);
    const metro = pickMetro(rng);
    const pipeline = state === 'NewDeal' || state === 'Prep' || state === 'Rejected';
    const construction = CONSTRUCTION_TYPES.has(loanType);
    return { assetType, loanType, state, priority, ownerId, metro, pipeline, construction };
  }
}

/** Loan terms first (their constant sizes the loan), dates next. */
export function drawLoanTerms(rng: Rng, { loanType, assetType, construction }: DealKind) {
  const fixed = !construction && loanType !== 'Bridge' && loanType !== 'Stabilization' && loanType !== 'Unknown' &&
    rng.chance(loanType === 'Permanent' ? 0.7 : loanType === 'Refinance' ? 0.45 : 0.35);
  const termIndexed = !fixed && loanType === 'Permanent';
  let rateIndex: string;
  let indexRate: number;
  let rateSpread: number;
  let interestRateFloor = 0;
  if (fixed) {
    rateIndex = 'Fixed';
    indexRate = 0;
    rateSpread = roundTo(INDEX_RATES.TREAS_10_YR! + rng.float(0.0135, 0.0275), 0.00125);
  } else if (termIndexed) {
    rateIndex = rng.weighted(TERM_INDEXES);
    indexRate = INDEX_RATES[rateIndex]!;
    rateSpread = roundTo(rng.float(0.015, 0.025), 0.0005);
  } else {
    rateIndex = rng.weighted(FLOATING_INDEXES);
    indexRate = INDEX_RATES[rateIndex]!;
    const [lo, hi] = construction || loanType === 'Bridge' ? [0.03, 0.045] : loanType === 'Stabilization' ? [0.025, 0.0375] : [0.015, 0.035];
    rateSpread = roundTo(rng.float(lo, hi), 0.0005);
    const floorIndex = rng.weighted([[0, 1], [0.025, 2], [0.03, 3], [0.035, 3], [0.04, 2], [0.045, 1]] as const);
    interestRateFloor = floorIndex === 0 ? 0 : roundTo(rateSpread + floorIndex, 0.0005);
  }
  const interestRate = noteRate({ isFixed: fixed, indexRate, rateSpread, interestRateFloor });
  const shortTerm = construction || loanType === 'Bridge' || loanType === 'Stabilization';
  const loanTerm = shortTerm
    ? rng.weighted(construction ? ([[24, 3], [30, 2], [36, 4], [48, 1]] as const) : ([[24, 4], [36, 5], [48, 1]] as const))
    : loanType === 'Unknown'
      ? 60
      : rng.weighted([[36, 1], [60, 5], [84, 3], [120, 4]] as const);
  const amortizing =
    !shortTerm &&
    loanType !== 'Unknown' &&
    rng.chance(loanType === 'Permanent' ? 0.85 : loanType === 'Refinance' ? 0.7 : 0.6);
  const loanPaymentStructure: LoanPaymentStructure = amortizing || (loanType === 'Stabilization' && rng.chance(0.2)) ? 'P_I_Amortization' : 'InterestOnly';
  const amortizationTerm =
    loanPaymentStructure === 'P_I_Amortization' ? (assetType === 'Hotel' || rng.chance(0.3) ? 300 : 360) : 0;
  const extensionTerm = shortTerm ? rng.weighted([[12, 6], [6, 3], [0, 2]] as const) : 0;
  const perDollarDebtService = annualDebtService({
    loanAmount: 1,
    annualRate: interestRate,
    loanPaymentStructure,
    amortizationTerm,
    debtServiceMethod: 'Calculated',
    userDebtService: 0,
  });
  return {
    rateIndex,
    indexRate,
    rateSpread,
    interestRateFloor,
    interestRate,
    loanTerm,
    loanPaymentStructure,
    amortizationTerm,
    extensionTerm,
    perDollarDebtService,
  };
}

export type LoanTerms = ReturnType<typeof drawLoanTerms>;

/** The deal's dates (created, originated, closed, paid off) and the facts its collaterals are built from. */
export function drawDates(rng: Rng, asOf: string, dealId: string, { loanType, state, pipeline, construction }: DealKind, loanTerm: number) {
  let originationDate: string | null = null;
  let payoffDate: string | null = null;
  let closingDate: string | null = null;
  let createdDate: string;
  if (state === 'Originated') {
    const elapsed = rng.int(1, Math.min(loanTerm - 1, 60));
    originationDate = addDays(addMonths(asOf, -elapsed), -rng.int(0, 27));
    closingDate = originationDate;
    createdDate = addDays(originationDate, -rng.int(30, 120));
  } else if (state === 'Completed') {
    payoffDate = addDays(addMonths(asOf, -rng.int(1, 36)), -rng.int(0, 27));
    const held = construction ? loanTerm : rng.int(Math.min(12, loanTerm), loanTerm);
    originationDate = addMonths(payoffDate, -held);
    closingDate = originationDate;
    createdDate = addDays(originationDate, -rng.int(30, 120));
  } else if (state === 'Rejected') {
    createdDate = addDays(asOf, -rng.int(20, 365));
  } else {
    createdDate = addDays(asOf, -rng.int(1, state === 'Prep' ? 150 : 60));
    if (state === 'Prep') closingDate = addDays(asOf, rng.int(15, 90));
  }
  const preLeasing = loanType === 'Construction' && state !== 'Completed';
  const completionDate = preLeasing
    ? (() => {
        const planned = addMonths(originationDate ?? asOf, rng.int(14, 24));
        const soonest = addMonths(asOf, 2);
        return planned > soonest ? planned : addDays(soonest, rng.int(0, 60));
      })()
    : asOf;
  const yearBuiltHint =
    loanType === 'Construction'
      ? yearOf(preLeasing ? completionDate : addMonths(originationDate ?? asOf, 18))
      : null;
  const leaseUp = loanType === 'Bridge' || loanType === 'Stabilization' || loanType === 'Acquisition_Construction';
  // A rejected deal's file stopped when it was declined; a repaid loan's at the payoff.
  const dataDate =
    state === 'Completed' ? payoffDate! : state === 'Rejected' ? minDate(asOf, addDays(createdDate, rng.int(10, 60))) : asOf;
  const facts: DealFacts = {
    dealId,
    dataDate,
    renovation: loanType === 'Acquisition_Construction' || loanType === 'Refinance_Construction',
    loanType,
    state,
    preLeasing,
    leaseUp: leaseUp && !preLeasing,
    completionDate,
    yearBuiltHint,
    createdDate,
    subStatus: state === 'Completed' ? 'Released' : pipeline ? 'Pending' : 'Active',
  };
  return { originationDate, payoffDate, closingDate, createdDate, dataDate, facts };
}

export type DealDates = ReturnType<typeof drawDates>;

/** The credit box of a deal: the leverage it is sized to, and the coverage it must keep. */
export function drawCreditBox(rng: Rng, { state, construction }: DealKind) {
  const rejected = state === 'Rejected';
  const ltvCap = rejected ? rng.float(0.72, 0.85) : construction ? rng.float(0.55, 0.68) : rng.float(0.5, 0.75);
  const watchList = state === 'Originated' && rng.chance(0.06);
  const minDscr = rejected ? rng.float(0.95, 1.15) : watchList ? rng.float(1.0, 1.12) : rng.float(1.2, 1.4);
  return { rejected, ltvCap, watchList, minDscr };
}

export type CreditBox = ReturnType<typeof drawCreditBox>;

/** Size the loan: the lesser of leverage and coverage, within the book's limits. */
export function sizeLoan(rng: Rng, box: CreditBox, construction: boolean, noi: number, value: number, perDollarDebtService: number): number {
  const { rejected, ltvCap, minDscr } = box;
  let byLeverage = ltvCap * value;
  const byCoverage = noi / (minDscr * perDollarDebtService);
  if (!rejected && byCoverage > byLeverage * 1.45) {
    // Coverage to spare (a high cap rate against a low coupon): the borrower takes the proceeds
    // policy allows.
    byLeverage = Math.max(ltvCap, construction ? rng.float(0.62, 0.68) : rng.float(0.65, 0.75)) * value;
  }
  const sized = clamp(Math.min(byLeverage, byCoverage), 1_500_000, 85_000_000);
  return sized;
}

/** Current balance: an amortizing loan has paid down since origination; then the debt service, DSCR and LTV. */
export function drawBalance(rng: Rng, asOf: string, state: DemoState, terms: LoanTerms, dates: DealDates, originalLoan: number, noi: number, value: number) {
  const { interestRate, loanPaymentStructure, amortizationTerm, perDollarDebtService } = terms;
  const { payoffDate, originationDate } = dates;
  let grossLoan = originalLoan;
  const balanceDate = state === 'Completed' ? payoffDate : state === 'Originated' ? asOf : null;
  if (balanceDate && originationDate && loanPaymentStructure === 'P_I_Amortization') {
    const months = Math.max(0, monthsBetween(originationDate, balanceDate));
    const i = interestRate / 12;
    const payment = monthlyPayment(originalLoan, interestRate, amortizationTerm);
    const growth = Math.pow(1 + i, months);
    grossLoan = Math.round(originalLoan * growth - (payment * (growth - 1)) / i);
  }
  const debtServiceMethod = rng.chance(0.03) ? 'Manual' : 'Calculated';
  const calculatedDebtService = grossLoan * perDollarDebtService;
  const userDebtService = debtServiceMethod === 'Manual' ? Math.round(calculatedDebtService * rng.float(0.99, 1.02)) : 0;
  const debtService = debtServiceMethod === 'Manual' ? userDebtService : calculatedDebtService;
  const dscr = debtService > 0 ? noi / debtService : 0;
  const ltv = value > 0 ? grossLoan / value : 0;
  return { grossLoan, debtServiceMethod, userDebtService, debtService, dscr, ltv };
}

export type DealBalance = ReturnType<typeof drawBalance>;

/** Risk rating from coverage and leverage, the deal's status, and its underwriting profile. */
export function rateDeal(rng: Rng, asOf: string, { state, loanType, assetType, construction }: DealKind, { dscr, ltv }: DealBalance, watchList: boolean, originationDate: string | null) {
  let risk = 3;
  if (dscr < 1) risk += 3;
  else if (dscr < 1.15) risk += 2;
  else if (dscr < 1.25) risk += 1;
  else if (dscr > 1.6) risk -= 1;
  if (ltv > 0.75) risk += 1;
  else if (ltv < 0.55) risk -= 1;
  if (construction) risk += 1;
  if (assetType === 'Hotel' || assetType === 'Office') risk += 1;
  if (rng.chance(0.3)) risk += rng.pick([-1, 1]);
  const riskRating = String(clamp(risk, 1, 8));

  const status = pickStatus(rng, state, watchList, originationDate ? monthsBetween(originationDate, asOf) : 0);
  const profileName =
    state === 'NewDeal' && rng.chance(0.3)
      ? null
      : construction
        ? 'Construction'
        : loanType === 'Bridge' || loanType === 'Stabilization'
          ? 'Bridge Lending'
          : assetType === 'Hotel'
            ? 'Hospitality'
            : assetType === 'Multi_Family_Apartments' && (loanType === 'Permanent' || loanType === 'Refinance')
              ? 'Agency Multifamily'
              : 'Standard CRE';
  return { riskRating, status, profileName };
}

/** Everything the deal row is made of. */
export interface DealDraft {
  index: number;
  dealId: string;
  kind: DealKind;
  terms: LoanTerms;
  dates: DealDates;
  box: CreditBox;
  balance: DealBalance;
  rating: ReturnType<typeof rateDeal>;
  specs: readonly CollateralSpec[];
  collateralResults: readonly CollateralResult[];
  originalLoan: number;
  funds: FundsResult;
  seedName: string;
  photoId: string;
  packages: readonly { id: string; name: string }[];
}

/** The deal row: its words, its dates of record, and its loan. */
export function addDeal(ctx: DemoContext, rng: Rng, draft: DealDraft): void {
  const { out, asOf } = ctx;
  const { index: i, dealId, specs, collateralResults, originalLoan, funds, seedName, photoId, packages } = draft;
  const { assetType, loanType, state, priority, ownerId, pipeline, construction } = draft.kind;
  const { rateIndex, indexRate, rateSpread, interestRateFloor, loanPaymentStructure, loanTerm, extensionTerm, amortizationTerm } = draft.terms;
  const { originationDate, payoffDate, closingDate, createdDate, dataDate } = draft.dates;
  const { rejected, watchList } = draft.box;
  const { grossLoan, debtServiceMethod, userDebtService, dscr, ltv } = draft.balance;
  const { riskRating, status, profileName } = draft.rating;
  const description = dealDescription(assetType, loanType, specs, collateralResults);
  const note = dealNote(rng, state, status, payoffDate, dscr, ltv, watchList);

  const created = timestamp(createdDate, rng.int(8, 17), rng.int(0, 59));
  const updatedDate =
    state === 'Originated'
      ? maxDate(createdDate, addDays(asOf, -rng.int(0, 60)))
      : state === 'Completed' || state === 'Rejected'
        ? minDate(asOf, addDays(dataDate, rng.int(0, 20)))
        : minDate(asOf, addDays(createdDate, rng.int(0, 30)));
  const loanYear = originationDate ? yearOf(originationDate) : yearOf(createdDate);
  const syndicated = !pipeline && originalLoan >= 40_000_000 && rng.chance(0.4);
  const projectTotalCost =
    construction || loanType === 'Acquisition' || (loanType === 'Bridge' && funds.purchase) ? funds.totalUses : 0;

  out.deals.push({
    id: dealId,
    loanId: `LN-${loanYear}-${String(i + 1).padStart(5, '0')}`,
    seedName,
    loanType,
    propertyType: assetType,
    state,
    status,
    priority,
    ownerId,
    note,
    description,
    mainImageFileId: rng.chance(0.92) ? photoId : null,
    projectTotalCost,
    grossLoan,
    requestedLoanAmount: pipeline ? roundTo(originalLoan * (rejected ? rng.float(1, 1.1) : rng.float(1, 1.04)), 25_000) : originalLoan,
    isSyndicatedLoan: syndicated,
    participationGrossLoan: syndicated ? roundTo(grossLoan * rng.float(0.25, 0.5), 50_000) : 0,
    originatedLoanAmount: pipeline ? 0 : originalLoan,
    rateIndex,
    indexRate,
    rateSpread,
    interestRateFloor,
    loanPaymentStructure,
    loanTerm,
    extensionTerm,
    amortizationTerm,
    originationDate,
    closingDate,
    closedDate: state === 'Originated' || state === 'Completed' ? closingDate : null,
    riskRating,
    profileName,
    userSelectedLtv: rng.weighted([['None', 85], ['Alternative', 7], ['Income', 5], ['Sales', 3]] as const),
    userDebtService,
    debtServiceMethod,
    customField1: rng.chance(0.8) ? rng.pick(RELATIONSHIP_MANAGERS) : null,
    customField2: null,
    loansPackageId: !pipeline && rng.chance(0.25) ? rng.pick(packages).id : null,
    createdAt: created,
    updatedAt: updatedDate === createdDate ? created : timestamp(updatedDate, rng.int(8, 18), rng.int(0, 59)),
  });
}
