import { shadowIds } from '../store/sync-shadow';
import { applyGone, applyGraph, applyPulledGraphs, type PulledGraph } from './apply';
import { forEachDeal, newReader, readGraph, throwIfAborted, type SyncContext } from './context';
import { RemoteError } from './errors';
import { startPrefetchPropertyTypes, type DealGraph } from './graph';

// Pull (DESIGN.md "Sync"): every deal the platform lists, its whole graph read with bounded
// concurrency; a deal whose reads are unchanged writes nothing. A deal gone from the list is
// removed only after a read confirms it (MissingEntity); with local edits waiting it becomes a
// conflict instead.
//
// Throughput: the requests in flight (ctx.requests) are what the platform's latency is paid
// for, so they are kept busy. A deal's graph is read in dependent steps (the deal, then its
// summaries, then cash flows and components, then rent rolls) that leave few requests ready at
// a time; many deals are therefore read at once (READ_WINDOW per request slot), all sharing the
// request limit. The graphs read are written in batches, several deals per transaction (one
// commit, one fsync), each deal in its own savepoint: a deal's graph and its shadow rows still
// commit together, and a sync killed midway resumes from the last commit. A batch is committed
// when it has BATCH_DEALS deals or its first deal has waited BATCH_WAIT_MS, whichever comes
// first: at most ten commits a second, and no write holds the event loop (and so the requests
// waiting for it) for long.

/** Deals read at once per request in flight. */
const READ_WINDOW = 4;
/** Deals per write transaction, and the longest a read graph waits for its batch. */
const BATCH_DEALS = 16;
const BATCH_WAIT_MS = 100;

/** Writes pulled graphs in batches; failures are kept (the first is thrown by the pull). */
class BatchWriter {
  private pending: (PulledGraph & { dealId: string })[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  failure: { error: unknown } | undefined;

  constructor(
    private readonly ctx: SyncContext,
    private readonly onDone: () => void,
  ) {}

  add(dealId: string, graph: DealGraph): void {
    this.pending.push({ dealId, graph, position: this.ctx.positionOf(dealId) });
    if (this.pending.length >= BATCH_DEALS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), BATCH_WAIT_MS);
  }

  /** Commits what is pending (never throws: a failure is kept in `failure`). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.pending;
    this.pending = [];
    if (items.length === 0) return;
    let results;
    try {
      results = applyPulledGraphs(this.ctx.db, items, this.ctx.now().toISOString());
    } catch (error) {
      this.failure ??= { error };
      return;
    }
    const { counters } = this.ctx;
    for (const result of results) {
      if (!result.ok) {
        this.failure ??= { error: result.error };
        continue;
      }
      if (result.outcome.written) counters.pulled += 1;
      else counters.unchanged += 1;
      counters.inexact += result.outcome.inexact;
      this.onDone();
    }
  }
}

/**
 * Runs `work` for every item, `window` at a time; on the first failure (or when `stopped` says
 * so) the items not started yet are skipped, the started ones finish, and the first failure is
 * thrown.
 */
async function forEachWindowed<T>(ctx: SyncContext, items: readonly T[], window: number, stopped: () => boolean, work: (item: T) => Promise<void>): Promise<void> {
  let failure: { error: unknown } | undefined;
  let next = 0;
  const worker = async () => {
    while (next < items.length && !failure && !stopped() && !ctx.signal?.aborted) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(window, items.length) }, worker));
  if (failure) throw failure.error;
}

export async function pull(ctx: SyncContext): Promise<void> {
  const reader = newReader(ctx);
  const total = ctx.remoteIds.length;
  let done = 0;
  ctx.emit({ type: 'phase', phase: 'pull', detail: `${total} deals on the platform` });
  ctx.emit({ type: 'progress', phase: 'pull', done, total });
  const progress = () => {
    done += 1;
    ctx.emit({ type: 'progress', phase: 'pull', done, total });
  };
  // Deals start at once; each waits for the prefetch only where it needs a property type.
  const prefetch = startPrefetchPropertyTypes(reader, ctx.remoteIds);

  const writer = new BatchWriter(ctx, progress);
  const window = Math.max(ctx.deals.concurrency, ctx.requests.concurrency * READ_WINDOW);
  try {
    await forEachWindowed(
      ctx,
      ctx.remoteIds,
      window,
      () => writer.failure !== undefined,
      async (dealId) => {
        const graph = await readGraph(ctx, reader, dealId);
        if (graph === 'missing') {
          if (applyGone(ctx.db, dealId).removed) ctx.counters.removed += 1;
          progress();
        } else {
          writer.add(dealId, graph);
        }
      },
    );
  } finally {
    // What was read is committed, even when the pull stops here (as if each deal had been).
    writer.flush();
  }
  if (writer.failure) throw writer.failure.error;
  await prefetch;
  throwIfAborted(ctx.signal);

  // Deals the shadow knows that the platform no longer lists: confirm before removing anything.
  const listed = new Set(ctx.remoteIds);
  const missing = shadowIds(ctx.db, 'getDealInfo').filter((id) => !listed.has(id));
  await forEachDeal(ctx, missing, async (dealId) => {
    const read = await ctx.requests(() => ctx.client.read('getDealInfo', { id: dealId }));
    if (!read.ok && read.error.code === 'MissingEntity') {
      if (applyGone(ctx.db, dealId).removed) ctx.counters.removed += 1;
      return;
    }
    if (!read.ok) throw new RemoteError('protocol', `the platform refused to read deal ${dealId}: ${read.error.code} ${read.error.message}`);
    // Listed late (or the list was stale): pull it like the others.
    const graph = await readGraph(ctx, reader, dealId);
    if (graph === 'missing') {
      if (applyGone(ctx.db, dealId).removed) ctx.counters.removed += 1;
      return;
    }
    if (applyGraph(ctx.db, graph, ctx.positionOf(dealId), ctx.now().toISOString()).written) ctx.counters.pulled += 1;
  });
}
