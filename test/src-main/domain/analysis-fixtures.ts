import fc from 'fast-check';
import type { CollateralStressInput, DealStressInput, Shocks } from '../../../src-main/domain/stress';

/**
 * The worked example of the analysis tests, one office building: revenue 1,000,000, vacancy 50,000
 * (5 %), other income 20,000, operating expenses 400,000 -> NOI 570,000; reserves 30,000 -> net
 * income 540,000; cap rate 6 % -> income value 9,500,000; sales value 9,000,000.
 */
export const office: CollateralStressInput = {
  revenue: 1_000_000,
  vacancyAndConcessions: 50_000,
  otherIncome: 20_000,
  operatingExpenses: 400_000,
  belowTheLineExpense: 30_000,
  capRate: 0.06,
  salesValuation: 9_000_000,
  alternativeValuation: 0,
};

/**
 * $6,000,000 fixed at 6 %, interest-only, on the office: debt service 360,000, DSCR 1.5833x,
 * debt yield 9.5 %, LTV 6,000,000 / 9,500,000 = 0.6316 (income value, no selection).
 */
export const officeDeal: DealStressInput = {
  grossLoan: 6_000_000,
  isFixed: true,
  indexRate: 0,
  rateSpread: 0.06,
  interestRateFloor: 0,
  loanPaymentStructure: 'InterestOnly',
  amortizationTerm: 0,
  debtServiceMethod: 'Calculated',
  userDebtService: 0,
  projectTotalCost: 0,
  userSelectedLtv: 'None',
  collaterals: [office],
};

const share = (min: number, max: number) => fc.double({ min, max, noNaN: true });
/** Rates in whole basis points, as term sheets quote them (no subnormal rate makes a ratio overflow). */
const bps = (max: number) => fc.integer({ min: 0, max }).map((b) => b / 10_000);

/**
 * A collateral's year one as underwriters enter it: revenue, a vacancy of 0-50 % of it, other
 * income up to 10 %, expenses from 0 to 120 % of EGI (so some NOIs are negative), reserves; a
 * cap rate of 3-12 % or none; sales and alternative values or none.
 */
export const collateralArb: fc.Arbitrary<CollateralStressInput> = fc
  .record({
    revenue: fc.oneof(fc.constant(0), fc.double({ min: 1_000, max: 1e8, noNaN: true })),
    vacancy: share(0, 0.5),
    other: share(0, 0.1),
    expenseRatio: share(0, 1.2),
    reserves: share(0, 0.1),
    capRate: fc.oneof(fc.constant(0), share(0.03, 0.12)),
    salesValuation: fc.oneof(fc.constant(0), fc.double({ min: 1e4, max: 1e9, noNaN: true })),
    alternativeValuation: fc.oneof(fc.constant(0), fc.double({ min: 1e4, max: 1e9, noNaN: true })),
  })
  .map((c) => {
    const vacancyAndConcessions = c.revenue * c.vacancy;
    const otherIncome = c.revenue * c.other;
    return {
      revenue: c.revenue,
      vacancyAndConcessions,
      otherIncome,
      operatingExpenses: (c.revenue - vacancyAndConcessions + otherIncome) * c.expenseRatio,
      belowTheLineExpense: c.revenue * c.reserves,
      capRate: c.capRate,
      salesValuation: c.salesValuation,
      alternativeValuation: c.alternativeValuation,
    };
  });

export const dealArb: fc.Arbitrary<DealStressInput> = fc.record({
  grossLoan: fc.oneof(fc.constant(0), fc.double({ min: 1e4, max: 1e9, noNaN: true })),
  isFixed: fc.boolean(),
  indexRate: bps(800),
  rateSpread: bps(600),
  interestRateFloor: bps(1_000),
  loanPaymentStructure: fc.constantFrom('InterestOnly' as const, 'P_I_Amortization' as const),
  amortizationTerm: fc.integer({ min: 0, max: 480 }),
  debtServiceMethod: fc.constantFrom('Calculated' as const, 'Calculated' as const, 'Manual' as const),
  userDebtService: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1e8 })),
  projectTotalCost: fc.oneof(fc.constant(0), fc.double({ min: 1e4, max: 1e9, noNaN: true })),
  userSelectedLtv: fc.constantFrom('None' as const, 'Income' as const, 'Sales' as const, 'Alternative' as const),
  collaterals: fc.array(collateralArb, { minLength: 1, maxLength: 4 }),
  dayCount: fc.constantFrom('30/360' as const, 'Actual/360' as const, 'Actual/365' as const),
  dscrNumerator: fc.constantFrom('NOI' as const, 'NetCashFlow' as const),
});

/** Shocks within the bounds the contract accepts, cap-rate shocks small enough to keep cap rates > 0. */
export const shocksArb: fc.Arbitrary<Shocks> = fc.record(
  {
    noiChange: share(-1, 0.5),
    rateChangeBps: fc.integer({ min: -300, max: 1_000 }),
    valueChange: share(-1, 0.5),
    capRateChangeBps: fc.integer({ min: -200, max: 500 }),
    rentChange: share(-1, 0.5),
    vacancyChange: share(-1, 1),
  },
  { requiredKeys: [] },
);
