import { processedItemIndexes, type StorePort } from '../store';
import { actorOf, type GatewayContext } from './context';
import { decideImportItem, itemError, resolveItemAddress } from './import-items';

// One in-process queue per store (keyed by its port): reports are processed one at a time, in the order they were
// accepted, each item in its own transaction. Nothing is kept in memory that the report row does
// not also hold, so a report left Pending by a crash or a shutdown is simply queued again on the
// next start (resumePendingImports) and carries on after its last logged item.

interface Job {
  ctx: GatewayContext;
  reportId: string;
}

interface Queue {
  jobs: Job[];
  /** Report ids queued or being processed: a report is never queued twice. */
  queued: Set<string>;
  running: boolean;
  holds: number;
  idle: (() => void)[];
}

const queues = new WeakMap<StorePort, Queue>();

function queueOf(store: StorePort): Queue {
  let queue = queues.get(store);
  if (!queue) {
    queue = { jobs: [], queued: new Set(), running: false, holds: 0, idle: [] };
    queues.set(store, queue);
  }
  return queue;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function schedule(queue: Queue): void {
  if (queue.running || queue.holds > 0 || queue.jobs.length === 0) return;
  queue.running = true;
  setImmediate(() => void drain(queue));
}

async function drain(queue: Queue): Promise<void> {
  try {
    while (queue.holds === 0 && queue.jobs.length > 0) {
      const job = queue.jobs.shift()!;
      try {
        if (!await job.ctx.store.isStoreOpen()) continue;
        await processImportReport(job.ctx, job.reportId);
      } catch {
        // The store went away (or failed) mid-report: the report stays Pending and resumes on the
        // next start, after its last logged item.
      } finally {
        queue.queued.delete(job.reportId);
      }
    }
  } finally {
    queue.running = false;
    if (queue.jobs.length === 0 || queue.holds > 0) for (const resolve of queue.idle.splice(0)) resolve();
    schedule(queue);
  }
}

/** Queues a Pending report for processing after the current turn of the event loop. */
export function enqueueImport(ctx: GatewayContext, reportId: string): void {
  const queue = queueOf(ctx.store);
  if (queue.queued.has(reportId)) return;
  queue.queued.add(reportId);
  queue.jobs.push({ ctx, reportId });
  schedule(queue);
}

/** Queues every report still Pending in the store, oldest first. Call once the service is up. */
export async function resumePendingImports(ctx: GatewayContext): Promise<string[]> {
  const ids = await ctx.store.pendingImportReportIds();
  for (const id of ids) enqueueImport(ctx, id);
  return ids;
}

/**
 * Holds the queue of a store: no further report starts until every hold is released (a report
 * already under way finishes). For maintenance and for tests that need to see a report Pending.
 */
export function holdImportProcessing(store: StorePort): () => void {
  const queue = queueOf(store);
  queue.holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    queue.holds -= 1;
    schedule(queue);
  };
}

/** Resolves once the store's queue has nothing left to do (or is held with nothing running). */
export function importsIdle(store: StorePort): Promise<void> {
  const queue = queueOf(store);
  if (!queue.running && (queue.jobs.length === 0 || queue.holds > 0)) return Promise.resolve();
  return new Promise((resolve) => queue.idle.push(resolve));
}

/**
 * Runs the asynchronous checks of a report item by item and writes each outcome with the item's
 * rows in one transaction; marks the report Completed when every item has its outcome. Items
 * already logged (before a restart) are skipped. Stops quietly, leaving the report Pending, when
 * the store is closed underneath it.
 */
export async function processImportReport(ctx: GatewayContext, reportId: string): Promise<void> {
  const report = await ctx.store.importReport(reportId);
  if (!report || report.status !== 'Pending') return;
  const done = processedItemIndexes(report);
  // Who sent the import (the API client, the local user); the source is always import.
  const actor = { who: (await actorOf(ctx)).who, source: 'import' as const };
  for (const [itemIndex, item] of report.request.collaterals.entries()) {
    if (done.has(itemIndex)) continue;
    const place = await resolveItemAddress(ctx, item);
    if (!await ctx.store.isStoreOpen()) return;
    const now = ctx.now().toISOString();
    try {
      await ctx.store.applyImportItem(reportId, itemIndex, now, (tx) => decideImportItem(tx, ctx.config, item, itemIndex, place, now), actor);
    } catch (err) {
      if (!await ctx.store.isStoreOpen()) return;
      // The item's transaction rolled back, so nothing of it is kept; say so in the report.
      const message = `The item could not be stored: ${err instanceof Error ? err.message : String(err)}`;
      await ctx.store.applyImportItem(reportId, itemIndex, now, async () => ({
        kind: 'failed',
        errors: [itemError(itemIndex, item, 'collateralCreateData', 'ValidationError', message)],
      }));
    }
    // Let requests in between items: a large import must not stall the server.
    await nextTurn();
    if (!await ctx.store.isStoreOpen()) return;
  }
  await ctx.store.completeImportReport(reportId, ctx.now().toISOString());
}
