import type { LimitFunction } from 'p-limit';
import type { SqliteHandle } from '../store';
import { SyncError } from './errors';
import type { SyncEvent } from './events';
import { fetchDealGraph, GraphChangedError, ReadCache, type DealGraph, type GraphReader } from './graph';
import type { RemoteClient } from './remote-client';

export interface SyncCounters {
  pulled: number;
  unchanged: number;
  removed: number;
  pushed: number;
  created: number;
  inexact: number;
}

/** What the phases of one sync share. */
export interface SyncContext {
  db: SqliteHandle;
  client: RemoteClient;
  /** Bounds the requests in flight. */
  requests: LimitFunction;
  /** Bounds the deals read and applied at once. */
  deals: LimitFunction;
  emit: (event: SyncEvent) => void;
  now: () => Date;
  signal: AbortSignal | undefined;
  counters: SyncCounters;
  batchSize: number;
  maxRounds: number;
  roundDelayMs: number;
  /** Leave rows alone until their next_attempt_at (a background sync); false: try every row. */
  respectBackoff: boolean;
  /** The platform's deal ids, in its order (fetched at the start of the sync). */
  remoteIds: string[];
  /** A deal's place in the platform's order (new deals go last). */
  positionOf(dealId: string): number;
}

export function newReader(ctx: SyncContext): GraphReader {
  return { client: ctx.client, limit: ctx.requests, cache: new ReadCache() };
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new SyncError('aborted', 'the sync was stopped');
}

/** A deal's graph, read again when it changed under the reads (up to 3 times). */
export async function readGraph(ctx: SyncContext, reader: GraphReader, dealId: string): Promise<DealGraph | 'missing'> {
  for (let attempt = 1; ; attempt++) {
    throwIfAborted(ctx.signal);
    try {
      return await fetchDealGraph(reader, dealId);
    } catch (error) {
      if (!(error instanceof GraphChangedError)) throw error;
      if (attempt >= 3) throw new SyncError('unavailable', `deal ${dealId} kept changing while it was read (${error.message})`);
      reader.cache = new ReadCache();
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SyncError('aborted', 'the sync was stopped'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new SyncError('aborted', 'the sync was stopped'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `work` for every item with the deal limit; on the first failure the items not started
 * yet are skipped, the started ones finish, and the first failure is thrown.
 */
export async function forEachDeal<T>(ctx: SyncContext, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let failure: { error: unknown } | undefined;
  await Promise.all(
    items.map((item) =>
      ctx.deals(async () => {
        if (failure || ctx.signal?.aborted) return;
        try {
          await work(item);
        } catch (error) {
          failure ??= { error };
        }
      }),
    ),
  );
  if (failure) throw failure.error;
  throwIfAborted(ctx.signal);
}
