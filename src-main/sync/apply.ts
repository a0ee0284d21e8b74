import { BulkUpdateProperty, PLATFORM_ACTOR, readDealProperty, type SeedInfoResponseDto } from '../contract';
import { historyFieldOf } from '../gateway';
import {
  applyMirrorDeal,
  CREATE_FIELD,
  type DealColumn,
  dealCreatedAt,
  deleteOutboxEntry,
  deleteShadowEntry,
  hasOutboxEntries,
  inSyncTransaction,
  type MirrorScope,
  otherGraphMentions,
  outboxEntries,
  type OutboxEntry,
  putShadowEntries,
  pausedChangeFeed,
  removeMirrorDeal,
  shadowHashesOf,
  shadowHashOf,
  shadowJsonOf,
  type SqliteHandle,
  updateOutboxEntry,
} from '../store';
import { RemoteError } from './errors';
import { GRAPH_TYPE, listingKeys, type DealGraph, type ReadEntry } from './graph';
import { decidePull } from './merge';
import { buildMirrorDeal, feedsCollaterals, syntheticCreatedAt } from './mirror-rows';

// Applying what the platform reads to the store: the three-way merge of the deal's fields with
// its outbox rows, the working copy (as a diff), the shadow. A deal's writes are atomic (its
// graph and its shadow rows commit together); the pull commits several deals per transaction
// (applyPulledGraphs), each in its own savepoint.

export const DELETED_REMOTELY = 'DeletedRemotely';
export const CHANGED_REMOTELY = 'ChangedOnPlatform';

const PROPERTIES = new Set<string>(BulkUpdateProperty.options);
const PULL_ACTOR = { who: PLATFORM_ACTOR, source: 'sync' } as const;

export function isProperty(field: string): field is BulkUpdateProperty {
  return PROPERTIES.has(field);
}

export interface ApplyOutcome {
  written: boolean;
  /** Rows that became conflicts. */
  conflicts: number;
  /** Rows settled because both sides agree. */
  settled: number;
  inexact: number;
}

/**
 * The reads whose answers the sync reads back from the shadow: the deal (the merge's base, the
 * conflicts, the push), its collateral summary (the deal's scope) and the listing of its graph.
 * Of every other read the shadow keeps the hash alone (its json is ''): a pull only compares
 * them, and their answers were about 95 % of the shadow (54 KB a deal).
 */
const ANSWER_KEPT = new Set<string>(['getDealInfo', 'getDealCollateralSummary', GRAPH_TYPE]);

/** The shadow's json of a read: its answer where the sync reads it back, else ''. */
function shadowJson(entry: ReadEntry): string {
  return ANSWER_KEPT.has(entry.type) ? entry.json : '';
}

/** What the last pull of a deal brought (its collaterals, people, companies), from the shadow. */
export function previousScope(db: SqliteHandle, dealId: string): MirrorScope | null {
  const deal = shadowJsonOf(db, 'getDealInfo', dealId);
  if (deal === undefined) return null;
  const info = JSON.parse(deal) as Pick<SeedInfoResponseDto, 'personIds' | 'companyIds'>;
  const summary = shadowJsonOf(db, 'getDealCollateralSummary', dealId);
  const collateralIds = summary !== undefined ? (JSON.parse(summary) as { collateralSummaries: { id: string }[] }).collateralSummaries.map((c) => c.id) : [];
  return { collateralIds, personIds: info.personIds ?? [], companyIds: info.companyIds ?? [] };
}

/** Deletes the shadow rows a deal's listing names that no other deal's listing names. */
function dropShadowOf(db: SqliteHandle, dealId: string, keep: ReadonlySet<string>): void {
  const listing = shadowJsonOf(db, GRAPH_TYPE, dealId);
  if (listing === undefined) return;
  for (const { type, id } of listingKeys(listing)) {
    if (keep.has(`${type}\u0000${id}`)) continue;
    // Shared reads (a person, a collateral of two deals) stay while another deal lists them.
    if (otherGraphMentions(db, GRAPH_TYPE, dealId, JSON.stringify(id))) continue;
    deleteShadowEntry(db, type, id);
  }
}

/** Rows of a deal that hold local field edits (not the create). */
function fieldRows(db: SqliteHandle, dealId: string): OutboxEntry[] {
  if (!hasOutboxEntries(db, dealId)) return [];
  return outboxEntries(db, { entityId: dealId }).filter((r) => r.field !== CREATE_FIELD && isProperty(r.field));
}

/**
 * Applies a freshly read graph: nothing is written when the platform's reads are unchanged and
 * the deal is in its place. `position` orders the deal as the platform lists it.
 * `beforeMerge` runs first inside the transaction (the push settles its rows there).
 */
export function applyGraph(db: SqliteHandle, graph: DealGraph, position: number, now: string, beforeMerge?: () => void): ApplyOutcome {
  const unchanged = (): boolean => isUnchanged(db, graph, position);
  if (!beforeMerge && unchanged()) return { written: false, conflicts: 0, settled: 0, inexact: 0 };

  return inSyncTransaction(db, () => {
    beforeMerge?.();
    if (!beforeMerge && unchanged()) return { written: false, conflicts: 0, settled: 0, inexact: 0 };
    return writeGraph(db, graph, position, now);
  });
}

/** Writes a graph known to differ from the store (inside the caller's transaction). */
function writeGraph(db: SqliteHandle, graph: DealGraph, position: number, now: string): ApplyOutcome {
  const createdAt = syntheticCreatedAt(position);
  const outcome: ApplyOutcome = { written: true, conflicts: 0, settled: 0, inexact: 0 };
  const scope = previousScope(db, graph.dealId);

  // Three-way merge of the deal's fields with the local edits.
  const overlay = new Map<BulkUpdateProperty, unknown>();
  for (const row of fieldRows(db, graph.dealId)) {
    const property = row.field as BulkUpdateProperty;
    const theirs = readDealProperty(graph.deal, property);
    const decision = decidePull({ status: row.status, base: row.base, mine: row.value }, theirs);
    if (decision === 'settled') {
      deleteOutboxEntry(db, row.id);
      outcome.settled += 1;
      continue;
    }
    if (decision === 'conflict') {
      updateOutboxEntry(db, row.id, { status: 'conflict', lastError: `${CHANGED_REMOTELY}: the platform changed ${property} too` });
      outcome.conflicts += 1;
    }
    overlay.set(property, row.value);
  }

  let built: ReturnType<typeof buildMirrorDeal>;
  try {
    built = buildMirrorDeal(graph, { createdAt, overlay });
  } catch (error) {
    throw new RemoteError('protocol', `the platform's reads of deal ${graph.dealId} do not have the expected shape (${(error as Error).message})`);
  }
  const { mirror, inexact } = built;
  outcome.inexact = inexact;
  const stored = shadowHashesOf(db, graph.entries);
  const unchanged = (entry: ReadEntry) => stored.get(`${entry.type}\u0000${entry.id}`) === entry.hash;
  // The deal history records what the platform changed (the pending local edits laid over it
  // are not changes), as "platform", in this same transaction.
  applyMirrorDeal(
    db,
    mirror,
    scope,
    now,
    { actor: PULL_ACTOR, fieldOf: (column) => historyFieldOf(column as DealColumn) },
    { collateralsAsStored: scope !== null && graph.entries.every((entry) => !feedsCollaterals(entry.type) || unchanged(entry)) },
  );

  // The shadow: changed reads only, then the listing.
  putShadowEntries(
    db,
    graph.entries
      .filter((entry) => !unchanged(entry))
      .map((entry) => ({ type: entry.type, id: entry.id, json: shadowJson(entry), contentHash: entry.hash, fetchedAt: now })),
  );
  dropShadowOf(db, graph.dealId, new Set(graph.entries.map((e) => `${e.type}\u0000${e.id}`)));
  if (shadowHashOf(db, GRAPH_TYPE, graph.dealId) !== graph.listing.hash) {
    putShadowEntries(db, [{ type: GRAPH_TYPE, id: graph.dealId, json: graph.listing.json, contentHash: graph.listing.hash, fetchedAt: now }]);
  }
  return outcome;
}

/** Whether the shadow already holds exactly this graph and the deal is in its place: nothing to write. */
export function isUnchanged(db: SqliteHandle, graph: DealGraph, position: number): boolean {
  return shadowHashOf(db, GRAPH_TYPE, graph.dealId) === graph.listing.hash && dealCreatedAt(db, [graph.dealId]).get(graph.dealId) === syntheticCreatedAt(position);
}

export interface PulledGraph {
  graph: DealGraph;
  position: number;
}

export type PulledOutcome = { ok: true; outcome: ApplyOutcome } | { ok: false; error: unknown };

/**
 * Applies several pulled graphs in ONE transaction (one commit, so one fsync, for them all), each
 * deal in its own savepoint: a deal that fails is rolled back alone and reported, the others
 * commit. Unchanged graphs are recognised first and open no transaction at all.
 */
export function applyPulledGraphs(db: SqliteHandle, items: readonly PulledGraph[], now: string): PulledOutcome[] {
  const results: PulledOutcome[] = items.map(() => ({ ok: true, outcome: { written: false, conflicts: 0, settled: 0, inexact: 0 } }));
  const todo = items.flatMap((item, i) => (isUnchanged(db, item.graph, item.position) ? [] : [i]));
  if (todo.length === 0) return results;
  // The change feed's per-row triggers are paused for the batch: each deal written marks the
  // feed once (store/sync-mirror.ts, pausedChangeFeed), in its savepoint.
  inSyncTransaction(db, () => pausedChangeFeed(db, () => {
    for (const i of todo) {
      const { graph, position } = items[i]!;
      try {
        // Its own savepoint: a deal that fails leaves the others of the batch alone.
        results[i] = { ok: true, outcome: inSyncTransaction(db, () => writeGraph(db, graph, position, now)) };
      } catch (error) {
        results[i] = { ok: false, error };
      }
    }
  }));
  return results;
}

/**
 * A deal the platform no longer has (confirmed by a MissingEntity read): removed here with its
 * shadow, unless local edits wait for it; those become conflicts.
 */
export function applyGone(db: SqliteHandle, dealId: string): { removed: boolean; conflicts: number } {
  return inSyncTransaction(db, () => {
    const rows = outboxEntries(db, { entityId: dealId }).filter((r) => r.field !== CREATE_FIELD);
    if (rows.length > 0) {
      let conflicts = 0;
      for (const row of rows) {
        if (row.status === 'conflict' && row.lastError?.startsWith(DELETED_REMOTELY)) continue;
        updateOutboxEntry(db, row.id, { status: 'conflict', lastError: `${DELETED_REMOTELY}: the platform no longer has this deal` });
        conflicts += 1;
      }
      return { removed: false, conflicts };
    }
    const scope = previousScope(db, dealId) ?? { collateralIds: [], personIds: [], companyIds: [] };
    removeMirrorDeal(db, dealId, scope);
    dropShadowOf(db, dealId, new Set());
    deleteShadowEntry(db, GRAPH_TYPE, dealId);
    deleteShadowEntry(db, 'getDealInfo', dealId);
    return { removed: true, conflicts: 0 };
  });
}
