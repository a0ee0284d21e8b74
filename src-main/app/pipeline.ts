import { setImmediate as nextTick } from 'node:timers/promises';
import type { AssetType, DealState, LoanType, PipelineResult, PipelineRow, Priority } from '../contract';
import { dealCollateralTotals, noteRate, type CollateralRollupFigures } from '../domain';
import { type GatewayContext, underwritingSettings } from '../gateway';
import { collateralRollups, computeDealMetrics, storedRollups } from '../figures';
import { collateralAddressesByDeal, collateralIdsByDeal, type PipelineDealRow, pipelineDeals, workstationDb } from '../store';

/*
 * The deals pipeline: one row per deal with its stored fields and its figures (DSCR, debt yield,
 * LTV, debt service), in one call.
 *
 * A deal's figures come from its collaterals' roll-ups, which the store keeps (gateway
 * collateralRollups: stored once computed, deleted by triggers with any write to their inputs),
 * and from the deal's own fields through the same computeDealMetrics as getDealInfo, so the
 * pipeline and the deal page always agree. Every call recomputes the metrics of every deal from
 * those (cheap); only collaterals without stored figures need their graph read:
 *
 * - up to INLINE_LIMIT of them are computed before answering (an edited deal, a small portfolio);
 * - more (a fresh or upgraded data directory, a large sync) are computed in the background, a
 *   slice at a time with the event loop free in between, and stored, so it happens once per data
 *   directory, not once per launch; their deals carry null figures until then (`pending`, and
 *   'pipeline.progress' events). Visible deals can jump the queue (prioritize).
 *
 * An answer is reused while the store and the settings are unchanged (storeVersion).
 *
 * Workstation-only (docs/architecture.md): its queries are the SQLite store's own
 * (store/pipeline-query.ts, through workstationDb); the figures go through the storage port.
 */

export const INLINE_LIMIT = 250;
/** Most collaterals per background slice; a slice also ends once it has run SLICE_MS. */
export const BATCH = 50;
export const SLICE_MS = 40;

export interface PipelineOptions {
  onProgress?: (done: number, total: number) => void;
  /** Collaterals without figures computed before answering (default INLINE_LIMIT). */
  inlineLimit?: number;
  /** Collaterals per background step (default BATCH). */
  batch?: number;
}

export class PipelineService {
  private last: { key: string; result: PipelineResult; collateralsOf: Map<string, string[]> } | null = null;
  /** Collaterals waiting for their figures, in the order they will be computed. */
  private queue = new Set<string>();
  private running = false;
  private progress = { done: 0, total: 0 };
  private closed = false;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly options: PipelineOptions = {},
  ) {}

  /** Every deal's row, with figures where its collaterals have them; starts computing the rest. */
  async rows(): Promise<PipelineResult> {
    const store = this.ctx.store;
    const settings = await underwritingSettings(this.ctx);
    const key = `${await store.storeVersion()}|${settings.dayCount}/${settings.dscrNumerator}`;
    if (this.last?.key === key) return this.last.result;

    // The SQLite queries run one after another without an await in between: one state of the store.
    const db = workstationDb(store);
    const deals = pipelineDeals(db);
    const collateralsOf = collateralIdsByDeal(db);
    const addressesOf = collateralAddressesByDeal(db);
    let figures = await storedRollups(store);
    const missing = [...new Set([...collateralsOf.values()].flat())].filter((id) => !figures.has(id));
    if (missing.length > 0 && missing.length <= (this.options.inlineLimit ?? INLINE_LIMIT)) {
      figures = new Map([...figures, ...(await collateralRollups(store, missing))]);
    } else if (missing.length > 0) {
      for (const id of missing) this.queue.add(id);
      this.start();
    }

    let pending = 0;
    const rows = deals.map((deal) => {
      const collateralFigures = (collateralsOf.get(deal.id) ?? []).map((id) => figures.get(id));
      const addresses = addressesOf.get(deal.id) ?? [];
      if (collateralFigures.includes(undefined)) {
        pending++;
        return toPipelineRow(deal, addresses, null);
      }
      const totals = dealCollateralTotals(collateralFigures as CollateralRollupFigures[]);
      return toPipelineRow(deal, addresses, computeDealMetrics(deal, totals, settings));
    });
    const result = { rows, pending };
    // Inline computation stored figures: the key to reuse is the store's version after it.
    this.last = { key: `${await store.storeVersion()}|${settings.dayCount}/${settings.dscrNumerator}`, result, collateralsOf };
    return result;
  }

  /**
   * Computes the answer once the event loop is free, so the pipeline, the first screen, is ready
   * by the time the UI has loaded and asks for it.
   */
  warmUp(): void {
    setImmediate(() => {
      void (async () => {
        if (this.closed || !(await this.ctx.store.isStoreOpen())) return;
        try {
          await this.rows();
        } catch (error) {
          console.error('[uw] pipeline warm-up failed:', (error as Error).message?.split('\n')[0]);
        }
      })();
    });
  }

  /** Moves these deals' collaterals to the front of the background queue (the rows on screen). */
  prioritize(dealIds: readonly string[]): number {
    const collateralsOf = this.last?.collateralsOf ?? new Map<string, string[]>();
    const wantedDeals = dealIds.filter((id) => (collateralsOf.get(id) ?? []).some((c) => this.queue.has(c)));
    if (wantedDeals.length === 0) return 0;
    const wanted = wantedDeals.flatMap((id) => collateralsOf.get(id)!.filter((c) => this.queue.has(c)));
    this.queue = new Set([...wanted, ...this.queue]);
    return wantedDeals.length;
  }

  /** Queues these collaterals for the background computation of their figures (pipeline-pages.ts). */
  computeInBackground(collateralIds: readonly string[]): void {
    for (const id of collateralIds) this.queue.add(id);
    if (this.queue.size > 0) this.start();
  }

  close(): void {
    this.closed = true;
    this.queue.clear();
  }

  /** Resolves once the background queue is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await nextTick();
  }

  private start(): void {
    if (this.running || this.closed) return;
    this.running = true;
    this.progress = { done: 0, total: this.queue.size };
    void this.run().finally(() => {
      this.running = false;
    });
  }

  private async run(): Promise<void> {
    let lastReport = 0;
    // Answer the request that started the run first.
    await nextTick();
    while (this.queue.size > 0 && !this.closed) {
      // A slice: up to `batch` collaterals, a few at a time, ending early once it has run
      // SLICE_MS, so calls waiting on the event loop (IPC, HTTP) are never held up for long.
      const started = performance.now();
      const max = this.options.batch ?? BATCH;
      let done = 0;
      while (done < max && this.queue.size > 0 && performance.now() - started < SLICE_MS) {
        const step = [...this.queue].slice(0, Math.min(10, max - done));
        for (const id of step) this.queue.delete(id);
        try {
          await collateralRollups(this.ctx.store, step);
        } catch (error) {
          // The store was closed (shutdown): stop; the next request retries.
          if (!(await this.ctx.store.isStoreOpen())) return;
          console.error('[uw] pipeline figures failed:', (error as Error).message?.split('\n')[0]);
          return;
        }
        done += step.length;
      }
      this.progress.done += done;
      this.progress.total = Math.max(this.progress.total, this.progress.done + this.queue.size);
      const now = Date.now();
      if (now - lastReport > 250 || this.queue.size === 0) {
        lastReport = now;
        this.options.onProgress?.(this.progress.done, this.progress.total);
      }
      await nextTick();
    }
  }
}

/** A pipeline row of a deal: its stored fields, addresses and figures (null: not computed yet). */
export function toPipelineRow(row: PipelineDealRow, addresses: string[], figures: Pick<PipelineRow, 'debtService' | 'dscr' | 'debtYield' | 'ltv'> | null): PipelineRow {
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
    debtService: figures?.debtService ?? null,
    dscr: figures?.dscr ?? null,
    debtYield: figures?.debtYield ?? null,
    ltv: figures?.ltv ?? null,
  };
}
