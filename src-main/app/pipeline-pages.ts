import { setImmediate as nextTick } from 'node:timers/promises';
import type { z } from 'zod';
import type { ChannelOutput, PipelineFacets, PipelineIds, PipelinePage, PipelineQuery, PipelineRow } from '../contract/app-channels';
import type { AssetType, DealState, LoanType, Priority } from '../contract';
import { dealCollateralTotals, noteRate, type CollateralRollupFigures } from '../domain';
import type { GatewayContext } from '../gateway/context';
import { underwritingSettings } from '../gateway/context';
import { computeDealMetrics, dealsRollups, FIGURES_VERSION, storedRollups } from '../gateway/figures';
import { collateralsWithoutFigures } from '../store/collateral-figures';
import {
  addressesOfDeals,
  dealsWithoutFigures,
  FIGURE_SORT_KEYS,
  pipelineCount,
  pipelineFacets,
  addPipelineSearchSlice,
  materializePipelineOrder,
  pipelineOrderIds,
  pipelineOrderRows,
  pipelineSearchHead,
  pipelineStoreVersion,
  refreshPipelineSearch,
  replacePipelineFigures,
  type PipelineSelection,
  type SearchPosition,
} from '../store/pipeline-page';
import { collateralIdsByDeal, pipelineDeals, type PipelineDealRow } from '../store/pipeline-query';
import { storeIsOpen } from '../store/transactions';
import type { PipelineService } from './pipeline';

/*
 * The pipeline a page at a time (issue 17): the channels pipeline.page, pipeline.ids and
 * pipeline.facets. Filters, search, sort, count and paging run in SQLite
 * (store/pipeline-page.ts); the renderer asks for the rows it shows.
 *
 * What this process holds between calls: in TEMP tables of the SQLite connection, outside the JS
 * heap, the search texts (about 150 bytes per deal), the figure sort keys (4 values per deal) and
 * the current query's order (a position and an id per deal of the query); in JavaScript only a
 * few version keys. A query is sorted once (pipeline_order); its pages are ranges of positions. A page's rows (at most PIPELINE_PAGE_LIMIT) are built per call, their
 * figures from the stored roll-ups (computed for that page's deals when missing); sorting by a
 * figure fills the sort keys from every deal's stored roll-ups (the deals' rows are read for
 * that, then dropped). Nothing keeps every deal's row.
 */

type Query = z.output<typeof PipelineQuery>;

/** Deals per slice of the search warm-up. */
const WARM_SLICE = 1_000;
/** The search warm-up starts this long after a page was answered, or after start without one. */
const SEARCH_WARM_AFTER_PAGE_MS = 300;
const SEARCH_WARM_IDLE_MS = 5_000;

/** While figures are still coming in, sort keys are refilled at most this often. */
const FIGURE_KEYS_REFRESH_MS = 2_000;

export class PipelinePages {
  private search: SearchPosition | null = null;
  /** Bumped by a search that cannot wait: a warm-up of another generation stops. */
  private searchGeneration = 0;
  /** A search warm-up under way: the change-feed head it started at, and the last deal id done. */
  private warming: { head: SearchPosition; after: string } | null = null;
  private searchWarmTimer: ReturnType<typeof setTimeout> | undefined;
  /** What pipeline_order holds: the query and the store version it was made for, and its count. */
  private order: { key: string; total: number } | null = null;
  private figures: { key: string; at: number } | null = null;
  private pending: { key: string; count: number } | null = null;
  private facetsCache: { key: string; facets: PipelineFacets } | null = null;
  private closed = false;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly background: Pick<PipelineService, 'computeInBackground'>,
  ) {}

  page(input: Query & { offset: number; limit: number }): PipelinePage {
    const selection = this.prepare(input);
    const db = this.ctx.db;
    const total = this.ordered(selection);
    const all = selection.terms.length === 0 && !hasFilters(selection) ? total : pipelineCount(db, { filter: NO_FILTER, terms: [], sort: null });
    const deals = pipelineOrderRows(db, input.offset, input.limit);
    return { offset: input.offset, total, all, rows: this.rowsOf(deals), pending: this.pendingCount() };
  }

  ids(input: Query & { offset: number; limit?: number }): PipelineIds {
    this.ordered(this.prepare(input));
    const rows = pipelineOrderIds(this.ctx.db, input.offset, input.limit ?? -1);
    const states: DealState[] = [];
    const index = new Map<string, number>();
    const stateOf = rows.map(([, state]) => {
      let i = index.get(state);
      if (i === undefined) {
        i = states.push(state as DealState) - 1;
        index.set(state, i);
      }
      return i;
    });
    return { ids: rows.map(([id]) => id), states, stateOf };
  }

  facets(): ChannelOutput<'pipeline.facets'> {
    const key = pipelineStoreVersion(this.ctx.db);
    if (this.facetsCache?.key !== key) this.facetsCache = { key, facets: pipelineFacets(this.ctx.db) as PipelineFacets };
    return this.facetsCache.facets;
  }

  /**
   * Once the event loop is free after start: the search texts, and the background computation
   * of collaterals without stored figures (a fresh or upgraded data directory, a large sync).
   */
  warmUp(): void {
    setImmediate(() => {
      if (this.closed || !storeIsOpen(this.ctx.db)) return;
      try {
        const missing = collateralsWithoutFigures(this.ctx.db, FIGURES_VERSION, -1);
        if (missing.length > 0) this.background.computeInBackground(missing);
        else this.pendingCount();
        // What the screen asks first: the default order's first page (pipeline_order made) and the facets.
        this.page({ sort: null, filter: NO_FILTER, search: '', offset: 0, limit: 100 });
        this.facets();
      } catch (error) {
        console.error('[uw] pipeline warm-up failed:', (error as Error).message);
      }
      // The search texts once the screen has its first rows (or after a while without a screen).
      this.searchWarmTimer = setTimeout(() => void this.warmSearch(), SEARCH_WARM_IDLE_MS);
    });
  }

  /** The screen has its first rows: the search texts can be built now, while the user reads. */
  screenShowsRows(): void {
    if (this.search || this.warming || this.closed) return;
    clearTimeout(this.searchWarmTimer);
    this.searchWarmTimer = setTimeout(() => void this.warmSearch(), SEARCH_WARM_AFTER_PAGE_MS);
  }

  /**
   * Builds the search texts a slice at a time, the event loop free in between, so calls are not
   * held up; a search that comes meanwhile does the remaining slices at once (prepare).
   */
  private async warmSearch(): Promise<void> {
    if (this.search || this.warming || this.closed) return;
    clearTimeout(this.searchWarmTimer);
    const generation = ++this.searchGeneration;
    try {
      this.warming = { head: pipelineSearchHead(this.ctx.db), after: '' };
      while (this.warming && generation === this.searchGeneration && !this.closed && storeIsOpen(this.ctx.db)) {
        if (!this.warmSlice(WARM_SLICE)) return;
        await nextTick();
      }
    } catch (error) {
      this.warming = null;
      if (storeIsOpen(this.ctx.db)) console.error('[uw] pipeline search warm-up failed:', (error as Error).message);
    }
  }

  /** One slice of the warm-up; false once it is complete (the texts stand at its head). */
  private warmSlice(limit: number): boolean {
    const warming = this.warming!;
    const last = addPipelineSearchSlice(this.ctx.db, warming.after, limit);
    if (last !== null) {
      warming.after = last;
      return true;
    }
    // Deals changed while it ran are redone by the next refresh (they come after `head`).
    this.search = warming.head;
    this.warming = null;
    return false;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.searchWarmTimer);
  }

  /** The store's selection of a query, with the TEMP tables it needs brought up to date. */
  private prepare(query: Query): PipelineSelection {
    const selection: PipelineSelection = { filter: query.filter, terms: searchTerms(query.search), sort: query.sort };
    if (selection.terms.length > 0) {
      // A warm-up still running is finished now, from where it is.
      if (this.warming) {
        this.searchGeneration++;
        while (this.warmSlice(50_000));
      }
      this.search = refreshPipelineSearch(this.ctx.db, this.search);
    }
    if (selection.sort && FIGURE_SORT_KEYS.has(selection.sort.key)) this.refreshFigureKeys();
    return selection;
  }

  /** pipeline_order made for this selection (unless it already is); how many deals it holds. */
  private ordered(selection: PipelineSelection): number {
    const figures = selection.sort && FIGURE_SORT_KEYS.has(selection.sort.key) ? `${this.figures?.key}@${this.figures?.at}` : '';
    const key = `${JSON.stringify(selection)}|${pipelineStoreVersion(this.ctx.db)}|${figures}`;
    if (this.order?.key !== key) this.order = { key, total: materializePipelineOrder(this.ctx.db, selection) };
    return this.order.total;
  }

  /** Every deal's DSCR, debt yield and LTV into pipeline_figures, from the stored roll-ups. */
  private refreshFigureKeys(): void {
    const db = this.ctx.db;
    const settings = underwritingSettings(this.ctx);
    const key = `${pipelineStoreVersion(db)}|${settings.dayCount}/${settings.dscrNumerator}`;
    if (this.figures?.key === key) return;
    // While the background fills figures the store changes with every slice: refill now and then.
    if (this.figures && this.pendingCount() > 0 && Date.now() - this.figures.at < FIGURE_KEYS_REFRESH_MS) return;
    const rollups = storedRollups(db);
    const collateralsOf = collateralIdsByDeal(db);
    const missing: string[] = [];
    const keys: [string, number | null, number | null, number | null][] = [];
    for (const deal of pipelineDeals(db)) {
      const figures = (collateralsOf.get(deal.id) ?? []).map((id) => rollups.get(id));
      if (figures.includes(undefined)) {
        for (const id of collateralsOf.get(deal.id)!) if (!rollups.has(id)) missing.push(id);
        keys.push([deal.id, null, null, null]);
        continue;
      }
      const metrics = computeDealMetrics(deal, dealCollateralTotals(figures as CollateralRollupFigures[]), settings);
      keys.push([deal.id, metrics.dscr, metrics.debtYield, metrics.ltv]);
    }
    replacePipelineFigures(db, keys);
    if (missing.length > 0) this.background.computeInBackground(missing);
    this.figures = { key: `${pipelineStoreVersion(db)}|${settings.dayCount}/${settings.dscrNumerator}`, at: Date.now() };
  }

  private pendingCount(): number {
    const key = pipelineStoreVersion(this.ctx.db);
    if (this.pending?.key !== key) this.pending = { key, count: dealsWithoutFigures(this.ctx.db, FIGURES_VERSION) };
    return this.pending.count;
  }

  /** A page's rows, with their figures (computed and stored first for collaterals that have none). */
  private rowsOf(deals: readonly PipelineDealRow[]): PipelineRow[] {
    if (deals.length === 0) return [];
    const ids = deals.map((d) => d.id);
    const settings = underwritingSettings(this.ctx);
    const addresses = addressesOfDeals(this.ctx.db, ids);
    const { totals } = dealsRollups(this.ctx.db, ids);
    return deals.map((deal) => toPipelineRow(deal, addresses.get(deal.id) ?? [], computeDealMetrics(deal, totals.get(deal.id)!, settings)));
  }
}

const NO_FILTER: Query['filter'] = { states: [], statuses: [], propertyTypes: [], loanTypes: [], owners: [], riskRatings: [], priorities: [] };

function hasFilters(selection: PipelineSelection): boolean {
  return Object.values(selection.filter).some((values) => values.length > 0);
}

/** The words of a search, lower case (the store's texts are lower case). */
export function searchTerms(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The channel handlers of the paged pipeline. */
export function pipelinePageChannels(pages: PipelinePages) {
  return {
    'pipeline.page': async (input: Query & { offset: number; limit: number }) => {
      const page = pages.page(input);
      pages.screenShowsRows();
      return page;
    },
    'pipeline.ids': async (input: Query & { offset: number; limit?: number }) => pages.ids(input),
    'pipeline.facets': async () => pages.facets(),
  };
}

function toPipelineRow(row: PipelineDealRow, addresses: string[], figures: Pick<PipelineRow, 'debtService' | 'dscr' | 'debtYield' | 'ltv'>): PipelineRow {
  return {
    id: row.id,
    seedName: row.seedName,
    loanId: row.loanId,
    state: row.state as DealState,
    status: row.status,
    priority: row.priority as Priority | null,
    owner: row.ownerId,
    loanType: row.loanType as LoanType,
    propertyType: row.propertyType as AssetType,
    grossLoan: row.grossLoan,
    riskRating: row.riskRating,
    addresses,
    interestRate: noteRate({
      isFixed: row.rateIndex === 'Fixed',
      indexRate: row.indexRate,
      rateSpread: row.rateSpread,
      interestRateFloor: row.interestRateFloor,
    }),
    debtService: figures.debtService,
    dscr: figures.dscr,
    debtYield: figures.debtYield,
    ltv: figures.ltv,
  };
}
