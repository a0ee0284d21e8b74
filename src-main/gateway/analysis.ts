import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  SizeLoanRequestDto,
  StressDealRequestDto,
  StressPortfolioRequestDto,
  type BreakpointsDto,
  type CreditPolicy,
  type PortfolioStressRowDto,
  type PortfolioStressSummaryDto,
  type Scenario,
  type SizeLoanResponseDto,
  type StressDealResponseDto,
  type StressPortfolioResponseDto,
  type UnderwritingSettings,
} from '../contract';
import {
  addToPortfolio,
  breakpoints,
  dscrGrid,
  ltvBasis,
  ltvBasisValue,
  ltvGrid,
  policyBreaches,
  policyNotTested,
  portfolioAccumulator,
  portfolioSummary,
  sizeLoan as sizeLoanOn,
  stressDeal as stressDealOn,
  stressDealUnder,
  type DealStressInput,
  type PortfolioAccumulator,
  type SizingField,
  type SizingInput,
} from '../domain';
import { dealFiguresOfEntries, dealLoanTerms, FIGURES_VERSION, loadDealAnalysisInputs, type DealAnalysisInput } from '../figures';
import { type DealRead, type ReportSelection, underwritingSettingsOf } from '../store';
import { underwritingSettings, type GatewayContext } from './context';
import { requestPolicy } from './credit-policies';
import { failure, missingEntity, ok, type Failure } from './result';
import { parseBody } from './validation';

// The analysis endpoints (issue 14, extensions beyond the spec): sizeLoan, stressDeal and
// stressPortfolio. Inputs come from the store through the functions of the reads; the math is the
// domain's (sizing, stress, breakpoints, sensitivity, portfolio-stress). Every call only reads:
// each runs its reads inside one read snapshot (StorePort.snapshot), which also keeps the figure
// cache from being written.

// --- sizeLoan ------------------------------------------------------------------------------

const INPUT_FIELDS = new Set<SizingField>(['noi', 'value', 'totalCost', 'interestRate', 'amortizationMonths']);

/** Where a sizing field lives in the request. */
function targetOf(field: SizingField): string {
  if (field === 'policy') return 'policy';
  if (field === 'dscrIncome') return 'inputs.noi';
  return INPUT_FIELDS.has(field) ? `inputs.${field}` : `policy.${field}`;
}

/** Why a deal figure is missing for sizing, said plainly. */
const FROM_DEAL: Partial<Record<SizingField, string>> = {
  noi: "the deal's NOI, the sum of its collaterals' net operating income (their cash flows)",
  value: "the deal's LTV basis value (none of its valuations is above 0)",
  totalCost: "the deal's project total cost",
};

export async function sizeLoan(ctx: GatewayContext, body: unknown): Promise<SizeLoanResponseDto | Failure> {
  const parsed = parseBody(SizeLoanRequestDto, body);
  if (!parsed.ok) return parsed.failure;
  const request = parsed.value;
  const resolved = await requestPolicy(ctx, request.profileName, request.policy);
  if (!resolved.ok) return resolved.failure;
  const { profileName, policy } = resolved.value;
  const given = request.inputs ?? {};

  const size = async (store: GatewayContext['store'], read: DealRead | undefined): Promise<SizeLoanResponseDto | Failure> => {
    let input: SizingInput;
    let fromDeal = new Set<SizingField>();
    if (read !== undefined) {
      if (read.figures.length === 0 && given.noi === undefined) {
        return failure('ValidationError', 'dealId', 'The deal has no collateral: it has no NOI or value to size a loan on. Give inputs.noi (and inputs.value) to size it.');
      }
      const settings = underwritingSettingsOf(read.settings);
      const { totals, metrics } = await dealFiguresOfEntries(store, read.deal, read.figures, settings);
      const terms = dealLoanTerms(read.deal);
      const basis = ltvBasis(terms.userSelectedLtv, totals);
      const basisValue = ltvBasisValue(basis, totals);
      const deal: SizingInput = {
        noi: totals.netOperatingIncome,
        value: basisValue > 0 ? basisValue : undefined,
        totalCost: read.deal.projectTotalCost > 0 ? read.deal.projectTotalCost : undefined,
        interestRate: metrics.interestRate,
        amortizationMonths: terms.loanPaymentStructure === 'P_I_Amortization' ? terms.amortizationTerm : 0,
      };
      fromDeal = new Set((Object.keys(deal) as SizingField[]).filter((k) => given[k as keyof typeof given] === undefined));
      const noi = given.noi ?? totals.netOperatingIncome;
      input = {
        ...deal,
        ...definedOnly(given),
        dayCount: settings.dayCount,
        // Under the NetCashFlow setting DSCR covers the net income: the NOI less the deal's below-the-line items.
        dscrIncome: settings.dscrNumerator === 'NetCashFlow' ? noi - (totals.netOperatingIncome - totals.netIncome) : undefined,
      };
    } else {
      input = { ...definedOnly(given), dayCount: (await underwritingSettings(ctx)).dayCount };
    }
    const sized = sizeLoanOn(input, policy);
    if (!sized.ok) {
      const { field, message } = sized.error;
      const origin = fromDeal.has(field) && FROM_DEAL[field] ? ` It comes from ${FROM_DEAL[field]}; give ${targetOf(field)} to override it.` : '';
      return failure('ValidationError', targetOf(field), `${message}.${origin}`);
    }
    return ok({ ...sized.value, profileName, policy });
  };

  if (request.dealId === undefined) return size(ctx.store, undefined);
  const read = await ctx.store.dealRead(request.dealId, FIGURES_VERSION);
  if (!read) return missingEntity('dealId', 'deal');
  // With every collateral's figures stored, the one statement of dealRead is all there is to read
  // (the fast path of getDealInfo). Otherwise the figures are computed inside a read snapshot,
  // which also keeps them from being stored: an analysis writes nothing.
  if (read.figures.every((f) => f.figures !== null)) return size(ctx.store, read);
  return ctx.store.snapshot(async (tx) => {
    const again = await tx.dealRead(request.dealId!, FIGURES_VERSION);
    return again ? size(tx, again) : missingEntity('dealId', 'deal');
  });
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// --- stressDeal ----------------------------------------------------------------------------

/** A deal that cannot be stressed: no collateral, or no NOI at all. Null when it can. */
function unstressable(loaded: DealAnalysisInput, noi: number): Failure | null {
  if (loaded.input.collaterals.length === 0) {
    return failure('ValidationError', 'dealId', 'The deal has no collateral: there is no income or value to stress.');
  }
  if (noi === 0) return failure('ValidationError', 'dealId', "The deal's NOI is 0: there is no income to stress. The NOI comes from the collaterals' cash flows.");
  return null;
}

function breakpointsDto(input: DealStressInput, policy: CreditPolicy): BreakpointsDto {
  const b = breakpoints(input, policy);
  return {
    noiDecline: b.noiDecline,
    rateIncreaseBps: b.rateIncreaseBps,
    valueDecline: b.valueDecline,
    breakEvenNoi: b.breakEvenNoi,
    noiDeclineDscr: b.noiDeclineDscr,
    noiDeclineDebtYield: b.noiDeclineDebtYield,
    noiDeclineBinding: b.noiDeclineBinding,
    notApplicable: b.notApplicable,
  };
}

export async function stressDeal(ctx: GatewayContext, body: unknown): Promise<StressDealResponseDto | Failure> {
  const parsed = parseBody(StressDealRequestDto, body);
  if (!parsed.ok) return parsed.failure;
  const request = parsed.value;
  const resolved = await requestPolicy(ctx, request.profileName, request.policy);
  if (!resolved.ok) return resolved.failure;
  const { profileName, policy } = resolved.value;
  const settings = await underwritingSettings(ctx);

  return ctx.store.snapshot(async (tx) => {
    const loaded = (await loadDealAnalysisInputs(tx, [request.dealId], settings)).get(request.dealId);
    if (!loaded) return missingEntity('dealId', 'deal');
    const base = stressDealOn(loaded.input).metrics;
    const bad = unstressable(loaded, base.noi);
    if (bad) return bad;
    const stressed = stressDealOn(loaded.input, request.scenario).metrics;
    return ok({
      base,
      stressed,
      breaches: policyBreaches(stressed, policy),
      breakpoints: breakpointsDto(loaded.input, policy),
      baseBreaches: policyBreaches(base, policy),
      notApplicable: policyNotTested(stressed, policy),
      baseNotApplicable: policyNotTested(base, policy),
      sensitivity: { dscr: dscrGrid(loaded.input, policy), ltv: ltvGrid(loaded.input, policy) },
      profileName,
      policy,
    });
  });
}

// --- stressPortfolio -----------------------------------------------------------------------

/** Deals read and stressed per read snapshot; the event loop runs between batches. */
export const PORTFOLIO_BATCH = 500;

export interface PortfolioStressTotals {
  base: PortfolioStressSummaryDto;
  scenarios: (PortfolioStressSummaryDto & { scenario: Scenario })[];
}

export interface OpenedPortfolioStress {
  profileName: string;
  policy: CreditPolicy;
  scenarios: Scenario[];
  /** The settings the rows are computed with. */
  settings: Readonly<UnderwritingSettings>;
  /** Deals matching the filter: the rows the batches will yield (a deal deleted meanwhile is skipped). */
  totalDeals: number;
  /** The per-deal rows in the report's deal order, a batch at a time. */
  batches: AsyncGenerator<PortfolioStressRowDto[], void, undefined>;
  /** The totals over every row yielded so far: complete once the batches are consumed. */
  totals(): PortfolioStressTotals;
}

export type PortfolioStressRequest = Pick<StressPortfolioRequestDto, 'scenarios' | 'filter' | 'policy' | 'profileName'>;

function selectionOf(filter: StressPortfolioRequestDto['filter']): ReportSelection {
  if (!filter) return {};
  return {
    dealIds: filter.dealIds,
    states: filter.states,
    propertyTypes: filter.propertyTypes,
    loanTypes: filter.loanTypes,
    riskRatings: filter.riskRatings,
    owners: filter.owners,
    city: filter.city,
    usState: filter.usState,
    minGrossLoan: filter.minGrossLoan,
    maxGrossLoan: filter.maxGrossLoan,
  };
}

/** One deal's row: its figures unstressed and under each scenario, with the limits each breaks. */
export function portfolioRow(loaded: DealAnalysisInput, scenarios: readonly Scenario[], policy: CreditPolicy): PortfolioStressRowDto {
  const stress = stressDealUnder(loaded.input, scenarios);
  const base = stress.base.metrics;
  return {
    dealId: loaded.deal.id,
    seedName: loaded.deal.seedName,
    loanAmount: loaded.deal.grossLoan,
    base,
    baseBreaches: policyBreaches(base, policy),
    scenarios: stress.stressed.map(({ metrics: stressed }) => ({ stressed, breaches: policyBreaches(stressed, policy) })),
  };
}

/**
 * Selects the deals (the cross-deal report's filter: a deal is in when one of its collateral rows
 * matches) and returns their rows batch by batch, adding each to the running totals. A batch is
 * read in one snapshot; between batches the event loop runs, so the store may change between
 * them (as the report's shared-connection path).
 */
export async function openPortfolioStress(
  ctx: GatewayContext,
  request: PortfolioStressRequest,
): Promise<{ ok: true; value: OpenedPortfolioStress } | { ok: false; failure: Failure }> {
  const resolved = await requestPolicy(ctx, request.profileName, request.policy);
  if (!resolved.ok) return resolved;
  const { profileName, policy } = resolved.value;
  const scenarios = request.scenarios;
  const settings = await underwritingSettings(ctx);
  const dealIds = await ctx.store.selectReportDealIds(selectionOf(request.filter));
  let base: PortfolioAccumulator = portfolioAccumulator(policy);
  let stressed: PortfolioAccumulator[] = scenarios.map(() => portfolioAccumulator(policy));

  async function* batches(): AsyncGenerator<PortfolioStressRowDto[], void, undefined> {
    for (let i = 0; i < dealIds.length; i += PORTFOLIO_BATCH) {
      const ids = dealIds.slice(i, i + PORTFOLIO_BATCH);
      const rows = await ctx.store.snapshot(async (tx) => {
        const loaded = await loadDealAnalysisInputs(tx, ids, settings);
        return ids.filter((id) => loaded.has(id)).map((id) => portfolioRow(loaded.get(id)!, scenarios, policy));
      });
      for (const row of rows) {
        base = addToPortfolio(base, row.base);
        stressed = stressed.map((acc, k) => addToPortfolio(acc, row.scenarios[k]!.stressed));
      }
      yield rows;
      if (i + PORTFOLIO_BATCH < dealIds.length) await yieldToEventLoop();
    }
  }

  return {
    ok: true,
    value: {
      profileName,
      policy,
      scenarios,
      settings,
      totalDeals: dealIds.length,
      batches: batches(),
      totals: () => ({
        base: portfolioSummary(base),
        scenarios: stressed.map((acc, k) => ({ scenario: scenarios[k]!, ...portfolioSummary(acc) })),
      }),
    },
  };
}

/** Whether a row breaks a limit under some scenario (breachesOnly). */
const breaksUnderStress = (row: PortfolioStressRowDto) => row.scenarios.some((s) => s.breaches.length > 0);

/** A run of the portfolio stress the UI follows: its progress, and a signal that stops it. */
export interface PortfolioStressRunOptions {
  /** Deals stressed so far of the deals selected, after each batch (PORTFOLIO_BATCH deals). */
  onProgress?: (done: number, total: number) => void;
  /** Checked between batches: an abort throws the signal's reason (an AbortError); nothing was written. */
  signal?: AbortSignal;
  /** Kept by the caller between calls, so that another page of the same stress reads only its deals. */
  memo?: PortfolioStressMemo;
}

/**
 * What a finished run over the whole selection leaves for the next page of the same stress: its
 * totals and the deal ids of its rows, in order (about 80 bytes a deal). It holds while the
 * request (page aside), the resolved policy, the settings and the change feed's head are the
 * same: every input of a row (deal, collaterals, components, rent rolls, cash flows) advances the
 * head when it changes, so a page of a run made at that head reads only its own deals.
 */
export interface PortfolioStressMemo {
  last?: { key: string; rowDealIds: readonly string[]; totals: PortfolioStressTotals; profileName: string; policy: CreditPolicy };
}

function memoKey(request: StressPortfolioRequestDto, policy: CreditPolicy, settings: Readonly<UnderwritingSettings>, head: { storeId: string; seq: number }): string {
  const { page: _page, pageSize: _pageSize, ...rest } = request;
  return JSON.stringify({ rest, policy, settings, head });
}

/** A page of a stress whose totals and row order a run at the same head left in `memo`; undefined when none did. */
async function memoizedPage(ctx: GatewayContext, request: StressPortfolioRequestDto, memo: PortfolioStressMemo, from: number, to: number) {
  const last = memo.last;
  if (!last) return undefined;
  const resolved = await requestPolicy(ctx, request.profileName, request.policy);
  if (!resolved.ok) return undefined;
  const settings = await underwritingSettings(ctx);
  return ctx.store.snapshot(async (tx) => {
    if (memoKey(request, resolved.value.policy, settings, await tx.changeFeedHead()) !== last.key) return undefined;
    const ids = last.rowDealIds.slice(from, to);
    const loaded = await loadDealAnalysisInputs(tx, ids, settings);
    // The head is the run's, so every deal it listed is still there.
    if (ids.some((id) => !loaded.has(id))) return undefined;
    return { rows: ids.map((id) => portfolioRow(loaded.get(id)!, request.scenarios, resolved.value.policy)), last };
  });
}

export async function stressPortfolio(ctx: GatewayContext, body: unknown, options: PortfolioStressRunOptions = {}): Promise<StressPortfolioResponseDto | Failure> {
  const parsed = parseBody(StressPortfolioRequestDto, body);
  if (!parsed.ok) return parsed.failure;
  const request = parsed.value;
  const { onProgress, signal, memo } = options;
  signal?.throwIfAborted();
  const from = (request.page - 1) * request.pageSize;
  const to = from + request.pageSize;
  const remembered = memo && (await memoizedPage(ctx, request, memo, from, to));
  if (remembered) {
    const { rows, last } = remembered;
    onProgress?.(rows.length, rows.length);
    return ok({ ...last.totals, rows, totalRows: last.rowDealIds.length, page: request.page, pageSize: request.pageSize, profileName: last.profileName, policy: last.policy });
  }
  // The head before the first read: a change landing during the run leaves a memo no later call matches.
  const head = memo && (await ctx.store.changeFeedHead());
  const opened = await openPortfolioStress(ctx, request);
  if (!opened.ok) return opened.failure;
  const run = opened.value;
  const rows: PortfolioStressRowDto[] = [];
  const rowDealIds: string[] = [];
  let totalRows = 0;
  let done = 0;
  onProgress?.(0, run.totalDeals);
  // Only the requested page's rows, the rows' deal ids (with a memo) and the running totals are kept.
  for await (const batch of run.batches) {
    signal?.throwIfAborted();
    done += batch.length;
    onProgress?.(done, Math.max(done, run.totalDeals));
    for (const row of batch) {
      if (request.breachesOnly && !breaksUnderStress(row)) continue;
      if (totalRows >= from && totalRows < to) rows.push(row);
      if (memo) rowDealIds.push(row.dealId);
      totalRows += 1;
    }
  }
  const totals = run.totals();
  if (memo && head) {
    const key = memoKey(request, run.policy, run.settings, head);
    memo.last = { key, rowDealIds, totals, profileName: run.profileName, policy: run.policy };
  }
  return ok({
    base: totals.base,
    scenarios: totals.scenarios,
    rows,
    totalRows,
    page: request.page,
    pageSize: request.pageSize,
    profileName: run.profileName,
    policy: run.policy,
  });
}
