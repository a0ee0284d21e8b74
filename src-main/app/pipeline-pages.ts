import { setImmediate as nextTick } from 'node:timers/promises';
import type { z } from 'zod';
import type {
  ChannelOutput,
  DealState,
  PipelineFacets,
  PipelineIds,
  PipelinePage,
  PipelineQuery,
  PipelineRow,
  UnderwritingSettings,
} from '../contract';
import { dealCollateralTotals, measuredRatio } from '../domain';
import { computeDealMetrics, dealsRollups, FIGURES_VERSION } from '../figures';
import type { GatewayContext } from '../gateway';
import {
  addPipelineSearchSlice,
  addressesOfDeals,
  collateralsWithoutFigures,
  createSqliteStore,
  dealsChangedAfter,
  dealsCollateralFigures,
  dealsWithoutFigures,
  FIGURE_SORT_KEYS,
  getUnderwritingSettings,
  materializePipelineOrder,
  pendingFigureKeys,
  pipelineCount,
  type PipelineDealRow,
  pipelineDealsAfter,
  pipelineDealsOf,
  pipelineFacets,
  type PipelineFigureKeys,
  pipelineOrderIds,
  pipelineOrderRows,
  pipelineSearchHead,
  type PipelineSelection,
  pipelineStoreVersion,
  putPipelineFigures,
  refreshPipelineSearch,
  type SearchPosition,
  type SqliteHandle,
  type SqliteStore,
  storeIsOpen,
  workstationDb,
} from '../store';
import { toPipelineRow, type PipelineService } from './pipeline';

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
/** The figure keys' warm-up starts this long after the search texts are ready. */
const FIGURES_WARM_DELAY_MS = 5_000;

/** While figures are still coming in, sort keys are refilled at most this often. */
const FIGURE_KEYS_REFRESH_MS = 2_000;
/** Past this many deals to redo, pipeline_figures is built again in full. */
const FULL_FIGURES_AFTER = 5_000;

export class PipelinePages {
  private search: SearchPosition | null = null;
  /** Bumped by a search that cannot wait: a warm-up of another generation stops. */
  private searchGeneration = 0;
  /** A search warm-up under way: the change-feed head it started at, and the last deal id done. */
  private warming: { head: SearchPosition; after: string } | null = null;
  private searchWarmTimer: ReturnType<typeof setTimeout> | undefined;
  private figuresWarmTimer: ReturnType<typeof setTimeout> | undefined;
  /** What pipeline_order holds: the query and the store version it was made for, and its count. */
  private order: { key: string; total: number } | null = null;
  /** Where pipeline_figures stands: the change-feed head and settings it was made at, when waiting deals were last redone. */
  private figures: { head: SearchPosition; settingsKey: string; at: number } | null = null;
  private figuresWarming: { head: SearchPosition; settings: UnderwritingSettings; settingsKey: string; after: string } | null = null;
  /** Bumped by every write to pipeline_figures: an order by a figure is made again. */
  private figuresGeneration = 0;
  private pending: { key: string; count: number } | null = null;
  private facetsCache: { key: string; facets: PipelineFacets } | null = null;
  private closed = false;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly background: Pick<PipelineService, 'computeInBackground'>,
  ) {}

  async page(input: Query & { offset: number; limit: number }): Promise<PipelinePage> {
    const { total, all, deals } = await this.sqlite.exclusive((db) => {
      const selection = this.prepare(input);
      const total = this.ordered(selection);
      const all = selection.terms.length === 0 && !hasFilters(selection) ? total : pipelineCount(db, { filter: NO_FILTER, terms: [], sort: null });
      return { total, all, deals: pipelineOrderRows(db, input.offset, input.limit) };
    });
    // The page's rows first: their figures, computed when missing, are no longer pending.
    const rows = await this.rowsOf(deals);
    return { offset: input.offset, total, all, rows, pending: await this.sqlite.exclusive(() => this.pendingCount()) };
  }

  async ids(input: Query & { offset: number; limit?: number }): Promise<PipelineIds> {
    const rows = await this.sqlite.exclusive((db) => {
      this.ordered(this.prepare(input));
      return pipelineOrderIds(db, input.offset, input.limit ?? -1);
    });
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

  facets(): Promise<ChannelOutput<'pipeline.facets'>> {
    return this.sqlite.exclusive((db) => {
      const key = pipelineStoreVersion(db);
      if (this.facetsCache?.key !== key) this.facetsCache = { key, facets: pipelineFacets(db) as PipelineFacets };
      return this.facetsCache.facets;
    });
  }

  /**
   * The workstation's SQLite engine: the pipeline's TEMP tables live on its connection, and every
   * synchronous step runs through `exclusive`, never inside a unit of the port awaiting meanwhile.
   */
  private get sqlite(): SqliteStore {
    return createSqliteStore(workstationDb(this.ctx.store));
  }

  private get db(): SqliteHandle {
    return workstationDb(this.ctx.store);
  }

  /**
   * Once the event loop is free after start: the search texts, and the background computation
   * of collaterals without stored figures (a fresh or upgraded data directory, a large sync).
   */
  warmUp(): void {
    // Steps with the event loop free in between: the page's files and first calls are served
    // between them. What the screen asks first: the default order's first page (pipeline_order
    // made).
    const steps = [
      () =>
        this.sqlite.exclusive((db) => {
          const missing = collateralsWithoutFigures(db, FIGURES_VERSION, -1);
          if (missing.length > 0) this.background.computeInBackground(missing);
          else this.pendingCount();
        }),
      () => this.page({ sort: null, filter: NO_FILTER, search: '', offset: 0, limit: 100 }),
    ];
    const next = (i: number) =>
      setImmediate(() => {
        if (this.closed || !storeIsOpen(this.db)) return;
        if (i === steps.length) {
          // The search texts once the screen has its first rows (or after a while without a screen).
          this.searchWarmTimer = setTimeout(() => void this.warmSearch(), SEARCH_WARM_IDLE_MS);
          return;
        }
        steps[i]!().then(
          () => next(i + 1),
          (error: unknown) => {
            console.error('[uw] pipeline warm-up failed:', (error as Error).message?.split('\n')[0]);
            next(i + 1);
          },
        );
      });
    next(0);
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
      this.warming = { head: await this.sqlite.exclusive(pipelineSearchHead), after: '' };
      while (this.warming && generation === this.searchGeneration && !this.closed && storeIsOpen(this.db)) {
        if (!(await this.sqlite.exclusive(() => this.warmSlice(WARM_SLICE)))) return;
        await nextTick();
      }
    } catch (error) {
      this.warming = null;
      if (storeIsOpen(this.db)) console.error('[uw] pipeline search warm-up failed:', (error as Error).message?.split('\n')[0]);
    }
  }

  /** One slice of the warm-up; false once it is complete (the texts stand at its head). */
  private warmSlice(limit: number): boolean {
    const warming = this.warming!;
    const last = addPipelineSearchSlice(this.db, warming.after, limit);
    if (last !== null) {
      warming.after = last;
      return true;
    }
    // Deals changed while it ran are redone by the next refresh (they come after `head`).
    this.search = warming.head;
    this.warming = null;
    // Then the figure sort keys, the same way, a while later: not under the user's first searches.
    if (!this.closed) this.figuresWarmTimer = setTimeout(() => void this.warmFigures(), FIGURES_WARM_DELAY_MS);
    return false;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.searchWarmTimer);
    clearTimeout(this.figuresWarmTimer);
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
      this.search = refreshPipelineSearch(this.db, this.search);
    }
    if (selection.sort && FIGURE_SORT_KEYS.has(selection.sort.key)) this.refreshFigureKeys();
    return selection;
  }

  /** pipeline_order made for this selection (unless it already is); how many deals it holds. */
  private ordered(selection: PipelineSelection): number {
    const figures = selection.sort && FIGURE_SORT_KEYS.has(selection.sort.key) ? String(this.figuresGeneration) : '';
    const key = `${JSON.stringify(selection)}|${pipelineStoreVersion(this.db)}|${figures}`;
    if (this.order?.key !== key) this.order = { key, total: materializePipelineOrder(this.db, selection) };
    return this.order.total;
  }

  /**
   * Brings pipeline_figures (each deal's DSCR, debt yield and LTV from the stored roll-ups) up to
   * date: in full the first time or when the settings changed (finishing a warm-up under way),
   * else only for the deals the change feed names since, and (now and then) those that were
   * waiting for roll-ups.
   */
  private refreshFigureKeys(): void {
    const db = this.db;
    const settings = getUnderwritingSettings(db);
    const settingsKey = `${settings.dayCount}/${settings.dscrNumerator}`;
    if (this.figuresWarming && this.figuresWarming.settingsKey !== settingsKey) this.figuresWarming = null;
    if (this.figuresWarming) while (this.figureSlice(50_000));
    const head = pipelineSearchHead(db);
    const known = this.figures;
    if (!known || known.settingsKey !== settingsKey || known.head.storeId !== head.storeId || known.head.seq > head.seq) {
      this.figuresWarming = { head, settings, settingsKey, after: '' };
      while (this.figureSlice(50_000));
      return;
    }
    const changed = known.head.seq < head.seq ? dealsChangedAfter(db, known.head.seq) : [];
    const waiting = Date.now() - known.at >= FIGURE_KEYS_REFRESH_MS ? pendingFigureKeys(db) : [];
    if (changed.length + waiting.length > FULL_FIGURES_AFTER) {
      this.figuresWarming = { head, settings, settingsKey, after: '' };
      while (this.figureSlice(50_000));
      return;
    }
    if (changed.length > 0 || waiting.length > 0) {
      const ids = [...new Set([...changed, ...waiting])];
      putPipelineFigures(db, this.figureKeysOf(pipelineDealsOf(db, ids), settings), { remove: ids });
      this.figuresGeneration++;
    }
    this.figures = { head, settingsKey, at: waiting.length > 0 ? Date.now() : known.at };
  }

  /** One slice of a full build of pipeline_figures (figuresWarming); false once it is complete. */
  private figureSlice(limit: number): boolean {
    const warming = this.figuresWarming!;
    const deals = pipelineDealsAfter(this.db, warming.after, limit);
    if (deals.length > 0 || warming.after === '') {
      putPipelineFigures(this.db, this.figureKeysOf(deals, warming.settings), { clear: warming.after === '' });
      this.figuresGeneration++;
    }
    if (deals.length === 0) {
      this.figures = { head: warming.head, settingsKey: warming.settingsKey, at: Date.now() };
      this.figuresWarming = null;
      return false;
    }
    warming.after = deals.at(-1)!.id;
    return true;
  }

  /** The figure keys of these deals, from their collaterals' stored roll-ups (pending where one is missing). */
  private figureKeysOf(deals: readonly PipelineDealRow[], settings: UnderwritingSettings): PipelineFigureKeys[] {
    const entries = dealsCollateralFigures(
      this.db,
      deals.map((d) => d.id),
      FIGURES_VERSION,
    );
    const missing: string[] = [];
    const keys = deals.map((deal): PipelineFigureKeys => {
      const list = entries.get(deal.id) ?? [];
      if (list.some((e) => !e.figures)) {
        for (const e of list) if (!e.figures) missing.push(e.collateralId);
        return [deal.id, null, null, null, true];
      }
      const metrics = computeDealMetrics(deal, dealCollateralTotals(list.map((e) => e.figures!)), settings);
      // Not measured (0 in the reads: no NOI, no debt service, no value) sorts after the measured deals, in both directions.
      return [deal.id, measuredRatio(metrics.dscr), measuredRatio(metrics.debtYield), measuredRatio(metrics.ltv), false];
    });
    // Their roll-ups are computed in the background (PipelineService); the keys follow.
    if (missing.length > 0) this.background.computeInBackground(missing);
    return keys;
  }

  /** Builds pipeline_figures a slice at a time after the search texts, the event loop free in between. */
  private async warmFigures(): Promise<void> {
    if (this.figures || this.figuresWarming || this.closed) return;
    const warming = await this.sqlite.exclusive((db) => {
      const settings = getUnderwritingSettings(db);
      return { head: pipelineSearchHead(db), settings, settingsKey: `${settings.dayCount}/${settings.dscrNumerator}`, after: '' };
    });
    this.figuresWarming = warming;
    try {
      while (this.figuresWarming === warming && !this.closed && storeIsOpen(this.db)) {
        if (!(await this.sqlite.exclusive(() => this.figureSlice(WARM_SLICE)))) return;
        await nextTick();
      }
    } catch (error) {
      this.figuresWarming = null;
      if (storeIsOpen(this.db)) console.error('[uw] pipeline figures warm-up failed:', (error as Error).message?.split('\n')[0]);
    }
  }

  private pendingCount(): number {
    const key = pipelineStoreVersion(this.db);
    if (this.pending?.key !== key) this.pending = { key, count: dealsWithoutFigures(this.db, FIGURES_VERSION) };
    return this.pending.count;
  }

  /** A page's rows, with their figures (computed and stored first for collaterals that have none). */
  private async rowsOf(deals: readonly PipelineDealRow[]): Promise<PipelineRow[]> {
    if (deals.length === 0) return [];
    const ids = deals.map((d) => d.id);
    const { settings, addresses } = await this.sqlite.exclusive((db) => ({ settings: getUnderwritingSettings(db), addresses: addressesOfDeals(db, ids) }));
    const { totals } = await dealsRollups(this.ctx.store, ids);
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
