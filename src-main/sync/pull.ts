import { shadowIds } from '../store/sync-shadow';
import { applyGone, applyGraph } from './apply';
import { forEachDeal, newReader, readGraph, type SyncContext } from './context';
import { RemoteError } from './errors';
import { prefetchPropertyTypes } from './graph';

// Pull (DESIGN.md "Sync"): every deal the platform lists, its whole graph read with bounded
// concurrency; a deal whose reads are unchanged writes nothing. A deal gone from the list is
// removed only after a read confirms it (MissingEntity); with local edits waiting it becomes a
// conflict instead.

export async function pull(ctx: SyncContext): Promise<void> {
  const reader = newReader(ctx);
  const total = ctx.remoteIds.length;
  let done = 0;
  ctx.emit({ type: 'phase', phase: 'pull', detail: `${total} deals on the platform` });
  ctx.emit({ type: 'progress', phase: 'pull', done, total });
  await prefetchPropertyTypes(reader, ctx.remoteIds);

  await forEachDeal(ctx, ctx.remoteIds, async (dealId) => {
    const graph = await readGraph(ctx, reader, dealId);
    if (graph === 'missing') {
      if (applyGone(ctx.db, dealId).removed) ctx.counters.removed += 1;
    } else {
      const outcome = applyGraph(ctx.db, graph, ctx.positionOf(dealId), ctx.now().toISOString());
      if (outcome.written) ctx.counters.pulled += 1;
      else ctx.counters.unchanged += 1;
      ctx.counters.inexact += outcome.inexact;
    }
    done += 1;
    ctx.emit({ type: 'progress', phase: 'pull', done, total });
  });

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
