import { dealCreatedAt, inSyncTransaction, setDealCreatedAt } from '../store/sync-mirror';
import { shadowHashOf } from '../store/sync-shadow';
import { deleteSyncState, FEED_CURSOR_KEY, getSyncState, setSyncState } from '../store/sync-state';
import { applyGone, applyPulledGraphs, type PulledGraph } from './apply';
import { newReader, readGraph, throwIfAborted, type SyncContext } from './context';
import { RemoteError } from './errors';
import { GRAPH_TYPE, ReadCache, type DealGraph } from './graph';
import { syntheticCreatedAt } from './mirror-rows';
import { confirmUnlisted } from './pull';
import { prefilledClient, type CallResult, type PrefilledReads, type RemoteClient } from './remote-client';
import type { ResponseOf } from '../contract';

// Pull through the platform's change feed (docs/sync.md, "What a sync costs"): read a page of
// the feed from the stored cursor, then the graphs of the deals it names in one bulk read, then
// apply them exactly as the full walk does (apply.ts: hashes, per-field merge, conflicts,
// confirmed removals) and store the page's cursor in the same transaction. The cursor is taken
// before the graphs are read: a change made on the platform after the feed page is listed again
// by the next page or the next sync, never skipped. A sync killed anywhere resumes from the
// last stored cursor (deals applied since hash as unchanged and write nothing).

/** Deals per feed page, and so per getDealGraphs call (the platform's bulk read takes at most 100). */
export const FEED_PAGE = 100;

export type FeedProbe = 'yes' | 'no';

/**
 * Whether the platform offers the extensions: a feed read of one change. HTTP 404/405/501, or
 * the envelope's failure naming the path (an unknown endpoint of our own server), mean no; any
 * other failure (unreachable, refused token) is the sync's failure, and nothing is remembered.
 */
export async function probeFeed(client: RemoteClient): Promise<FeedProbe> {
  let answer: CallResult<ResponseOf<'getDealChanges'>>;
  try {
    answer = await client.read('getDealChanges', { limit: '1' });
  } catch (error) {
    if (error instanceof RemoteError && (error.status === 404 || error.status === 405 || error.status === 501)) return 'no';
    throw error;
  }
  if (answer.ok) return 'yes';
  if (answer.error.target === 'path' || answer.error.target === 'method') return 'no';
  throw new RemoteError('protocol', `the platform refused the change feed: ${answer.error.code} ${answer.error.message}`);
}

type FeedPage = ResponseOf<'getDealChanges'>;

/** Thrown when a platform that offered the feed no longer does: the engine forgets it and walks every graph. */
export class FeedGoneError extends Error {}

async function readFeedPage(ctx: SyncContext, since: string | undefined): Promise<FeedPage | 'refused'> {
  const params: Record<string, string> = { limit: String(FEED_PAGE) };
  if (since !== undefined) params.since = since;
  let answer: CallResult<FeedPage>;
  try {
    answer = await ctx.requests(() => ctx.client.read('getDealChanges', params));
  } catch (error) {
    if (error instanceof RemoteError && (error.status === 404 || error.status === 405 || error.status === 501)) throw new FeedGoneError(error.message);
    throw error;
  }
  if (answer.ok) return answer.body;
  if (answer.error.target === 'path' || answer.error.target === 'method') throw new FeedGoneError(answer.error.message);
  if (since !== undefined && answer.error.code === 'ValidationError' && answer.error.target === 'since') return 'refused';
  throw new RemoteError('protocol', `the platform refused the change feed: ${answer.error.code} ${answer.error.message}`);
}

export async function pullWithFeed(ctx: SyncContext): Promise<void> {
  let cursor = getSyncState(ctx.db, FEED_CURSOR_KEY);
  let restarted = false;
  let done = 0;
  ctx.emit({ type: 'phase', phase: 'pull', detail: cursor === undefined ? 'every deal, through the change feed' : 'deals changed since the last sync' });
  for (;;) {
    throwIfAborted(ctx.signal);
    const page = await readFeedPage(ctx, cursor);
    if (page === 'refused') {
      // Another store, or one restored from a backup: start over from the feed's beginning
      // (every deal once, a full walk in bulk), once; its cursor is taken before its graphs.
      if (restarted) throw new RemoteError('protocol', 'the platform refused the cursor it had just answered');
      restarted = true;
      cursor = undefined;
      deleteSyncState(ctx.db, FEED_CURSOR_KEY);
      ctx.emit({ type: 'phase', phase: 'pull', detail: 'the platform no longer knows our cursor: reading every deal again' });
      continue;
    }
    const dealIds = [...new Set(page.changes.map((c) => c.dealId))];
    await applyFeedPage(ctx, dealIds, page.cursor);
    cursor = page.cursor;
    done += dealIds.length;
    ctx.emit({ type: 'progress', phase: 'pull', done, total: done + (page.hasMore ? FEED_PAGE : 0) });
    if (!page.hasMore) break;
  }
  await confirmUnlisted(ctx, newReader(ctx));
  reposition(ctx);
}

/**
 * A deal's place in the platform's list is kept as its created_at (the full walk rewrites it
 * with each graph). A deal removed from the list moves the ones after it, which the feed does
 * not name: their places are set here, locally, without reading them (one column, one
 * transaction), so the local list keeps the platform's order and the full walk would find
 * them unchanged.
 */
function reposition(ctx: SyncContext): void {
  const stored = dealCreatedAt(ctx.db, ctx.remoteIds);
  const moved = new Map<string, string>();
  for (const [id, createdAt] of stored) {
    const wanted = syntheticCreatedAt(ctx.positionOf(id));
    if (createdAt !== wanted) moved.set(id, wanted);
  }
  if (moved.size > 0) inSyncTransaction(ctx.db, () => setDealCreatedAt(ctx.db, moved));
}

/**
 * Reads the graphs of one feed page in bulk (Deletes too: their MissingEntity confirms the
 * removal, as in the full walk) and commits them with the page's cursor. A deal that fails
 * leaves the cursor where it was (the others commit) and fails the pull.
 */
async function applyFeedPage(ctx: SyncContext, dealIds: string[], cursor: string): Promise<void> {
  const graphs: (PulledGraph & { dealId: string })[] = [];
  const gone: string[] = [];
  if (dealIds.length > 0) {
    const answer = await ctx.requests(() => ctx.client.read('getDealGraphs', undefined, { dealIds }));
    if (!answer.ok) throw new RemoteError('protocol', `the platform refused to read ${dealIds.length} deal graph(s): ${answer.error.code} ${answer.error.message}`);
    const byId = new Map(answer.body.graphs.map((g) => [g.dealId, g]));
    for (const dealId of dealIds) {
      const entry = byId.get(dealId);
      let graph: DealGraph | 'missing';
      if (entry?.error?.code === 'MissingEntity') graph = 'missing';
      else if (entry?.error) throw new RemoteError('protocol', `the platform refused to read the graph of deal ${dealId}: ${entry.error.code} ${entry.error.message}`);
      else {
        // The same graph read as the full walk's, answered from the bulk read (anything it lacks from the network).
        const client = prefilledClient(ctx.client, (entry?.reads ?? {}) as PrefilledReads);
        graph = await readGraph(ctx, { client, limit: ctx.requests, cache: new ReadCache() }, dealId);
      }
      if (graph === 'missing') gone.push(dealId);
      else graphs.push({ dealId, graph, position: ctx.positionOf(dealId) });
    }
  }
  throwIfAborted(ctx.signal);
  let failure: { error: unknown } | undefined;
  inSyncTransaction(ctx.db, () => {
    const results = applyPulledGraphs(ctx.db, graphs, ctx.now().toISOString());
    for (const result of results) {
      if (!result.ok) {
        failure ??= { error: result.error };
        continue;
      }
      if (result.outcome.written) ctx.counters.pulled += 1;
      else ctx.counters.unchanged += 1;
      ctx.counters.inexact += result.outcome.inexact;
    }
    // A deal this store never had (the feed from its beginning lists every deal deleted since) has nothing to remove.
    for (const dealId of gone) {
      if (shadowHashOf(ctx.db, 'getDealInfo', dealId) === undefined && shadowHashOf(ctx.db, GRAPH_TYPE, dealId) === undefined) continue;
      if (applyGone(ctx.db, dealId).removed) ctx.counters.removed += 1;
    }
    if (!failure) setSyncState(ctx.db, FEED_CURSOR_KEY, cursor);
  });
  if (failure) throw failure.error;
}
