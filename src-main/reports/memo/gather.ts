import { createHash } from 'node:crypto';
import {
  type CollateralCashFlowResponseDto,
  type CollateralSummaryResponseDto,
  type CommercialComponentInfoResponseDto,
  type CommercialRentRollInfoResponseDto,
  type CompanyInfoResponseDto,
  type ComponentInfoResponseDto,
  type ComponentSummaryResponseDto,
  type DealFundsInfoResponseDto,
  type EndpointName,
  HISTORY_SOURCE_LABELS,
  type HotelComponentInfoResponseDto,
  type PersonInfoResponseDto,
  type ResidentialComponentInfoResponseDto,
  type ResidentialRentRollInfoResponseDto,
  type SeedInfoResponseDto,
} from '../../contract';
import {
  GATEWAY,
  type GatewayContext,
  type GatewayHandler,
  getDealHistory,
  getDealNotes,
  listCreditPolicies,
} from '../../gateway';
import type { MemoAnalysis, MemoBreakpoints, MemoComponent, MemoData, MemoHistoryEntry, MemoNote, MemoScenario, MemoSizing, MemoStressResult, MemoValue } from './types';

// The one place a deal's memo data is gathered: every read of the deal's graph through the
// gateway (the same functions the HTTP API serves, so the memo shows exactly what a client of
// the API reads), kept as answered for the credit file, then assembled into MemoData.

/** One read of the deal's graph: which endpoint, with which path parameters (and body), and its answer as the API gives it. */
export interface RecordedRead {
  name: EndpointName;
  params: Record<string, string>;
  body?: unknown;
  response: unknown;
}

/** Every read of a deal's graph, in the order they were made (the deal first). */
export interface DealReads {
  dealId: string;
  reads: RecordedRead[];
}

export type GatewayHandlers = Partial<Record<EndpointName, GatewayHandler>>;

/** A read the deal's graph cannot do without failed (other than the deal itself missing). */
export class DealReadError extends Error {}

/** The cross-deal report's page size (its maximum): one page holds every collateral of a deal. */
const REPORT_PAGE_SIZE = 1000;

/**
 * Reads the deal's whole graph through `handlers` (the gateway by default): the deal, its
 * funds, collateral and component summaries, each collateral's cash flow and component summary,
 * each component's typed read and rent rolls, its people and companies, and the report rows of
 * its collaterals (the only read naming a collateral's property type). null: no such deal.
 */
export async function readDealGraph(ctx: GatewayContext, dealId: string, handlers: GatewayHandlers = GATEWAY): Promise<DealReads | null> {
  const reads: RecordedRead[] = [];
  const call = async (name: EndpointName, params: Record<string, string>, body?: unknown): Promise<{ success: boolean }> => {
    const handler = handlers[name];
    if (!handler) throw new DealReadError(`${name} is not available`);
    const response = (await handler(ctx, { params, body })) as { success: boolean };
    reads.push(body === undefined ? { name, params, response } : { name, params, body, response });
    return response;
  };
  const must = async <T>(name: EndpointName, params: Record<string, string>): Promise<T> => {
    const response = await call(name, params);
    if (!response.success) throw new DealReadError(`${name} ${Object.values(params).join(' ')} failed: ${(response as { error?: { message?: string } }).error?.message ?? 'no answer'}`);
    return response as T;
  };

  const deal = (await call('getDealInfo', { id: dealId })) as SeedInfoResponseDto | { success: false };
  if (!deal.success) return null;
  await call('getDealFunds', { dealId }); // a deal without funds answers MissingEntity: recorded as answered
  const { collateralSummaries } = await must<CollateralSummaryResponseDto>('getDealCollateralSummary', { dealId });
  await must('getDealComponentSummary', { dealId });
  await call('getCrossDealCollateralReport', {}, { dealIds: [dealId], page: 1, pageSize: REPORT_PAGE_SIZE });
  for (const summary of collateralSummaries) {
    await must('getCollateralCashFlow', { id: summary.id });
    const { componentSummary } = await must<ComponentSummaryResponseDto>('getCollateralComponentSummary', { collateralId: summary.id });
    for (const c of componentSummary) {
      const typed = COMPONENT_READ[c.componentType] ?? 'getBaseComponentInfo';
      const info = await must<ComponentInfoResponseDto>(typed, { id: c.id });
      const rollRead = ROLL_READ[c.componentType];
      if (rollRead) for (const rollId of info.rentRollsOrder) await must(rollRead, { id: rollId });
    }
  }
  for (const id of (deal as SeedInfoResponseDto).personIds) await must('getPersonInfo', { id });
  for (const id of (deal as SeedInfoResponseDto).companyIds) await must('getCompanyInfo', { id });

  // The analysis (docs/analysis.md): the loan sized under the credit policy in force, and each
  // built-in stress scenario. The profile is named in the request, so the recording says which
  // limits applied. A refusal (a deal without a loan or income) is recorded as answered.
  const profileName = (await listCreditPolicies(ctx)).defaultProfile;
  await call('sizeLoan', {}, { dealId, profileName });
  for (const { name, label: _label, source: _source, ...shocks } of ctx.config.stressScenarios ?? []) {
    await call('stressDeal', {}, { dealId, scenario: { name, ...shocks }, profileName });
  }
  return { dealId, reads };
}

/** The analysis of a deal's recorded sizeLoan and stressDeal answers; undefined when none succeeded. */
export function analysisOfReads(reads: DealReads, sources: Readonly<Record<string, string>> = {}): MemoAnalysis | undefined {
  type Answer = { success: boolean; profileName?: string; policy?: Record<string, number | undefined> } & Record<string, unknown>;
  const sized = reads.reads.find((r) => r.name === 'sizeLoan' && (r.response as Answer).success);
  const stressed = reads.reads.filter((r) => r.name === 'stressDeal' && (r.response as Answer).success);
  if (!sized && stressed.length === 0) return undefined;
  const first = (sized ?? stressed[0]!).response as Answer;
  const analysis: MemoAnalysis = { policy: { name: first.profileName, ...first.policy } };
  if (sized) analysis.sizing = sized.response as unknown as MemoSizing;
  if (stressed.length > 0) {
    analysis.breakpoints = (stressed[0]!.response as { breakpoints: MemoBreakpoints }).breakpoints;
    analysis.scenarios = stressed.map((r) => {
      const scenario = (r.body as { scenario: MemoScenario }).scenario;
      const answer = r.response as unknown as Pick<MemoStressResult, 'base' | 'stressed' | 'breaches'>;
      const source = scenario.name ? sources[scenario.name] : undefined;
      return { scenario, ...(source ? { source } : {}), base: answer.base, stressed: answer.stressed, breaches: answer.breaches };
    });
  }
  return analysis;
}

const COMPONENT_READ: Record<string, EndpointName> = {
  Residential: 'getResidentialComponentInfo',
  Commercial: 'getCommercialComponentInfo',
  Hotel: 'getHotelComponentInfo',
};
const ROLL_READ: Record<string, EndpointName> = {
  Residential: 'getResidentialRentrollInfo',
  Commercial: 'getCommercialRentrollInfo',
};

/** The answer of one recorded read (undefined when it was not made). */
export function findRead<T>(reads: DealReads, name: EndpointName, id?: string): T | undefined {
  const read = reads.reads.find((r) => r.name === name && (id === undefined || Object.values(r.params)[0] === id));
  return read?.response as T | undefined;
}

/**
 * What only the workstation knows about a deal, beside its reads: the underwriter's
 * recommendation and notes, and the deal's history. All optional: the memo says "none
 * recorded" where a part is absent. (The analysis is a read: sizeLoan and stressDeal.)
 */
export interface MemoExtras {
  recommendation?: string;
  notes?: MemoNote[];
  history?: MemoHistoryEntry[];
}

/**
 * The deal's notes and history (docs/history.md): the memo and the credit file take their
 * extras from this function, and only from it. Values that are not a plain scalar (a creation's
 * name and kind, a linked collateral) are written as their name.
 */
export async function gatherMemoExtras(ctx: GatewayContext, dealId: string): Promise<MemoExtras> {
  const notes = (await getDealNotes(ctx, dealId)).map((n): MemoNote => ({ at: n.at, author: n.author, text: n.text }));
  const history = (await getDealHistory(ctx, dealId)).map(
    (e): MemoHistoryEntry => ({
      at: e.at,
      who: e.actor,
      how: HISTORY_SOURCE_LABELS[e.source],
      field: e.field,
      oldValue: memoValue(e.oldValue),
      newValue: memoValue(e.newValue),
    }),
  );
  return { notes, history };
}

function memoValue(value: unknown): MemoValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  const named = value as { name?: unknown };
  return typeof named.name === 'string' ? named.name : JSON.stringify(value);
}

/** Assembles MemoData from a deal's recorded reads (no further read). */
export function memoDataOfReads(
  reads: DealReads,
  extras: MemoExtras,
  identity: { generatedAt: string; productVersion: string; preparedBy?: string; scenarioSources?: Readonly<Record<string, string>> },
): MemoData {
  const analysis = analysisOfReads(reads, identity.scenarioSources);
  const deal = findRead<SeedInfoResponseDto>(reads, 'getDealInfo', reads.dealId)!;
  const funds = findRead<DealFundsInfoResponseDto & { success: boolean }>(reads, 'getDealFunds', reads.dealId);
  const { collateralSummaries } = findRead<CollateralSummaryResponseDto>(reads, 'getDealCollateralSummary', reads.dealId)!;
  const collaterals: MemoData['collaterals'] = collateralSummaries.map((summary) => {
    const cashFlow = findRead<CollateralCashFlowResponseDto>(reads, 'getCollateralCashFlow', summary.id) ?? null;
    const { componentSummary } = findRead<ComponentSummaryResponseDto>(reads, 'getCollateralComponentSummary', summary.id)!;
    const components = componentSummary.map((c): MemoComponent => {
      if (c.componentType === 'Residential') {
        const info = findRead<ResidentialComponentInfoResponseDto>(reads, 'getResidentialComponentInfo', c.id)!;
        const rentRolls = info.rentRollsOrder.map((id) => findRead<ResidentialRentRollInfoResponseDto>(reads, 'getResidentialRentrollInfo', id)!);
        return { summary: c, kind: 'Residential', info, rentRolls };
      }
      if (c.componentType === 'Commercial') {
        const info = findRead<CommercialComponentInfoResponseDto>(reads, 'getCommercialComponentInfo', c.id)!;
        const rentRolls = info.rentRollsOrder.map((id) => findRead<CommercialRentRollInfoResponseDto>(reads, 'getCommercialRentrollInfo', id)!);
        return { summary: c, kind: 'Commercial', info, rentRolls };
      }
      if (c.componentType === 'Hotel') return { summary: c, kind: 'Hotel', info: findRead<HotelComponentInfoResponseDto>(reads, 'getHotelComponentInfo', c.id)! };
      return { summary: c, kind: 'Unknown', info: findRead<ComponentInfoResponseDto>(reads, 'getBaseComponentInfo', c.id)! };
    });
    return { summary, cashFlow: cashFlow && (cashFlow as { success?: boolean }).success === false ? null : cashFlow, components };
  });
  return {
    deal,
    funds: funds?.success ? funds : null,
    collaterals,
    people: deal.personIds.map((id) => ({ info: findRead<PersonInfoResponseDto>(reads, 'getPersonInfo', id)! })),
    companies: deal.companyIds.map((id) => ({ info: findRead<CompanyInfoResponseDto>(reads, 'getCompanyInfo', id)! })),
    recommendation: extras.recommendation ?? '',
    notes: extras.notes ?? [],
    ...(analysis ? { analysis } : {}),
    ...(extras.history ? { history: extras.history } : {}),
    generatedAt: identity.generatedAt,
    dataHash: dataHashOf(reads, extras),
    productVersion: identity.productVersion,
    ...(identity.preparedBy ? { preparedBy: identity.preparedBy } : {}),
  };
}

/** SHA-256 (hex) of the data a memo is made from: its reads and extras, as JSON. */
export function dataHashOf(reads: DealReads, extras: MemoExtras): string {
  // The extras in a fixed shape, so the hash does not depend on how they were assembled.
  const fixed = { recommendation: extras.recommendation ?? '', notes: extras.notes ?? [], history: extras.history ?? null };
  return createHash('sha256').update(JSON.stringify({ reads: reads.reads, extras: fixed })).digest('hex');
}

/** Reads a deal's graph and gathers everything its memo shows; null when no such deal exists. */
export async function gatherMemoData(
  ctx: GatewayContext,
  dealId: string,
  identity: { productVersion: string; preparedBy?: string },
): Promise<{ data: MemoData; reads: DealReads; extras: MemoExtras } | null> {
  const reads = await readDealGraph(ctx, dealId);
  if (!reads) return null;
  const extras = await gatherMemoExtras(ctx, dealId);
  const scenarioSources = Object.fromEntries((ctx.config.stressScenarios ?? []).map((s) => [s.name, s.source]));
  const data = memoDataOfReads(reads, extras, { generatedAt: ctx.now().toISOString(), scenarioSources, ...identity });
  return { data, reads, extras };
}
