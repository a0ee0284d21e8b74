import {
  dealCreatedAt,
  deleteSyncState,
  FEED_CURSOR_KEY,
  getSyncState,
  inSyncTransaction,
  setDealCreatedAt,
  setSyncState,
  shadowHashOf,
  spaceCheckpoints,
} from '../store';
import { applyGone, applyPulledGraphs, type PulledGraph } from './apply';
import { newReader, readGraph, throwIfAborted, type SyncContext } from './context';
import { RemoteError } from './errors';
import { GRAPH_TYPE, ReadCache, type DealGraph } from './graph';
import { syntheticCreatedAt } from './mirror-rows';
import { CHECKPOINT_PAGES, confirmUnlisted } from './pull';
import { prefilledClient, type CallResult, type PrefilledReads, type RemoteClient } from './remote-client';
import type { ResponseOf } from '../contract';

// Pull through the platform's change feed (docs/sync.md, "What a sync costs"): read a page of
// the feed from the stored cursor, then the graphs of the deals it names in bulk reads of 100,
// the next one read while these are applied exactly as the full walk does (apply.ts: hashes,
// per-field merge, conflicts, confirmed removals), the page's cursor stored in the transaction
// of its last deals. The cursor is taken
// before the graphs are read: a change made on the platform after the feed page is listed again
// by the next page or the next sync, never skipped. A sync killed anywhere resumes from the
// last stored cursor (deals applied since hash as unchanged and write nothing).

/**
 * Changes per feed page (the platform answers at most 1,000). The cursor is stored once a
 * page's graphs are all applied: a sync stopped midway reads that page again, and its deals
 * already applied hash as unchanged and write nothing. 500 keeps a first sync of 10,000 deals
 * at 20 feed reads and what a stopped one reads again to a few getDealGraphs calls.
 */
export const FEED_PAGE = 500;
/** Deals per getDealGraphs call (the platform's bulk read takes at most 100). */
export const GRAPHS_PER_READ = 100;
/**
 * Deals in a pull's first getDealGraphs call; each next call asks twice as many, up to
 * GRAPHS_PER_READ. Nothing is applied before the first answer comes, and the platform builds a
 * call's graphs before it answers: a first call of 100 deals kept this process idle for the
 * whole of it, which is most of a sync of 100 changed deals. Small first calls let both sides
 * work from the start (10, 20, 40, 80, then 100: four calls more on a first sync of a book).
 */
export const FIRST_GRAPHS = 10;
/**
 * getDealGraphs calls asked ahead of the one being applied. Both sides' work is CPU (the
 * platform builds the graphs, this process hashes and writes them): with one call ahead the
 * platform builds the next graphs while these are written, so the slower side never waits for
 * the other. More would not be faster (the platform serves concurrent calls in turns) and each
 * answer is a few MB: the pull holds two, whatever the size of the book.
 */
export const GRAPH_READS_AHEAD = 1;

/** How a pull through the feed pages (the constants above unless a test asks otherwise). */
export interface FeedPaging {
  /** Changes per feed page, 1 to 1,000. */
  changes: number;
  /** Deals per getDealGraphs call, 1 to 100. */
  graphs: number;
}

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

async function readFeedPage(ctx: SyncContext, since: string | undefined, limit: number): Promise<FeedPage | 'refused'> {
  const params: Record<string, string> = { limit: String(limit) };
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

/** The deals of one getDealGraphs call, from one feed page; the last chunk of a page carries its cursor. */
interface Chunk {
  dealIds: string[];
  cursor: string | undefined;
  /** More feed pages follow this chunk's page. */
  hasMore: boolean;
  /** Its page was read from the feed's beginning (every deal listed once). */
  fromStart: boolean;
}

/**
 * The feed from the stored cursor, as chunks of deals. The next page is read while this one's
 * graphs are read and applied: a page's cursor is known before its graphs are read, and a
 * change made meanwhile comes after it.
 */
async function* feedChunks(ctx: SyncContext, paging: FeedPaging): AsyncGenerator<Chunk> {
  let cursor = getSyncState(ctx.db, FEED_CURSOR_KEY);
  let fromStart = cursor === undefined;
  let restarted = false;
  let next: Promise<FeedPage | 'refused'> | undefined;
  // The pull's first calls are small and each next one twice the size, up to paging.graphs.
  let size = Math.min(paging.graphs, FIRST_GRAPHS);
  try {
    for (;;) {
      throwIfAborted(ctx.signal);
      const page = await (next ?? readFeedPage(ctx, cursor, paging.changes));
      next = undefined;
      if (page === 'refused') {
        // Another store, or one restored from a backup: start over from the feed's beginning
        // (every deal once, a full walk in bulk), once; its cursor is taken before its graphs.
        if (restarted) throw new RemoteError('protocol', 'the platform refused the cursor it had just answered');
        restarted = fromStart = true;
        cursor = undefined;
        deleteSyncState(ctx.db, FEED_CURSOR_KEY);
        ctx.emit({ type: 'phase', phase: 'pull', detail: 'the platform no longer knows our cursor: reading every deal again' });
        continue;
      }
      if (page.hasMore) next = readFeedPage(ctx, page.cursor, paging.changes);
      const dealIds = [...new Set(page.changes.map((c) => c.dealId))];
      // A page that lists no deal still moves the cursor (it may pass skipped numbers).
      let i = 0;
      do {
        const take = size;
        size = Math.min(paging.graphs, size * 2);
        const last = i + take >= dealIds.length;
        yield { dealIds: dealIds.slice(i, i + take), cursor: last ? page.cursor : undefined, hasMore: page.hasMore, fromStart };
        i += take;
      } while (i < dealIds.length);
      cursor = page.cursor;
      if (!page.hasMore) return;
    }
  } finally {
    // A pull that stops before reading it leaves the next page unawaited.
    next?.catch(() => undefined);
  }
}

export async function pullWithFeed(ctx: SyncContext, pagingOptions: Partial<FeedPaging> = {}): Promise<void> {
  const paging: FeedPaging = {
    changes: Math.min(1000, Math.max(1, pagingOptions.changes ?? FEED_PAGE)),
    graphs: Math.min(GRAPHS_PER_READ, Math.max(1, pagingOptions.graphs ?? GRAPHS_PER_READ)),
  };
  const fromStart = getSyncState(ctx.db, FEED_CURSOR_KEY) === undefined;
  ctx.emit({ type: 'phase', phase: 'pull', detail: fromStart ? 'every deal, through the change feed' : 'deals changed since the last sync' });
  const chunks = feedChunks(ctx, paging);
  // Chunks whose graphs are asked, in feed order: the first is applied while the others are
  // read (GRAPH_READS_AHEAD of them), across feed pages.
  const asked: { chunk: Chunk; answer: Promise<GraphsAnswer | null> }[] = [];
  let ended = false;
  const askAhead = async () => {
    while (!ended && asked.length <= GRAPH_READS_AHEAD) {
      // A cancelled sync asks for nothing more.
      throwIfAborted(ctx.signal);
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = next.value;
      const answer = chunk.dealIds.length === 0 ? Promise.resolve(null) : ctx.requests(() => ctx.client.read('getDealGraphs', undefined, { dealIds: chunk.dealIds }));
      // Awaited in order below; one the pull never reaches (it stopped) must not go unhandled.
      answer.catch(() => undefined);
      asked.push({ chunk, answer });
    }
  };
  let done = 0;
  const checkpoint = spaceCheckpoints(ctx.db, CHECKPOINT_PAGES);
  try {
    for (;;) {
      await askAhead();
      const item = asked.shift();
      if (!item) break;
      throwIfAborted(ctx.signal);
      const { chunk } = item;
      await applyGraphs(ctx, chunk.dealIds, await item.answer, chunk.cursor);
      done += chunk.dealIds.length;
      // The total: the platform's deals on a pull from the feed's beginning, else what the feed
      // has listed so far and a page more while it has more.
      const latest = asked.at(-1)?.chunk ?? chunk;
      const listed = done + asked.reduce((n, a) => n + a.chunk.dealIds.length, 0) + (latest.hasMore ? paging.changes : 0);
      ctx.emit({ type: 'progress', phase: 'pull', done, total: Math.max(listed, chunk.fromStart ? ctx.remoteIds.length : 0) });
    }
  } finally {
    checkpoint();
    await chunks.return(undefined);
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

type GraphsAnswer = CallResult<ResponseOf<'getDealGraphs'>>;

/**
 * Applies one getDealGraphs answer (null: no deal) in one transaction, and the page's cursor
 * with it when given (its last chunk). Deletes too: their MissingEntity confirms the removal,
 * as in the full walk. A deal that fails leaves the cursor where it was (the others commit) and
 * fails the pull.
 */
async function applyGraphs(ctx: SyncContext, dealIds: string[], answer: GraphsAnswer | null, cursor: string | undefined): Promise<void> {
  if (answer && !answer.ok) throw new RemoteError('protocol', `the platform refused to read ${dealIds.length} deal graph(s): ${answer.error.code} ${answer.error.message}`);
  const graphs: (PulledGraph & { dealId: string })[] = [];
  const gone: string[] = [];
  const byId = new Map(answer?.ok ? answer.body.graphs.map((g) => [g.dealId, g]) : []);
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
    if (!failure && cursor !== undefined) setSyncState(ctx.db, FEED_CURSOR_KEY, cursor);
  });
  if (failure) throw failure.error;
}
