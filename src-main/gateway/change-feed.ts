import {
  CHANGES_PAGE_DEFAULT,
  DealChangesQueryDto,
  DealGraphsRequestDto,
  issuesToErrorDto,
  type DealChangesResponseDto,
  type DealGraphDto,
  type DealGraphReadsDto,
  type DealGraphsResponseDto,
} from '../contract';
import { getCollateralCashFlow } from './cash-flow-read';
import { getBaseComponentInfo, getCommercialComponentInfo, getHotelComponentInfo, getResidentialComponentInfo } from './component-reads';
import { within, type GatewayContext } from './context';
import { getCrossDealCollateralReport } from './cross-deal-report';
import { getCollateralComponentSummary, getDealCollateralSummary, getDealComponentSummary, getDealFunds, getDealInfo } from './deal-reads';
import { getCompanyInfo, getPersonInfo } from './party-reads';
import { getCommercialRentrollInfo, getResidentialRentrollInfo } from './rent-roll-reads';
import { failure, missingEntity, ok, type Failure } from './result';
import { sharedSnapshotReads } from './snapshot-reads';
import { parseBody } from './validation';

// The two sync extensions (docs/api.md, "Change feed" and "Bulk graph reads").

interface Position {
  storeId: string;
  seq: number;
  dealId: string;
}

/** Opaque to clients: base64url of [storeId, seq, dealId], the last change a client has seen. */
export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.storeId, p.seq, p.dealId])).toString('base64url');
}

export function decodeCursor(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [storeId, seq, dealId] = value as unknown[];
    if (typeof storeId !== 'string' || typeof dealId !== 'string' || typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null;
    return { storeId, seq, dealId };
  } catch {
    return null;
  }
}

const refused = (why: string) => failure('ValidationError', 'since', `This cursor cannot be continued here (${why}); read the feed again without since.`);

export async function getDealChanges(ctx: GatewayContext, query: Record<string, string | undefined>): Promise<DealChangesResponseDto | Failure> {
  const parsed = DealChangesQueryDto.safeParse(query);
  if (!parsed.success) return { success: false, error: issuesToErrorDto(parsed.error, query) };
  const { since, limit = CHANGES_PAGE_DEFAULT } = parsed.data;
  const from = since === undefined ? null : decodeCursor(since);
  if (since !== undefined && !from) return refused('not a cursor of this API');
  const after = from ?? { seq: 0, dealId: '' };
  // One more row than asked tells whether more follow.
  const { head, rows } = await ctx.store.readChangePage(after, limit + 1);
  if (from && from.storeId !== head.storeId) return refused('it comes from another store');
  if (from && from.seq > head.seq) return refused('it is ahead of this store, as after a restore');
  // A cursor names the last change listed: deal D at number S. In this store's history D's latest
  // change is S or later, for good (a deal's row only moves forward). Below S, or absent, the
  // history is another one: a store restored from a copy older than the cursor and written to
  // since, so that its head has passed S (the check above no longer sees it). Not caught: a
  // restored store that changed D itself again past S (docs/api.md).
  if (from && from.dealId !== '') {
    const seq = await ctx.store.dealChangeSeq(from.dealId);
    if (seq === undefined || seq < from.seq) return refused('its last change is not in this store\'s history, as after a restore');
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const position = last ? { storeId: head.storeId, seq: last.seq, dealId: last.dealId } : { storeId: head.storeId, ...after };
  return ok({ cursor: encodeCursor(position), changes: page.map((r) => ({ dealId: r.dealId, kind: r.kind })), hasMore: rows.length > limit });
}

type Reads = { [K in keyof DealGraphReadsDto]-?: NonNullable<DealGraphReadsDto[K]> };

/**
 * Reads a deal's graph through the very functions the single read endpoints call, so every
 * answer is the one (and serialises to the same bytes as) the single read would give.
 */
async function dealGraph(ctx: GatewayContext, dealId: string): Promise<DealGraphDto> {
  const deal = await getDealInfo(ctx, dealId);
  if (!deal.success) return { dealId, error: deal.error ?? missingEntity('id', 'deal').error, reads: {} };
  const reads: Partial<Reads> = {};
  const put = <K extends keyof Reads>(name: K, id: string, answer: Reads[K][string]) => {
    ((reads[name] ??= {} as Reads[K]) as Record<string, unknown>)[id] = answer;
  };
  put('getDealInfo', dealId, deal);
  put('getDealFunds', dealId, await getDealFunds(ctx, dealId));
  const collaterals = await getDealCollateralSummary(ctx, dealId);
  put('getDealCollateralSummary', dealId, collaterals);
  put('getDealComponentSummary', dealId, await getDealComponentSummary(ctx, dealId));
  for (const collateral of collaterals.success ? (collaterals as { collateralSummaries: { id: string }[] }).collateralSummaries : []) {
    put('getCollateralCashFlow', collateral.id, await getCollateralCashFlow(ctx, collateral.id));
    const components = await getCollateralComponentSummary(ctx, collateral.id);
    put('getCollateralComponentSummary', collateral.id, components);
    if (!components.success || !('componentSummary' in components)) continue;
    for (const component of components.componentSummary) {
      const base = await getBaseComponentInfo(ctx, component.id);
      put('getBaseComponentInfo', component.id, base);
      if (component.componentType === 'Residential') put('getResidentialComponentInfo', component.id, await getResidentialComponentInfo(ctx, component.id));
      else if (component.componentType === 'Commercial') put('getCommercialComponentInfo', component.id, await getCommercialComponentInfo(ctx, component.id));
      else if (component.componentType === 'Hotel') put('getHotelComponentInfo', component.id, await getHotelComponentInfo(ctx, component.id));
      if (!base.success || !('rentRollsOrder' in base)) continue;
      for (const rollId of base.rentRollsOrder) {
        // A roll is read as its component's kind first, then as the other (as sync's pull does).
        const commercialFirst = component.componentType === 'Commercial';
        const first = commercialFirst ? await getCommercialRentrollInfo(ctx, rollId) : await getResidentialRentrollInfo(ctx, rollId);
        if (first.success || first.error?.code !== 'MissingEntity') {
          if (commercialFirst) put('getCommercialRentrollInfo', rollId, first as Reads['getCommercialRentrollInfo'][string]);
          else put('getResidentialRentrollInfo', rollId, first as Reads['getResidentialRentrollInfo'][string]);
          continue;
        }
        if (commercialFirst) put('getResidentialRentrollInfo', rollId, await getResidentialRentrollInfo(ctx, rollId));
        else put('getCommercialRentrollInfo', rollId, await getCommercialRentrollInfo(ctx, rollId));
      }
    }
  }
  if ('personIds' in deal) for (const id of deal.personIds) put('getPersonInfo', id, await getPersonInfo(ctx, id));
  if ('companyIds' in deal) for (const id of deal.companyIds) put('getCompanyInfo', id, await getCompanyInfo(ctx, id));
  put('getCrossDealCollateralReport', dealId, await getCrossDealCollateralReport(ctx, { dealIds: [dealId], page: 1, pageSize: 1000 }));
  return { dealId, error: null, reads };
}

export async function getDealGraphs(ctx: GatewayContext, body: unknown): Promise<DealGraphsResponseDto | Failure> {
  const parsed = parseBody(DealGraphsRequestDto, body);
  if (!parsed.ok) return parsed.failure;
  const graphs: DealGraphDto[] = [];
  for (const dealId of new Set(parsed.value.dealIds)) {
    // A deal's graph is read in one snapshot, so its reads agree with each other whatever else
    // writes meanwhile, and its reads share the store's answers within it (snapshot-reads.ts);
    // between deals the event loop turns, so 100 graphs do not hold the server.
    graphs.push(await ctx.store.snapshot((tx) => dealGraph(within(ctx, sharedSnapshotReads(tx)), dealId)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return ok({ graphs });
}
