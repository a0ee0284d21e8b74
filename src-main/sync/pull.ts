import { shadowIds, spaceCheckpoints } from '../store';
import { applyGone, applyGraph, applyPulledGraphs, type PulledGraph } from './apply';
import { forEachDeal, newReader, readGraph, throwIfAborted, type SyncContext } from './context';
import { RemoteError } from './errors';
import { startPrefetchPropertyTypes, type DealGraph, type GraphReader } from './graph';

// Pull (docs/sync.md): every deal the platform lists, its whole graph read with bounded
// concurrency; a deal whose reads are unchanged writes nothing. A deal gone from the list is
// removed only after a read confirms it (MissingEntity); with local edits waiting it becomes a
// conflict instead.
//
// Throughput: the requests in flight (ctx.requests) are what the platform's latency is paid
// for, so they are kept busy. A deal's graph is read in dependent steps (the deal, then its
// summaries, then cash flows and components, then rent rolls) that leave few requests ready at
// a time; many deals are therefore read at once (READ_WINDOW per request slot), all sharing the
// request limit. Writing a graph holds the event loop (SQLite is synchronous), and an answer
// that arrives meanwhile keeps its request slot idle until the write ends: the graphs read are
// therefore written in short slices of a few deals, each slice its own transaction (a deal's
// graph and its shadow rows commit together, and a sync killed midway resumes from the last
// commit), each deal in its own savepoint, with the event loop free between slices. Small
// commits would soon each cross SQLite's WAL checkpoint threshold, so checkpoints are spaced
// out while the pull writes (spaceCheckpoints), and one runs when it is done.

/** Deals read at once per request in flight. */
const READ_WINDOW = 4;
/**
 * A slice is written once SLICE_MIN deals wait (or the first has waited SLICE_WAIT_MS), with at
 * most SLICE_MAX deals: a commit costs about half a deal's writes (WAL pages, fsync), so two
 * deals share one, and a slice stays well under the platform's round trip.
 */
const SLICE_MIN = 2;
const SLICE_MAX = 4;
const SLICE_WAIT_MS = 50;
/** WAL pages between checkpoints while the graphs are written (32 MB of 4 KB pages; SQLite's default is 1,000). */
export const CHECKPOINT_PAGES = 8192;

/** Writes pulled graphs in slices between event-loop turns; failures are kept (the first is thrown by the pull). */
class SliceWriter {
  private pending: (PulledGraph & { dealId: string })[] = [];
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  failure: { error: unknown } | undefined;

  constructor(
    private readonly ctx: SyncContext,
    private readonly onDone: () => void,
  ) {}

  add(dealId: string, graph: DealGraph): void {
    this.pending.push({ dealId, graph, position: this.ctx.positionOf(dealId) });
    this.schedule();
  }

  /** A slice runs after the I/O already waiting: answers are handled (and their slots reused) first. */
  private schedule(): void {
    const run = () => {
      this.clear();
      this.write(SLICE_MAX);
      this.schedule();
    };
    if (this.pending.length >= SLICE_MIN) this.immediate ??= setImmediate(run);
    else if (this.pending.length > 0) this.timer ??= setTimeout(run, SLICE_WAIT_MS);
  }

  private clear(): void {
    if (this.immediate) clearImmediate(this.immediate);
    if (this.timer) clearTimeout(this.timer);
    this.immediate = this.timer = undefined;
  }

  /** Commits everything still waiting (never throws: a failure is kept in `failure`). */
  flush(): void {
    this.clear();
    while (this.pending.length > 0) this.write(this.pending.length);
  }

  /** Commits up to `count` waiting deals in one transaction. */
  private write(count: number): void {
    const items = this.pending.splice(0, count);
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

  const writer = new SliceWriter(ctx, progress);
  const window = Math.max(ctx.deals.concurrency, ctx.requests.concurrency * READ_WINDOW);
  const checkpoint = spaceCheckpoints(ctx.db, CHECKPOINT_PAGES);
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
    checkpoint();
  }
  if (writer.failure) throw writer.failure.error;
  await prefetch;
  throwIfAborted(ctx.signal);
  await confirmUnlisted(ctx, reader);
}

/** Deals the shadow knows that the platform no longer lists: confirmed by a read before anything is removed. */
export async function confirmUnlisted(ctx: SyncContext, reader: GraphReader): Promise<void> {
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
