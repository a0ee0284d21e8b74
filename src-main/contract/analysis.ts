import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { envelope } from './error';
import { CrossDealCollateralReportFilterDto } from './report';
import { decimal, entityId, LIMITS, percentage, shortText, STORAGE_LIMIT, usd } from './scalars';

// Loan sizing, breakpoints and stress (issue 14): extension endpoints beyond the spec. Units as on
// the reads: LTV and LTC decimals, DSCR a multiple, debt yield a percentage, rates decimals; shocks
// in the units their names say. Conventions: docs/analysis.md.

// --- credit policy -------------------------------------------------------------------------

const LIMIT_SHAPE = {
  maxLtv: z.number().gt(0).max(1).optional().describe('Maximum loan-to-value, decimal (0.75 = 75 %)'),
  maxLtc: z.number().gt(0).max(1).optional().describe('Maximum loan-to-cost, decimal (0.8 = 80 %)'),
  minDscr: z.number().gt(0).max(10).optional().describe('Minimum debt service coverage, a multiple (1.25 = 1.25x)'),
  minDebtYield: z.number().gt(0).max(100).optional().describe('Minimum debt yield, percentage (9 = 9 %)'),
};

export const CreditPolicy = z
  .strictObject(LIMIT_SHAPE)
  .describe("Credit policy limits; a limit is in force when given. In a request, each limit given overrides the profile's")
  .meta({ id: 'CreditPolicy' });
export type CreditPolicy = z.infer<typeof CreditPolicy>;

const off = (limit: z.ZodOptional<z.ZodNumber>) => limit.unwrap().nullable().optional();

/** The policy of a request: each limit given replaces the profile's; null takes it out of force. */
export const CreditPolicyOverride = z
  .strictObject(lazyShape(() => ({
    maxLtv: off(LIMIT_SHAPE.maxLtv).describe('Maximum loan-to-value, decimal; null: not in force'),
    maxLtc: off(LIMIT_SHAPE.maxLtc).describe('Maximum loan-to-cost, decimal; null: not in force'),
    minDscr: off(LIMIT_SHAPE.minDscr).describe('Minimum DSCR, a multiple; null: not in force'),
    minDebtYield: off(LIMIT_SHAPE.minDebtYield).describe('Minimum debt yield, percentage; null: not in force'),
  })))
  .describe("Overrides of the profile's limits: a number replaces the limit, null takes it out of force, absent keeps the profile's")
  .meta({ id: 'CreditPolicyOverride' });
export type CreditPolicyOverride = z.infer<typeof CreditPolicyOverride>;

export const CreditPolicyProfile = z
  .strictObject(lazyShape(() => ({
    name: z.string().trim().min(1).describe('Profile name, as profileName gives it'),
    label: z.string().min(1).optional().describe('Display name; the name when absent'),
    ...LIMIT_SHAPE,
    source: z.string().min(1).describe('Where the figures come from'),
  })))
  .refine((p) => Object.keys(LIMIT_SHAPE).some((k) => p[k as keyof typeof LIMIT_SHAPE] !== undefined), {
    message: 'a credit policy profile needs at least one limit (maxLtv, maxLtc, minDscr or minDebtYield)',
  })
  .describe('A named credit policy with its source')
  .meta({ id: 'CreditPolicyProfile' });
export type CreditPolicyProfile = z.infer<typeof CreditPolicyProfile>;

/** Names repeated in a list: an issue at each repetition. */
function uniqueNames(items: readonly { name?: string | undefined }[], ctx: z.RefinementCtx, path: PropertyKey[] = []) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item.name === undefined) return;
    if (seen.has(item.name)) ctx.addIssue({ code: 'custom', path: [...path, index, 'name'], message: `duplicate name ${JSON.stringify(item.name)}` });
    seen.add(item.name);
  });
}

export const CreditPolicies = z
  .object(lazyShape(() => ({
    defaultProfile: z.string().min(1).describe('The profile used when a request names none'),
    profiles: z.array(CreditPolicyProfile).min(1),
  })))
  .superRefine((config, ctx) => {
    uniqueNames(config.profiles, ctx, ['profiles']);
    if (!config.profiles.some((p) => p.name === config.defaultProfile)) {
      ctx.addIssue({ code: 'custom', path: ['defaultProfile'], message: `names no profile: ${JSON.stringify(config.defaultProfile)}` });
    }
  })
  .describe('The credit policy profiles of the system configuration');
export type CreditPolicies = z.infer<typeof CreditPolicies>;

// --- scenarios -----------------------------------------------------------------------------

const SHOCK_SHAPE = {
  noiChange: z.number().min(-1).max(10).optional().describe('Relative change of NOI, decimal (-0.1 = NOI down 10 %), applied to the NOI after the rent and vacancy shocks'),
  rateChangeBps: z.number().min(-10_000).max(10_000).optional().describe('Basis points added to the note rate of every loan (100 = +1.00 %)'),
  valueChange: z.number().min(-1).max(10).optional().describe('Relative change of the LTV basis value, decimal (-0.2 = value down 20 %)'),
  capRateChangeBps: z.number().min(-10_000).max(10_000).optional().describe('Basis points added to each cap rate; the income valuation is re-derived from the stressed NOI'),
  rentChange: z.number().min(-1).max(10).optional().describe('Relative change of rents (the revenue section), decimal (-0.05 = rents down 5 %)'),
  vacancyChange: z.number().min(-1).max(1).optional().describe('Vacancy points added, a decimal share of revenue (0.03 = vacancy up 3 points)'),
};
const SHOCK_NAMES = Object.keys(SHOCK_SHAPE) as (keyof typeof SHOCK_SHAPE)[];
const hasShock = (s: Partial<Record<keyof typeof SHOCK_SHAPE, number | undefined>>) => SHOCK_NAMES.some((k) => (s[k] ?? 0) !== 0);
const NO_SHOCK = `a scenario needs at least one non-zero shock (${SHOCK_NAMES.join(', ')})`;

export const Scenario = z
  .strictObject(lazyShape(() => ({ name: z.string().trim().min(1).max(100).optional().describe('Scenario name'), ...SHOCK_SHAPE })))
  .refine(hasShock, { message: NO_SHOCK })
  .describe('Shocks applied together in the fixed order of docs/analysis.md; an absent shock is 0')
  .meta({ id: 'Scenario' });
export type Scenario = z.infer<typeof Scenario>;

export const StressScenarioDefinition = z
  .strictObject(lazyShape(() => ({
    name: z.string().trim().min(1).describe('Scenario name (mild, moderate, severe for the built-ins)'),
    label: z.string().min(1).optional().describe('Display name'),
    ...SHOCK_SHAPE,
    source: z.string().min(1).describe('Where the scenario comes from'),
  })))
  .refine(hasShock, { message: NO_SHOCK })
  .describe('A stress scenario shipped in the system configuration, with its source')
  .meta({ id: 'StressScenarioDefinition' });
export type StressScenarioDefinition = z.infer<typeof StressScenarioDefinition>;

export const StressScenarios = z
  .array(StressScenarioDefinition)
  .min(1)
  .superRefine((scenarios, ctx) => uniqueNames(scenarios, ctx));

// --- metrics -------------------------------------------------------------------------------

export const LtvBasis = z.enum(['Income', 'Sales', 'Alternative']).describe('The valuation an LTV is measured against');

export const Metrics = z
  .object(lazyShape(() => ({
    noi: usd('Net operating income of the deal, the sum over its collaterals'),
    value: usd(
      'The LTV basis value: the valuation userSelectedLtv names (None: income, else sales, else alternative, the first > 0), chosen on the unstressed figures; 0 without one',
    ),
    interestRate: decimal('Note rate'),
    annualDebtService: usd('Annual debt service'),
    dscr: z.number().nullable().describe('Debt service coverage, a multiple; null without debt service, or when no collateral earns an NOI unstressed (not measured)'),
    debtYield: z.number().nullable().describe('NOI over the loan, percentage (9.5 = 9.5 %); null without a loan, or when no collateral earns an NOI unstressed'),
    ltv: z.number().nullable().describe('Loan over the LTV basis value, decimal; null when that value is not > 0'),
    loanAmount: usd('Current loan amount (grossLoan)'),
    ltc: z.number().nullable().describe('Loan over the project total cost, decimal; null without a cost'),
    netCashFlow: usd('NOI minus debt service'),
    ltvBasis: LtvBasis.nullable().describe('The valuation the LTV is measured against; null when the deal has none > 0'),
  })))
  .describe("A deal's analysis figures")
  .meta({ id: 'Metrics' });
export type Metrics = z.infer<typeof Metrics>;

export const PolicyMetric = z.enum(['Dscr', 'Ltv', 'DebtYield', 'Ltc']);
export type PolicyMetric = z.infer<typeof PolicyMetric>;

export const Breach = z
  .object(lazyShape(() => ({
    metric: PolicyMetric,
    limit: z.number().describe('The policy limit, in the unit of the metric'),
    value: z.number().nullable().describe('The figure that breaks it; null for an LTV whose basis value fell to 0 or below'),
  })))
  .meta({ id: 'Breach' });
export type Breach = z.infer<typeof Breach>;

export const PolicyNotTested = z
  .object(lazyShape(() => ({
    metric: PolicyMetric,
    limit: z.number().describe('The policy limit, in the unit of the metric'),
    reason: z
      .enum(['NoLoan', 'NoDebtService', 'NoIncome', 'NoValue', 'NoTotalCost'])
      .describe('NoLoan: no loan amount; NoDebtService: no debt service; NoIncome: no NOI (no cash flow entered); NoValue: no valuation above 0; NoTotalCost: no project total cost'),
  })))
  .describe('A limit in force that a deal is not measured on: neither met nor broken')
  .meta({ id: 'PolicyNotTested' });
export type PolicyNotTested = z.infer<typeof PolicyNotTested>;

// --- sizeLoan ------------------------------------------------------------------------------

export const SizeLoanInputs = z
  .strictObject(lazyShape(() => ({
    noi: z.number().gt(0).max(LIMITS.money, STORAGE_LIMIT).optional().describe('Net operating income, USD a year'),
    value: z.number().min(0).max(LIMITS.money, STORAGE_LIMIT).optional().describe('Value for the LTV constraint, USD'),
    totalCost: z.number().min(0).max(LIMITS.money, STORAGE_LIMIT).optional().describe('Project total cost for the LTC constraint, USD'),
    interestRate: z.number().min(0).max(1).optional().describe('Note rate, decimal (0.065 = 6.5 %)'),
    amortizationMonths: z.int().min(0).max(1200).optional().describe('Amortization, months; absent or 0: interest-only'),
  })))
  .describe("Sizing inputs; with dealId, each one given overrides the deal's figure");

export const SizeLoanRequestDto = z
  .object(lazyShape(() => ({
    dealId: entityId().min(1).optional().describe("Deal whose stored figures supply the inputs (NOI and value as getDealInfo shows them, its loan's note rate and amortization, project total cost)"),
    inputs: SizeLoanInputs.optional(),
    policy: CreditPolicyOverride.optional(),
    profileName: shortText().min(1).optional().describe('Credit policy profile; the default profile when absent'),
  })))
  .describe('Size a loan to its binding constraint. Nothing is written')
  .meta({ id: 'SizeLoanRequestDto' });
export type SizeLoanRequestDto = z.infer<typeof SizeLoanRequestDto>;

export const SizingConstraintName = z.enum(['Ltv', 'Ltc', 'Dscr', 'DebtYield']);
export const SizingNotApplicableReason = z
  .enum(['NoValue', 'NoTotalCost'])
  .describe('Why a constraint does not apply: NoValue, no LTV basis value above 0; NoTotalCost, no project total cost above 0');

export const SizeLoanResponseDto = envelope(lazyShape(() => ({
  maxLoan: usd('The largest loan that meets every constraint in force'),
  bindingConstraint: SizingConstraintName.describe('The constraint giving the smallest loan'),
  constraints: z.array(
    z.object({
      name: SizingConstraintName,
      limit: z.number().describe('The policy limit, in the unit of the metric'),
      maxLoan: usd('The largest loan this constraint allows'),
    }),
  ).describe('Every constraint in force that applies, in the order Ltv, Ltc, Dscr, DebtYield'),
  notApplicable: z.array(
    z.object({
      name: SizingConstraintName,
      limit: z.number().describe('The policy limit, in the unit of the metric'),
      reason: SizingNotApplicableReason,
    }),
  ).describe('The constraints in force that do not size the loan because their figure is missing (LTV without a value, LTC without a total cost); the loan is sized on the others'),
  debtConstant: z.number().describe('Annual debt service per dollar of loan, decimal'),
  atMaxLoan: z.object({
    ltv: z.number().nullable().describe('Decimal; null without a value'),
    ltc: z.number().nullable().describe('Decimal; null without a total cost'),
    dscr: z.number().describe('A multiple'),
    debtYield: percentage('Debt yield'),
    annualDebtService: usd('Annual debt service'),
  }),
  profileName: z.string().describe('The credit policy profile the limits start from'),
  policy: CreditPolicy.describe('The limits applied: the profile with the request overrides'),
}))).meta({ id: 'SizeLoanResponseDto' });
export type SizeLoanResponseDto = z.infer<typeof SizeLoanResponseDto>;

// --- stressDeal ----------------------------------------------------------------------------

export const BreakpointName = z.enum(['noiDeclineDscr', 'noiDeclineDebtYield', 'rateIncreaseBps', 'valueDecline', 'breakEvenNoi']);
export const BreakpointReason = z
  .enum(['NoPolicyLimit', 'NoLoan', 'NoDebtService', 'ManualDebtService', 'NoIncome', 'NoValue', 'BreachedAtAnyRate'])
  .describe('Why a breakpoint has no figure');

export const BreakpointsDto = z
  .object(lazyShape(() => ({
    noiDecline: z.number().nullable().describe('NOI decline (decimal) the deal bears before DSCR or debt yield breaks, the smaller of the two; negative when already breached'),
    rateIncreaseBps: z.number().nullable().describe('Rate rise (basis points) before DSCR breaks; negative when already breached'),
    valueDecline: z.number().nullable().describe('Value decline (decimal) before LTV breaks; negative when already breached'),
    breakEvenNoi: z.number().nullable().describe('NOI at which DSCR is 1.00x, USD'),
    noiDeclineDscr: z.number().nullable().describe('NOI decline before DSCR breaks'),
    noiDeclineDebtYield: z.number().nullable().describe('NOI decline before debt yield breaks'),
    noiDeclineBinding: z.enum(['Dscr', 'DebtYield']).nullable().describe('Which limit noiDecline is'),
    notApplicable: z.partialRecord(BreakpointName, BreakpointReason).describe('Why a null breakpoint has no figure'),
  })))
  .describe('How far each figure can move before a policy limit breaks, at the current loan, on the unstressed figures')
  .meta({ id: 'BreakpointsDto' });
export type BreakpointsDto = z.infer<typeof BreakpointsDto>;

export const SensitivityGridDto = z
  .object(lazyShape(() => ({
    metric: z.enum(['Dscr', 'Ltv']),
    limit: z.number().nullable().describe('minDscr or maxLtv the cells are checked against'),
    rowShock: z.enum(SHOCK_NAMES),
    rows: z.array(z.number()),
    columnShock: z.enum(SHOCK_NAMES),
    columns: z.array(z.number()),
    cells: z.array(z.array(z.object({
      value: z.number().nullable(),
      pass: z.boolean().nullable().describe('Null when the limit is not set or the metric not tested'),
    }))).describe('cells[row][column]'),
  })))
  .meta({ id: 'SensitivityGridDto' });
export type SensitivityGridDto = z.infer<typeof SensitivityGridDto>;

export const StressDealRequestDto = z
  .object(lazyShape(() => ({
    dealId: entityId().min(1).describe('Deal id'),
    scenario: Scenario,
    policy: CreditPolicyOverride.optional(),
    profileName: shortText().min(1).optional().describe('Credit policy profile; the default profile when absent'),
  })))
  .describe('Stress one deal. Nothing is written')
  .meta({ id: 'StressDealRequestDto' });
export type StressDealRequestDto = z.infer<typeof StressDealRequestDto>;

export const StressDealResponseDto = envelope(lazyShape(() => ({
  base: Metrics,
  stressed: Metrics,
  breaches: z.array(Breach).describe('The limits the stressed figures break'),
  breakpoints: BreakpointsDto,
  baseBreaches: z.array(Breach).describe('The limits the unstressed figures break'),
  notApplicable: z.array(PolicyNotTested).describe('The limits in force the stressed figures are not measured on, with why'),
  baseNotApplicable: z.array(PolicyNotTested).describe('The limits in force the unstressed figures are not measured on, with why'),
  sensitivity: z.object({
    dscr: SensitivityGridDto.describe('NOI change (rows) x rate change in bp (columns) -> DSCR'),
    ltv: SensitivityGridDto.describe('Value change (rows) x NOI change (columns) -> LTV'),
  }),
  profileName: z.string().describe('The credit policy profile the limits start from'),
  policy: CreditPolicy.describe('The limits applied'),
}))).meta({ id: 'StressDealResponseDto' });
export type StressDealResponseDto = z.infer<typeof StressDealResponseDto>;

// --- stressPortfolio -----------------------------------------------------------------------

const exposureCount = (what: string) =>
  z.object({ count: z.int(), exposure: usd('Sum of their loan amounts') }).describe(what);

export const PortfolioStressSummaryDto = z
  .object(lazyShape(() => ({
    deals: z.int().describe('Deals matching the filter'),
    exposure: usd('Sum of their loan amounts'),
    dscrBelowPolicy: exposureCount('DSCR below the policy minimum'),
    dscrBelowOne: exposureCount('DSCR below 1.00x'),
    ltvAbovePolicy: exposureCount('LTV above the policy maximum, or no value left to measure it against'),
    weightedDscr: z.number().nullable().describe('sum(loan x DSCR) / sum(loan) over the deals with a DSCR; null when they have no exposure'),
    weightedLtv: z.number().nullable().describe('sum(loan x LTV) / sum(loan) over the deals with an LTV; null when they have no exposure'),
    dscrMeasured: exposureCount('Deals with a DSCR (debt service > 0): the weights of weightedDscr'),
    ltvMeasured: exposureCount('Deals with an LTV (basis value > 0): the weights of weightedLtv'),
    dscrNotMeasured: exposureCount('Deals with no DSCR (no debt service, or no income: a new deal whose cash flows are not entered), in no DSCR count'),
    ltvNotMeasured: exposureCount('Deals with no LTV basis (no valuation above 0), in no LTV count'),
    dscrDistribution: z.array(
      z.object({
        from: z.number().nullable().describe('Inclusive lower edge; null: none'),
        to: z.number().nullable().describe('Exclusive upper edge; null: none'),
        count: z.int(),
        exposure: usd(),
      }),
    ).describe('Deals with a DSCR by DSCR band'),
  })))
  .meta({ id: 'PortfolioStressSummaryDto' });
export type PortfolioStressSummaryDto = z.infer<typeof PortfolioStressSummaryDto>;

export const StressPortfolioRequestDto = z
  .object(lazyShape(() => ({
    scenarios: z.array(Scenario).min(1).max(10).describe('1 to 10 scenarios, each run on every matching deal'),
    filter: CrossDealCollateralReportFilterDto.optional().describe(
      "The cross-deal report's filter: a deal is in when one of its collateral rows matches. Its paging and sorting are not used",
    ),
    policy: CreditPolicyOverride.optional(),
    profileName: shortText().min(1).optional().describe('Credit policy profile; the default profile when absent'),
    breachesOnly: z.boolean().default(false).describe('Per-deal rows only of deals that break a limit under some scenario'),
    page: z.int().min(1).default(1).describe('1-based page of the per-deal rows'),
    pageSize: z.int().min(1).max(1000).default(100).describe('Per-deal rows a page'),
  })))
  .describe('Stress the book. Nothing is written')
  .meta({ id: 'StressPortfolioRequestDto' });
export type StressPortfolioRequestDto = z.infer<typeof StressPortfolioRequestDto>;

export const PortfolioStressRowDto = z
  .object(lazyShape(() => ({
    dealId: z.string(),
    seedName: z.string(),
    loanAmount: usd('Current loan amount'),
    base: Metrics,
    baseBreaches: z.array(Breach),
    scenarios: z.array(z.object({ stressed: Metrics, breaches: z.array(Breach) })).describe('One per scenario, in request order'),
  })))
  .meta({ id: 'PortfolioStressRowDto' });
export type PortfolioStressRowDto = z.infer<typeof PortfolioStressRowDto>;

export const StressPortfolioResponseDto = envelope(lazyShape(() => ({
  base: PortfolioStressSummaryDto.describe('The matching deals unstressed'),
  scenarios: z.array(PortfolioStressSummaryDto.extend({ scenario: Scenario })).describe('One per scenario, in request order'),
  rows: z.array(PortfolioStressRowDto),
  totalRows: z.int().describe('Per-deal rows before paging'),
  page: z.int(),
  pageSize: z.int(),
  profileName: z.string().describe('The credit policy profile the limits start from'),
  policy: CreditPolicy.describe('The limits applied'),
}))).meta({ id: 'StressPortfolioResponseDto' });
export type StressPortfolioResponseDto = z.infer<typeof StressPortfolioResponseDto>;

// --- credit policy profiles as listed (UI, not an endpoint) ----------------------------------

export const CreditPolicyProfileInfo = z
  .object(lazyShape(() => ({
    name: z.string(),
    label: z.string().describe('Display name (the name when the profile has no label)'),
    ...LIMIT_SHAPE,
    source: z.string().describe('Where the figures come from'),
    origin: z.enum(['Shipped', 'DataDirectory']).describe("Shipped with the app, or from the data directory's own system-config.json"),
    isDefault: z.boolean().describe('The profile a request naming none uses'),
  })))
  .meta({ id: 'CreditPolicyProfileInfo' });
export type CreditPolicyProfileInfo = z.infer<typeof CreditPolicyProfileInfo>;

export const CreditPolicyProfilesDto = z.object(lazyShape(() => ({
  defaultProfile: z.string().describe("The default profile: this data directory's choice, else the configuration's"),
  defaultSource: z.enum(['Configuration', 'Setting']).describe('Where the default comes from'),
  profiles: z.array(CreditPolicyProfileInfo),
})));
export type CreditPolicyProfilesDto = z.infer<typeof CreditPolicyProfilesDto>;
