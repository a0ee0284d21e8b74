import pLimit from 'p-limit';
import {
  deleteSyncState,
  FEED_CURSOR_KEY,
  getSyncState,
  LINKED_REMOTE_KEY,
  markInflightAmbiguous,
  outboxCounts,
  REMOTE_FEED_KEY,
  setSyncState,
  type SqliteHandle,
} from '../store';
import { throwIfAborted, type SyncContext } from './context';
import { RemoteError, SyncError } from './errors';
import type { SyncEvent, SyncSummary } from './events';
import { FeedGoneError, probeFeed, pullWithFeed, type FeedPaging } from './feed-pull';
import { pull } from './pull';
import { pushCreates, pushEdits, resolveAmbiguousCreates } from './push';
import { createRemoteClient, type RemoteConfig, type RetryPolicy } from './remote-client';
import { normaliseUrl } from './urls';
import { withoutCredentials } from './urls';

// One sync of a data directory with the central platform (docs/sync.md): recover what a
// crash left in flight, list the platform's deals, settle creates whose answer was lost, pull,
// then push. It completes (conflicts and rejections are results, in the summary) or throws a
// SyncError with a one-line reason; everything committed before that stays, and the next sync
// resumes from it.

export type SyncMode = 'full' | 'pull-only' | 'push-only';

export interface SyncOptions {
  db: SqliteHandle;
  remote: RemoteConfig;
  mode?: SyncMode;
  /** Requests in flight (default 8). The pull reads 4 deals per request slot at once; the push settles half as many deals at once. */
  concurrency?: number;
  /** Deals per bulkUpdateDeals call (default 100). */
  batchSize?: number;
  /** Push rounds per sync: a round re-reads and settles what the previous one left (default 4). */
  maxRounds?: number;
  /** Backoff before the second round, doubled per round, full jitter (default 500 ms). */
  roundDelayMs?: number;
  /**
   * Rows that failed get a next_attempt_at (2^attempts s, at most an hour). A background sync
   * passes true to leave them alone until then; a sync the user asks for (default) tries all.
   */
  respectBackoff?: boolean;
  /**
   * Use the platform's change feed and bulk graph reads when it offers them (default true):
   * learned once per link and remembered in sync_state. False: the full walk of every deal's
   * graph, and the platform is not asked.
   */
  useExtensions?: boolean;
  /** Through the change feed: changes per feed page (default FEED_PAGE, 500) and deals per getDealGraphs call (default 100); smaller in tests. */
  feedPaging?: Partial<FeedPaging>;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  onEvent?: (event: SyncEvent) => void;
  signal?: AbortSignal;
  now?: () => Date;
}

const running = new WeakSet<SqliteHandle>();

export async function runSync(options: SyncOptions): Promise<SyncSummary> {
  const { db } = options;
  if (running.has(db)) throw new SyncError('local', 'a sync of this data directory is already running');
  running.add(db);
  try {
    return await sync(options);
  } finally {
    running.delete(db);
  }
}

async function sync(options: SyncOptions): Promise<SyncSummary> {
  const started = Date.now();
  const { db } = options;
  const mode = options.mode ?? 'full';
  const emit = (event: SyncEvent) => options.onEvent?.(event);
  const baseUrl = normaliseUrl(options.remote.baseUrl);
  const linked = getSyncState(db, LINKED_REMOTE_KEY);
  if (linked !== undefined && linked !== baseUrl) {
    throw new SyncError('local', withoutCredentials(`this data directory syncs with ${linked}, not ${baseUrl}`));
  }

  // A crash left attempts whose outcome nobody saw: ambiguous, settled by comparison.
  const recovered = markInflightAmbiguous(db);
  if (recovered > 0) emit({ type: 'phase', phase: 'recover', detail: `${recovered} unanswered attempt(s) will be settled by comparison` });

  const concurrency = Math.max(1, options.concurrency ?? 8);
  const client = createRemoteClient({
    ...options.remote,
    baseUrl,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    onRetry: (n) => emit({ type: 'retry', ...n }),
  });

  emit({ type: 'phase', phase: 'connect', detail: withoutCredentials(baseUrl) });
  const listed = await client.read('getAllDealIds');
  if (!listed.ok) throw new RemoteError('protocol', `the platform refused to list deal ids: ${listed.error.code} ${listed.error.message}`);
  setSyncState(db, LINKED_REMOTE_KEY, baseUrl);

  const remoteIds = listed.body.dealIds;
  const positions = new Map(remoteIds.map((id, i) => [id, i]));
  const ctx: SyncContext = {
    db,
    client,
    requests: pLimit(concurrency),
    deals: pLimit(Math.max(1, Math.ceil(concurrency / 2))),
    emit,
    now: options.now ?? (() => new Date()),
    signal: options.signal,
    counters: { pulled: 0, unchanged: 0, removed: 0, pushed: 0, created: 0, inexact: 0 },
    batchSize: Math.max(1, options.batchSize ?? 100),
    maxRounds: Math.max(1, options.maxRounds ?? 4),
    roundDelayMs: options.roundDelayMs ?? 500,
    respectBackoff: options.respectBackoff ?? false,
    remoteIds,
    positionOf(dealId) {
      let position = positions.get(dealId);
      if (position === undefined) positions.set(dealId, (position = positions.size));
      return position;
    },
  };

  await resolveAmbiguousCreates(ctx);
  if (mode !== 'push-only') {
    let feed = options.useExtensions === false ? 'no' : getSyncState(db, REMOTE_FEED_KEY);
    if (feed === undefined) {
      feed = await probeFeed(client);
      setSyncState(db, REMOTE_FEED_KEY, feed);
      emit({ type: 'phase', phase: 'connect', detail: feed === 'yes' ? 'the platform offers a change feed' : 'the platform offers no change feed: every deal is read' });
    }
    if (feed === 'yes') {
      try {
        await pullWithFeed(ctx, options.feedPaging);
      } catch (error) {
        if (!(error instanceof FeedGoneError)) throw error;
        // The platform stopped offering the feed (another version behind the same address):
        // forget what was learned (the next sync asks again) and walk every graph now.
        deleteSyncState(db, REMOTE_FEED_KEY);
        deleteSyncState(db, FEED_CURSOR_KEY);
        emit({ type: 'phase', phase: 'connect', detail: 'the platform no longer offers a change feed: every deal is read' });
        await pull(ctx);
      }
    } else await pull(ctx);
  }
  if (mode !== 'pull-only') {
    throwIfAborted(ctx.signal);
    let failure: unknown;
    try {
      await pushCreates(ctx);
    } catch (error) {
      // Field edits of other deals do not wait for a create that failed.
      if (!(error instanceof SyncError) || error.kind !== 'unavailable') throw error;
      failure = error;
    }
    await pushEdits(ctx);
    if (failure) throw failure;
  }

  const counts = outboxCounts(db);
  const summary: SyncSummary = {
    remoteDeals: remoteIds.length,
    ...ctx.counters,
    conflicts: counts.conflict,
    rejected: counts.rejected,
    queued: counts.pending + counts.inflight + counts.ambiguous,
    requests: client.stats.requests,
    retries: client.stats.retries,
    durationMs: Date.now() - started,
  };
  emit({ type: 'phase', phase: 'done' });
  return summary;
}
