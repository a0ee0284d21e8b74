import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  type AssetType,
  CrossDealCollateralReportFilterDto,
  type CrossDealCollateralReportResponseDto,
  type CrossDealCollateralReportRowDto,
  type CrossDealCollateralReportTotalsDto,
  type DealState,
  type LoanType,
  type ReportSortField,
  type SortDirection,
  type UnderwritingSettings,
} from '../contract';
import { dealCollateralTotals, maturityDate, type CollateralRollupFigures } from '../domain';
import {
  isStoredSortField,
  keepsDealRowsAdjacent,
  keepsDealsWhole,
  type ReportOrder,
  type ReportRowFields,
  type ReportSelection,
  type StorePort,
  type StreamedReportRow,
} from '../store';
import { underwritingSettings, within, type GatewayContext } from './context';
import { computeDealMetrics, dealsRollups, FIGURES_VERSION } from '../figures';
import { ok, type Failure } from './result';
import { parseBody } from './validation';

/*
 * The cross-deal collateral report: one row per (deal, collateral) link, with the deal's
 * identity and loan terms, the collateral's address, type, size, NOI and valuations, and the
 * deal's ltv, dscr and debt yield.
 *
 * Figures come from the same functions as getDealInfo and getDealCollateralSummary
 * (figures.ts: the collaterals' stored roll-ups, then computeDealMetrics), so a row equals those
 * reads exactly: the deal's figures always come from ALL its collaterals, even when a
 * collateral filter (propertyTypes, city, usState) leaves only some of them in the report.
 *
 * Rows are computed in batches of ROWS_PER_BATCH links. Ordering:
 *  - by a stored column (or the default order): SQL orders the link ids;
 *  - by a computed field (interestRate, maturityDate, sizes, NOI, valuations, ltv, dscr,
 *    debtYield): a first pass computes every row batch by batch and keeps only a compact
 *    (link id, sort key) pair per row; the pairs are sorted, and a second pass computes the
 *    rows again in that order. Memory stays proportional to the number of rows times a few
 *    bytes, never to the rows themselves.
 * Empty values (null) sort last in both directions; ties keep the default order.
 *
 * The endpoint needs the figures of every matching row anyway (totals, computed sorts): it
 * makes one pass, keeps the ordered link ids and the totals per store version and criteria,
 * and computes only the requested page's rows; turning pages is then cheap. The export
 * (openReport / reportRows) streams the rows in order for the file writers; on a connection
 * of its own (uw report) one statement reads every row with its collateral's stored figures,
 * and when the order keeps each deal's collaterals together, a deal is totalled from its own
 * rows (rowsOfWholeDeals) instead of reading its collaterals a second time.
 */

export const ROWS_PER_BATCH = 500;
/**
 * Rows per batch of a streamed export: fewer, so that less is alive whenever V8 collects its
 * young generation (each collection copies what is alive; measured on 100,000 rows, batches of
 * 100 instead of 500 took a third off the time spent collecting).
 */
const STREAMED_BATCH = 100;

type Row = CrossDealCollateralReportRowDto;
type Totals = CrossDealCollateralReportTotalsDto;

/** What an export reports on: the filter without paging (an export has every matching row). */
export type ReportQuery = Omit<CrossDealCollateralReportFilterDto, 'page' | 'pageSize' | 'sortDirection'> & {
  sortDirection?: SortDirection | undefined;
};

function selectionOf(query: ReportQuery): ReportSelection {
  return {
    dealIds: query.dealIds,
    states: query.states,
    propertyTypes: query.propertyTypes,
    loanTypes: query.loanTypes,
    riskRatings: query.riskRatings,
    owners: query.owners,
    city: query.city,
    usState: query.usState,
    minGrossLoan: query.minGrossLoan,
    maxGrossLoan: query.maxGrossLoan,
  };
}

function storedOrderOf(query: ReportQuery): ReportOrder | undefined {
  const direction = query.sortDirection ?? 'asc';
  return query.sortBy && isStoredSortField(query.sortBy) ? { field: query.sortBy, direction } : undefined;
}

function computedSortOf(query: ReportQuery): { field: ReportSortField; direction: SortDirection } | undefined {
  return query.sortBy && !isStoredSortField(query.sortBy) ? { field: query.sortBy, direction: query.sortDirection ?? 'asc' } : undefined;
}

/**
 * The rows of the given links, in the given order. Each deal's metrics come from all of its
 * collaterals, summed in getDealInfo's order, through collateralRollups / computeDealMetrics.
 */
async function rowsOfLinks(ctx: GatewayContext, linkIds: readonly number[], settings: UnderwritingSettings): Promise<{ linkId: number; row: Row }[]> {
  const inputs = await ctx.store.reportRowInputs(linkIds);
  return (await rowsOfInputs(ctx, inputs, settings)).map((row, i) => ({ linkId: inputs[i]!.linkId, row }));
}

type DealMetrics = ReturnType<typeof computeDealMetrics>;

/** A deal's figures as every one of its rows shows them: computed once a deal, not once a row. */
interface DealFigures {
  metrics: DealMetrics;
  maturityDate: string | null;
}

function dealFiguresOf(link: ReportRowFields, totals: CollateralRollupFigures, settings: UnderwritingSettings): DealFigures {
  return { metrics: computeDealMetrics(link, totals, settings), maturityDate: maturityDate(link.originationDate, link.loanTerm) };
}

/** The report row of a link, from its fields, its deal's figures and its collateral's figures. */
function rowOf(link: ReportRowFields, { metrics, maturityDate }: DealFigures, f: CollateralRollupFigures): Row {
  return {
    dealId: link.id,
    seedName: link.seedName,
    loanId: link.loanId,
    state: link.state as DealState,
    owner: link.ownerId,
    loanType: link.loanType as LoanType,
    grossLoan: link.grossLoan,
    interestRate: metrics.interestRate,
    loanTerm: link.loanTerm,
    maturityDate,
    riskRating: link.riskRating,
    collateralId: link.collateralId,
    collateralName: link.collateralName,
    fullAddress: link.fullAddress ?? '',
    city: link.city,
    usState: link.usState,
    zipCode: link.zipCode,
    propertyType: link.collateralPropertyType as AssetType,
    totalSF: f.totalSF,
    totalUnit: f.totalUnit,
    netOperatingIncome: f.netOperatingIncome,
    incomeValuation: f.incomeValuation,
    salesValuation: f.salesValuation,
    alternativeValuation: f.alternativeValuation,
    ltv: metrics.ltv,
    dscr: metrics.dscr,
    debtYield: metrics.debtYield,
  };
}

/** The rows of these links: each deal's metrics from all of its collaterals (dealsRollups). */
async function rowsOfInputs(ctx: GatewayContext, links: readonly ReportRowFields[], settings: UnderwritingSettings): Promise<Row[]> {
  if (links.length === 0) return [];
  const rollups = await dealsRollups(ctx.store, [...new Set(links.map((l) => l.id))]);
  const figuresOf = new Map<string, DealFigures>();

  return links.map((link) => {
    let deal = figuresOf.get(link.id);
    if (!deal) figuresOf.set(link.id, (deal = dealFiguresOf(link, rollups.totals.get(link.id)!, settings)));
    return rowOf(link, deal, rollups.collaterals.get(link.collateralId)!);
  });
}

/**
 * The rows of whole deals (keepsDealsWhole: every collateral of each deal, one after another
 * in collateralsOfDeal order): a deal is totalled from its own rows' stored figures, in the
 * order dealsRollups sums them, so the figures are the same without reading the collaterals
 * again. Only a deal with a collateral lacking current figures goes through dealsRollups.
 */
async function rowsOfWholeDeals(ctx: GatewayContext, links: readonly StreamedReportRow[], settings: UnderwritingSettings): Promise<Row[]> {
  const incomplete = [...new Set(links.filter((l) => !l.hasFigures).map((l) => l.id))];
  const computed = incomplete.length > 0 ? await dealsRollups(ctx.store, incomplete) : undefined;
  const rows: Row[] = [];
  for (let start = 0; start < links.length; ) {
    const dealId = links[start]!.id;
    let end = start + 1;
    while (end < links.length && links[end]!.id === dealId) end++;
    const deal = links.slice(start, end);
    const figures = deal.map((l): CollateralRollupFigures => (l.hasFigures ? l : computed!.collaterals.get(l.collateralId)!));
    const dealFigures = dealFiguresOf(deal[0]!, dealCollateralTotals(figures), settings);
    deal.forEach((link, i) => rows.push(rowOf(link, dealFigures, figures[i]!)));
    start = end;
  }
  return rows;
}

/**
 * Totals over report rows: rowCount and the collateral figures summed over the rows, dealCount
 * and grossLoan over the distinct deals (a deal with three collaterals counts its loan once).
 * The endpoint and the file writers both total with this, so the files agree with the API.
 */
export class ReportTotals {
  private readonly deals = new Set<string>();
  private lastDeal: string | undefined;

  /**
   * @param dealRowsAdjacent the rows come with each deal's rows one after another: a deal is
   *   new when it differs from the previous row's, so no set of every deal id is kept (on
   *   100,000 rows that set was a third of the export's garbage-collection time).
   */
  constructor(private readonly dealRowsAdjacent = false) {}

  private readonly t: Totals = {
    rowCount: 0,
    dealCount: 0,
    grossLoan: 0,
    totalSF: 0,
    totalUnit: 0,
    netOperatingIncome: 0,
    incomeValuation: 0,
    salesValuation: 0,
    alternativeValuation: 0,
  };

  add(row: Row): void {
    const t = this.t;
    t.rowCount++;
    if (this.dealRowsAdjacent ? row.dealId !== this.lastDeal : !this.deals.has(row.dealId)) {
      if (this.dealRowsAdjacent) this.lastDeal = row.dealId;
      else this.deals.add(row.dealId);
      t.dealCount++;
      t.grossLoan += row.grossLoan;
    }
    t.totalSF += row.totalSF;
    t.totalUnit += row.totalUnit;
    t.netOperatingIncome += row.netOperatingIncome;
    t.incomeValuation += row.incomeValuation;
    t.salesValuation += row.salesValuation;
    t.alternativeValuation += row.alternativeValuation;
  }

  result(): Totals {
    return { ...this.t };
  }
}

type SortKey = number | string | null;

/** A row's value as a sort key; a non-finite number (never expected) sorts like an empty value. */
function sortKey(row: Row, field: ReportSortField): SortKey {
  const value = row[field];
  return typeof value === 'number' && !Number.isFinite(value) ? null : value;
}

/** Link ids sorted by their keys: nulls last in both directions, ties in the given (default) order. */
function sortLinksByKey(linkIds: readonly number[], keys: readonly SortKey[], direction: SortDirection): number[] {
  const sign = direction === 'desc' ? -1 : 1;
  const index = Array.from(linkIds, (_, i) => i);
  index.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka === null || kb === null) return ka === kb ? a - b : ka === null ? 1 : -1;
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    return a - b;
  });
  return index.map((i) => linkIds[i]!);
}

/** Computes every row of the links batch by batch, keeping only the sort key of each. */
async function sortKeys(
  ctx: GatewayContext,
  linkIds: readonly number[],
  field: ReportSortField,
  settings: UnderwritingSettings,
  onProgress?: (done: number, total: number) => void,
): Promise<{ linkIds: number[]; keys: SortKey[] }> {
  const ids: number[] = [];
  const keys: SortKey[] = [];
  for (let i = 0; i < linkIds.length; i += ROWS_PER_BATCH) {
    for (const { linkId, row } of await rowsOfLinks(ctx, linkIds.slice(i, i + ROWS_PER_BATCH), settings)) {
      ids.push(linkId);
      keys.push(sortKey(row, field));
    }
    onProgress?.(Math.min(i + ROWS_PER_BATCH, linkIds.length), linkIds.length);
    await yieldToEventLoop();
  }
  return { linkIds: ids, keys };
}

/** The ordered link ids of a report: by SQL for stored columns, by a first pass for computed ones. */
async function orderedLinks(ctx: GatewayContext, query: ReportQuery, settings: UnderwritingSettings, options: OpenReportOptions): Promise<number[]> {
  const linkIds = await ctx.store.selectReportLinks(selectionOf(query), storedOrderOf(query));
  const computed = computedSortOf(query);
  if (!computed) return linkIds;
  const { linkIds: ids, keys } = await sortKeys(ctx, linkIds, computed.field, settings, options.onSortProgress);
  return sortLinksByKey(ids, keys, computed.direction);
}

export interface OpenReportOptions {
  /** A sort by a computed field first computes every row: called after each batch of that pass. */
  onSortProgress?: ((done: number, total: number) => void) | undefined;
  /** The connection is this report's alone until its rows are consumed (uw report). */
  ownConnection?: boolean | undefined;
}

export interface OpenedReport {
  /** Rows the report will yield (links deleted while it streams are skipped). */
  totalRows: number;
  /**
   * The rows in report order, a batch (at most a few hundred rows, unless one deal has more
   * collaterals) at a time: a writer awaits once per batch, not once per row (measured: a per-row await cost ~0.1 s per 100,000 rows
   * and stage, as much as formatting several columns).
   */
  batches: AsyncGenerator<Row[], void, undefined>;
  /** Each deal's rows come one after another (for ReportTotals). */
  dealRowsAdjacent: boolean;
}

/**
 * Opens a report for streaming: selects and orders the rows (for a computed sort, runs the
 * sort pass), then yields the rows batch by batch, letting the event loop run between batches
 * so a writer can flush and the process stay responsive. Each batch reads the store as it is
 * then: a link deleted meanwhile is skipped. For one consistent snapshot, run it on a
 * connection of its own inside beginReadSnapshot (as `uw report` does).
 */
export async function openReport(ctx: GatewayContext, query: ReportQuery, options: OpenReportOptions = {}): Promise<OpenedReport> {
  const settings = await underwritingSettings(ctx);
  if (options.ownConnection && !computedSortOf(query)) {
    // Ordered by SQL, on a connection nothing else uses: one statement streams the rows' inputs
    // in order. (An open statement makes better-sqlite3 refuse writes on its connection, so a
    // shared connection takes the path below, which reads each batch by its link ids.)
    const selection = selectionOf(query);
    const order = storedOrderOf(query);
    const totalRows = await ctx.store.countReportLinks(selection);
    const whole = keepsDealsWhole(selection, order);
    const rowsOf = (batch: StreamedReportRow[]) => (whole ? rowsOfWholeDeals(ctx, batch, settings) : rowsOfInputs(ctx, batch, settings));
    const inputs = ctx.store.iterateReportRowBatches(selection, order, FIGURES_VERSION);
    async function* streamed(): AsyncGenerator<Row[], void, undefined> {
      let batch: StreamedReportRow[] = [];
      // The store hands rows over a batch at a time (one await a batch, not a row); they are
      // cut into the report's own batches here.
      for await (const stored of inputs) {
        for (const input of stored) {
          // Whole deals: a batch ends only where a deal does.
          if (batch.length >= STREAMED_BATCH && (!whole || input.id !== batch.at(-1)!.id)) {
            yield await rowsOf(batch);
            batch = [];
            await yieldToEventLoop();
          }
          batch.push(input);
        }
      }
      if (batch.length > 0) yield await rowsOf(batch);
    }
    return { totalRows, batches: streamed(), dealRowsAdjacent: keepsDealRowsAdjacent(order) };
  }
  const linkIds = await orderedLinks(ctx, query, settings, options);
  async function* batches(): AsyncGenerator<Row[], void, undefined> {
    for (let i = 0; i < linkIds.length; i += ROWS_PER_BATCH) {
      yield (await rowsOfLinks(ctx, linkIds.slice(i, i + ROWS_PER_BATCH), settings)).map((r) => r.row);
      await yieldToEventLoop();
    }
  }
  return { totalRows: linkIds.length, batches: batches(), dealRowsAdjacent: false };
}

/** Every row of the report in order, batch by batch (see openReport). */
export async function* reportRows(ctx: GatewayContext, query: ReportQuery): AsyncGenerator<Row, void, undefined> {
  for await (const batch of (await openReport(ctx, query)).batches) yield* batch;
}

/** An ordered selection with its totals, as computed for one store version and one filter. */
interface ComputedSelection {
  key: string;
  linkIds: number[];
  totals: Totals;
}

interface SelectionCache {
  /** The last few selections: turning pages recomputes only the page. */
  kept: ComputedSelection[];
  /** Selections being computed: a repeated request waits for the same pass. */
  pending: Map<string, Promise<ComputedSelection>>;
}
const caches = new WeakMap<StorePort, SelectionCache>();
const SELECTIONS_KEPT = 4;
/** Attempts that yield between batches before one that runs in a single turn. */
const YIELDING_ATTEMPTS = 2;

function cacheOf(store: StorePort): SelectionCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = { kept: [], pending: new Map() }));
  return cache;
}

/**
 * Every matching link in report order, with the totals: one pass over every matching row
 * (figures are needed for the totals and for a computed sort), batch by batch.
 */
async function computeSelection(ctx: GatewayContext, query: ReportQuery, key: string, pause: boolean): Promise<ComputedSelection> {
  const settings = await underwritingSettings(ctx);
  const linkIds = await ctx.store.selectReportLinks(selectionOf(query), storedOrderOf(query));
  const computedSort = computedSortOf(query);
  const totals = new ReportTotals();
  const ids: number[] = [];
  const keys: SortKey[] = [];
  for (let i = 0; i < linkIds.length; i += ROWS_PER_BATCH) {
    for (const { linkId, row } of await rowsOfLinks(ctx, linkIds.slice(i, i + ROWS_PER_BATCH), settings)) {
      totals.add(row);
      ids.push(linkId);
      if (computedSort) keys.push(sortKey(row, computedSort.field));
    }
    if (pause) await yieldToEventLoop();
  }
  return { key, linkIds: computedSort ? sortLinksByKey(ids, keys, computedSort.direction) : ids, totals: totals.result() };
}

/**
 * Runs `use` on the selection of a query as of the store's current version. The pass yields
 * to the event loop between batches, so a server keeps answering other requests meanwhile; if
 * the store changed during the pass (storeVersion), the pass is redone, from the third time on
 * in a single turn. The version check and `use` share one read snapshot (`use` gets the context
 * of that unit), so what `use` reads from the store (the page's rows) is the state the
 * selection was computed from. Selections are kept per store version and criteria.
 */
async function withCurrentSelection<T>(ctx: GatewayContext, query: ReportQuery, use: (ctx: GatewayContext, selection: ComputedSelection) => Promise<T>): Promise<T> {
  const cache = cacheOf(ctx.store);
  const criteria = JSON.stringify([selectionOf(query), query.sortBy ?? null, query.sortDirection ?? 'asc']);
  /** `use` on `selection` if the store is still at `version` (a kept selection: whatever version it has), in one snapshot. */
  const useIfCurrent = (version: string | undefined, selection?: ComputedSelection) =>
    ctx.store.snapshot(async (tx): Promise<{ done: T } | { version: string }> => {
      const now = await tx.storeVersion();
      const found = selection && version === now ? selection : cache.kept.find((s) => s.key === `${now}|${criteria}`);
      if (!found) return { version: now };
      if (!cache.kept.includes(found)) cache.kept = [found, ...cache.kept].slice(0, SELECTIONS_KEPT);
      return { done: await use(within(ctx, tx), found) };
    });
  let state = await useIfCurrent(undefined);
  for (let attempt = 1; ; attempt++) {
    if ('done' in state) return state.done;
    const version = state.version;
    const key = `${version}|${criteria}`;
    const pause = attempt <= YIELDING_ATTEMPTS;
    let pending = pause ? cache.pending.get(key) : undefined;
    if (!pending) {
      // Inside a unit of work (a deal graph's snapshot) the pass never yields: the unit holds the store.
      pending = computeSelection(ctx, query, key, pause && !ctx.store.inUnit());
      if (pause) {
        cache.pending.set(key, pending);
        const settle = () => cache.pending.delete(key);
        pending.then(settle, settle);
      }
    }
    state = await useIfCurrent(version, await pending);
  }
}

/**
 * POST getCrossDealCollateralReport: one page of rows, with totals and totalRows over every
 * row matching the filter; the page and the totals come from one state of the store.
 */
export async function getCrossDealCollateralReport(ctx: GatewayContext, body: unknown): Promise<CrossDealCollateralReportResponseDto | Failure> {
  const parsed = parseBody(CrossDealCollateralReportFilterDto, body);
  if (!parsed.ok) return parsed.failure;
  const filter = parsed.value;
  const start = (filter.page - 1) * filter.pageSize;
  const settings = await underwritingSettings(ctx);
  return withCurrentSelection(ctx, filter, async (unit, { linkIds, totals }) => {
    const rows = (await rowsOfLinks(unit, linkIds.slice(start, start + filter.pageSize), settings)).map((r) => r.row);
    return ok({ rows, totals, totalRows: totals.rowCount, page: filter.page, pageSize: filter.pageSize });
  });
}
