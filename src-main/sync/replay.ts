import pLimit from 'p-limit';
import type { ErrorDto } from '../contract';
import type { SqliteHandle } from '../store';
import { applyGraph } from './apply';
import { fetchDealGraph, ReadCache } from './graph';
import type { CallResult, RemoteClient } from './remote-client';

// Loads recorded reads of a deal's graph (a credit file's) into a store exactly the way a sync
// pull loads the platform's: the same graph reader asks a "platform" that answers from the
// recording, and the same mirror writes the inputs as rows. The store's engine then derives
// every figure afresh; nothing derived is copied from the recording.

/** One recorded read: the endpoint, its path parameters, and the answer (with its envelope). */
export interface ReplayRead {
  name: string;
  params: Record<string, string>;
  response: unknown;
}

function missing(name: string): CallResult<never> {
  const error: ErrorDto = { target: 'id', code: 'MissingEntity', message: `${name}: not in the recording`, details: [] };
  return { ok: false, error };
}

/** A read-only "platform" answering from recorded reads (the report from its one recorded page). */
export function recordedClient(reads: readonly ReplayRead[]): RemoteClient {
  const key = (name: string, params: Record<string, string> | undefined) =>
    `${name}\u0000${Object.values(params ?? {}).join('\u0000')}`;
  const byKey = new Map<string, unknown>();
  for (const r of reads) byKey.set(r.name === 'getCrossDealCollateralReport' ? r.name : key(r.name, r.params), r.response);
  return {
    baseUrl: 'credit-file:',
    stats: { requests: 0, retries: 0, tokenRequests: 0 },
    async read(name, params) {
      const response = byKey.get(name === 'getCrossDealCollateralReport' ? name : key(name, params)) as
        | { success: true }
        | { success: false; error: ErrorDto }
        | undefined;
      if (response === undefined) return missing(name);
      if (!response.success) return { ok: false, error: response.error };
      return { ok: true, body: response as never };
    },
    async write() {
      throw new Error('a recording cannot be written to');
    },
  };
}

/**
 * Writes the deal of `reads` into `db` (an empty scratch store) as a pull would. Answers how
 * many values the mirror could not hold exactly (0 for a faithful replay).
 */
export async function replayDealReads(db: SqliteHandle, dealId: string, reads: readonly ReplayRead[], now: Date): Promise<{ inexact: number }> {
  const graph = await fetchDealGraph({ client: recordedClient(reads), limit: pLimit(4), cache: new ReadCache() }, dealId);
  if (graph === 'missing') throw new Error(`the recording holds no getDealInfo read of deal ${dealId}`);
  const outcome = applyGraph(db, graph, 0, now.toISOString());
  return { inexact: outcome.inexact };
}
