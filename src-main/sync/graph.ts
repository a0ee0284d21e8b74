import type { LimitFunction } from 'p-limit';
import type {
  AssetType,
  CollateralCashFlowResponseDto,
  CollateralSummaryDto,
  CommercialComponentInfoResponseDto,
  CommercialRentRollInfoResponseDto,
  CompanyInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryDto,
  DealFundsInfoResponseDto,
  HotelComponentInfoResponseDto,
  PersonInfoResponseDto,
  ResidentialComponentInfoResponseDto,
  ResidentialRentRollInfoResponseDto,
  SeedInfoResponseDto,
} from '../contract';
import { canonicalJson, hashText } from './canonical';
import { RemoteError } from './errors';
import type { CallResult, ReadName, RemoteClient } from './remote-client';

// One deal's graph as the platform reads it (docs/sync.md, "Pull"): the deal, its funds, its
// collateral and component summaries, each collateral's cash flow, each component's details,
// each rent roll, its people and companies, and the property type of each collateral (shown
// only by the cross-deal report). Every read is kept as it came (less the envelope), with the
// hash of its canonical form: the shadow stores them, the mirror rebuilds the working copy.

/** Shadow type of the listing of a deal's reads (json: [[type, id, hash], ...]). */
export const GRAPH_TYPE = 'dealGraph';
/** Shadow type of a deal's collateral property types ({ collateralId: propertyType }). */
export const PROPERTY_TYPES_TYPE = 'collateralPropertyTypes';

export interface ReadEntry {
  type: string;
  id: string;
  json: string;
  hash: string;
}

export type ComponentDetail = ResidentialComponentInfoResponseDto | CommercialComponentInfoResponseDto | HotelComponentInfoResponseDto;
export type RentRollRead =
  | { kind: 'Residential'; roll: ResidentialRentRollInfoResponseDto }
  | { kind: 'Commercial'; roll: CommercialRentRollInfoResponseDto };

export interface DealGraph {
  dealId: string;
  deal: SeedInfoResponseDto;
  funds: DealFundsInfoResponseDto | null;
  collateralSummaries: CollateralSummaryDto[];
  dealComponents: ComponentSummaryDto[];
  collaterals: Map<string, { components: ComponentSummaryDto[]; cashFlow: CollateralCashFlowResponseDto }>;
  components: Map<string, { base: ComponentInfoResponseDto; detail: ComponentDetail | null }>;
  rentRolls: Map<string, RentRollRead>;
  people: Map<string, PersonInfoResponseDto>;
  companies: Map<string, CompanyInfoResponseDto>;
  collateralPropertyTypes: Map<string, AssetType>;
  /** Every read above, for the shadow, in a stable order. */
  entries: ReadEntry[];
  /** The listing of the entries and its hash: equal hashes, equal graphs. */
  listing: ReadEntry;
}

/** Reads shared by several deals (a person, a company, a collateral), fetched once per pass. */
export class ReadCache {
  private readonly reads = new Map<string, Promise<CallResult<unknown>>>();
  get<T>(key: string, load: () => Promise<CallResult<T>>): Promise<CallResult<T>> {
    let read = this.reads.get(key);
    if (!read) {
      read = load();
      this.reads.set(key, read);
      read.catch(() => this.reads.delete(key));
    }
    return read as Promise<CallResult<T>>;
  }
}

/** A read of the graph that vanished while the graph was read: read the whole graph again. */
export class GraphChangedError extends Error {}

const COMPONENT_DETAIL: Record<string, ReadName | undefined> = {
  Residential: 'getResidentialComponentInfo',
  Commercial: 'getCommercialComponentInfo',
  Hotel: 'getHotelComponentInfo',
};

function stripEnvelope(body: unknown): unknown {
  const { success: _s, error: _e, ...rest } = body as Record<string, unknown>;
  return rest;
}

export function entryOf(type: string, id: string, value: unknown): ReadEntry {
  const json = canonicalJson(value);
  return { type, id, json, hash: hashText(json) };
}

export function listingOf(dealId: string, entries: readonly ReadEntry[]): ReadEntry {
  const keys = entries.map((e) => [e.type, e.id, e.hash]).sort((a, b) => (a[0]! + '\u0000' + a[1]! < b[0]! + '\u0000' + b[1]! ? -1 : 1));
  return entryOf(GRAPH_TYPE, dealId, keys);
}

/** The (type, id) keys a stored listing names. */
export function listingKeys(json: string): { type: string; id: string; hash: string }[] {
  return (JSON.parse(json) as [string, string, string][]).map(([type, id, hash]) => ({ type, id, hash }));
}

export interface GraphReader {
  client: RemoteClient;
  limit: LimitFunction;
  cache: ReadCache;
  /**
   * Collateral property types by deal, read for many deals at once (prefetchPropertyTypes);
   * a deal absent here is asked for on its own.
   */
  propertyTypes?: Map<string, Map<string, AssetType>>;
  /** Set while prefetchPropertyTypes runs: deals wait for it before asking on their own. */
  propertyTypesReady?: Promise<void>;
}

const REPORT_PAGE = 1000;

/**
 * Reads the property type of every collateral of every deal through the cross-deal report, a
 * page of 1000 rows per call (much cheaper than one report per deal): the first page, then the
 * others at once. A platform that cannot answer leaves `reader.propertyTypes` unset: deals then
 * ask on their own.
 */
export async function prefetchPropertyTypes(r: GraphReader, dealIds: readonly string[]): Promise<void> {
  const types = new Map<string, Map<string, AssetType>>(dealIds.map((id) => [id, new Map()]));
  const page = (n: number) => read(r, 'getCrossDealCollateralReport', undefined, { page: n, pageSize: REPORT_PAGE });
  const first = await page(1);
  if (!first.ok) return;
  const pages = [first.body];
  const count = Math.ceil(first.body.totalRows / REPORT_PAGE);
  if (first.body.rows.length > 0 && count > 1) {
    for (const p of await Promise.all(Array.from({ length: count - 1 }, (_, i) => page(i + 2)))) {
      if (!p.ok) return;
      pages.push(p.body);
    }
  }
  for (const p of pages) for (const row of p.rows) types.get(row.dealId)?.set(row.collateralId, row.propertyType);
  r.propertyTypes = types;
}

/**
 * Starts prefetchPropertyTypes without waiting for it: deal reads start at once and wait for it
 * only where they need it. Its failure fails the deals (and is returned for the caller to await).
 */
export function startPrefetchPropertyTypes(r: GraphReader, dealIds: readonly string[]): Promise<void> {
  const ready = prefetchPropertyTypes(r, dealIds);
  r.propertyTypesReady = ready;
  ready.catch(() => undefined);
  return ready;
}

async function read<N extends ReadName>(r: GraphReader, name: N, params: Record<string, string> | undefined, body?: unknown) {
  return r.limit(() => r.client.read(name, params, body));
}

async function required<T>(result: Promise<CallResult<T>>, what: string): Promise<T> {
  const r = await result;
  if (r.ok) return r.body;
  if (r.error.code === 'MissingEntity') throw new GraphChangedError(`${what} vanished while the deal was read`);
  throw new RemoteError('protocol', `the platform refused to read ${what}: ${r.error.code} ${r.error.message}`);
}

/**
 * Reads a deal's whole graph; 'missing' when the platform has no such deal (MissingEntity).
 * Every read starts as soon as what it depends on has come (a collateral's cash flow when the
 * collateral summary is in, a rent roll when its component is), not level by level.
 */
export async function fetchDealGraph(r: GraphReader, dealId: string): Promise<DealGraph | 'missing'> {
  const dealRead = await read(r, 'getDealInfo', { id: dealId });
  if (!dealRead.ok) {
    if (dealRead.error.code === 'MissingEntity') return 'missing';
    throw new RemoteError('protocol', `the platform refused to read deal ${dealId}: ${dealRead.error.code} ${dealRead.error.message}`);
  }
  const deal = dealRead.body;

  const collateralSummaryRead = required(read(r, 'getDealCollateralSummary', { dealId }), `the collaterals of deal ${dealId}`);
  const componentSummaryRead = required(read(r, 'getDealComponentSummary', { dealId }), `the components of deal ${dealId}`);
  const cashFlowsRead = collateralSummaryRead.then((summary) =>
    Promise.all(summary.collateralSummaries.map((s) => required(read(r, 'getCollateralCashFlow', { id: s.id }), `the cash flow of collateral ${s.id}`))),
  );
  // A typed component read carries every field of the base read: the base is not read as well.
  const componentsRead = componentSummaryRead.then((summary) =>
    Promise.all(
      summary.componentSummary.map(async (c) => {
        const detailName = COMPONENT_DETAIL[c.componentType];
        const info = await required(read(r, detailName ?? 'getBaseComponentInfo', { id: c.id }), `component ${c.id}`);
        const rolls = await Promise.all((info as ComponentInfoResponseDto).rentRollsOrder.map((rollId) => readRentRoll(r, rollId, c.componentType)));
        return { info, detailName, rolls };
      }),
    ),
  );
  const reportRead = (async () => {
    await r.propertyTypesReady;
    return r.propertyTypes?.has(dealId) ? null : read(r, 'getCrossDealCollateralReport', undefined, { dealIds: [dealId], pageSize: REPORT_PAGE });
  })();

  const [fundsRead, collateralSummary, componentSummary, report, people, companies, cashFlows, componentReads] = await Promise.all([
    read(r, 'getDealFunds', { dealId }),
    collateralSummaryRead,
    componentSummaryRead,
    reportRead,
    Promise.all(deal.personIds.map((id) => required(r.cache.get(`person:${id}`, () => read(r, 'getPersonInfo', { id })), `person ${id}`))),
    Promise.all(deal.companyIds.map((id) => required(r.cache.get(`company:${id}`, () => read(r, 'getCompanyInfo', { id })), `company ${id}`))),
    cashFlowsRead,
    componentsRead,
  ]);

  const entries: ReadEntry[] = [entryOf('getDealInfo', dealId, stripEnvelope(deal))];
  let funds: DealFundsInfoResponseDto | null = null;
  if (fundsRead.ok) funds = fundsRead.body;
  else if (fundsRead.error.code !== 'MissingEntity') {
    throw new RemoteError('protocol', `the platform refused to read the funds of deal ${dealId}: ${fundsRead.error.code} ${fundsRead.error.message}`);
  }
  if (funds) entries.push(entryOf('getDealFunds', dealId, stripEnvelope(funds)));
  entries.push(entryOf('getDealCollateralSummary', dealId, stripEnvelope(collateralSummary)));
  entries.push(entryOf('getDealComponentSummary', dealId, stripEnvelope(componentSummary)));

  // The report is the only read that shows a collateral's property type; a platform without it
  // (or a failing one) leaves the type to be derived from the components.
  const collateralPropertyTypes = new Map<string, AssetType>(r.propertyTypes?.get(dealId) ?? []);
  if (report?.ok) {
    for (const row of report.body.rows) if (row.dealId === dealId) collateralPropertyTypes.set(row.collateralId, row.propertyType);
  }
  entries.push(entryOf(PROPERTY_TYPES_TYPE, dealId, Object.fromEntries(collateralPropertyTypes)));

  const personMap = new Map(people.map((p) => [p.id, p]));
  const companyMap = new Map(companies.map((c) => [c.id, c]));
  for (const p of people) entries.push(entryOf('getPersonInfo', p.id, stripEnvelope(p)));
  for (const c of companies) entries.push(entryOf('getCompanyInfo', c.id, stripEnvelope(c)));

  // A collateral's component summary is the deal's, filtered (same order, position then id).
  const summaries = collateralSummary.collateralSummaries;
  const collaterals = new Map<string, { components: ComponentSummaryDto[]; cashFlow: CollateralCashFlowResponseDto }>();
  summaries.forEach((s, i) => {
    collaterals.set(s.id, { components: componentSummary.componentSummary.filter((c) => c.collateralId === s.id), cashFlow: cashFlows[i]! });
  });
  for (const s of summaries) entries.push(entryOf('getCollateralCashFlow', s.id, stripEnvelope(collaterals.get(s.id)!.cashFlow)));

  const componentList = componentSummary.componentSummary;
  const components = new Map<string, { base: ComponentInfoResponseDto; detail: ComponentDetail | null }>();
  const rentRolls = new Map<string, RentRollRead>();
  componentList.forEach((summary, i) => {
    const { info, detailName, rolls } = componentReads[i]!;
    components.set(summary.id, { base: info as ComponentInfoResponseDto, detail: detailName ? (info as ComponentDetail) : null });
    (info as ComponentInfoResponseDto).rentRollsOrder.forEach((rollId, j) => rentRolls.set(rollId, rolls[j]!));
  });
  for (const summary of componentList) {
    const c = components.get(summary.id)!;
    const detailName = COMPONENT_DETAIL[summary.componentType];
    entries.push(entryOf(detailName ?? 'getBaseComponentInfo', summary.id, stripEnvelope(c.detail ?? c.base)));
    for (const rollId of c.base.rentRollsOrder) {
      const roll = rentRolls.get(rollId)!;
      entries.push(entryOf(roll.kind === 'Residential' ? 'getResidentialRentrollInfo' : 'getCommercialRentrollInfo', rollId, stripEnvelope(roll.roll)));
    }
  }

  return {
    dealId,
    deal,
    funds,
    collateralSummaries: summaries,
    dealComponents: componentSummary.componentSummary,
    collaterals,
    components,
    rentRolls,
    people: personMap,
    companies: companyMap,
    collateralPropertyTypes,
    entries,
    listing: listingOf(dealId, entries),
  };
}

async function readRentRoll(r: GraphReader, id: string, componentType: string): Promise<RentRollRead> {
  const order: ('Residential' | 'Commercial')[] = componentType === 'Commercial' ? ['Commercial', 'Residential'] : ['Residential', 'Commercial'];
  for (const kind of order) {
    const result =
      kind === 'Residential' ? await read(r, 'getResidentialRentrollInfo', { id }) : await read(r, 'getCommercialRentrollInfo', { id });
    if (result.ok) return kind === 'Residential' ? { kind, roll: result.body as ResidentialRentRollInfoResponseDto } : { kind, roll: result.body as CommercialRentRollInfoResponseDto };
    if (result.error.code !== 'MissingEntity') {
      throw new RemoteError('protocol', `the platform refused to read rent roll ${id}: ${result.error.code} ${result.error.message}`);
    }
  }
  throw new GraphChangedError(`rent roll ${id} vanished while the deal was read`);
}
