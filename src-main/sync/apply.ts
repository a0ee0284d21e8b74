import { BulkUpdateProperty, PLATFORM_ACTOR, readDealProperty, type SeedInfoResponseDto } from '../contract';
import { historyFieldOf, PROPERTY_COLUMNS } from '../gateway';
import {
  applyMirrorDeal,
  CREATE_FIELD,
  currentDealValue,
  type DealColumn,
  dealCreatedAt,
  deleteOutboxEntry,
  deleteShadowEntry,
  hasOutboxEntries,
  insertOutboxConflict,
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
import { sameValue } from './canonical';
import { GRAPH_TYPE, listingKeys, type DealGraph, type ReadEntry } from './graph';
import { decidePull } from './merge';
import { buildMirrorDeal, feedsCollaterals, syntheticCreatedAt } from './mirror-rows';

// Applying what the platform reads to the store: the three-way merge of the deal's fields with
// its outbox rows, the working copy (as a diff), the shadow. A deal's writes are atomic (its
// graph and its shadow rows commit together); the pull commits several deals per transaction
// (applyPulledGraphs), each in its own savepoint.

export const DELETED_REMOTELY = 'DeletedRemotely';
export const CHANGED_REMOTELY = 'ChangedOnPlatform';
/** The reason of a conflict between a deal held here and the platform's deal of the same id, never read before. */
export const NO_COMMON_ANCESTOR = 'NoCommonAncestor';

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

  // A deal held here that this store never read from the platform (no shadow): both sides hold
  // it with no common ancestor, so no side's value may silently replace the other's.
  if (scope === null) outcome.conflicts += unanchoredConflicts(db, graph);

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
  const neverRead = (type: string) => new Set(graph.entries.filter((e) => e.type === type && !stored.has(`${e.type}\u0000${e.id}`)).map((e) => e.id));
  // The deal history records what the platform changed (the pending local edits laid over it
  // are not changes), as "platform", in this same transaction.
  applyMirrorDeal(
    db,
    mirror,
    scope,
    now,
    { actor: PULL_ACTOR, fieldOf: (column) => historyFieldOf(column as DealColumn) },
    {
      collateralsAsStored: scope !== null && graph.entries.every((entry) => !feedsCollaterals(entry.type) || unchanged(entry)),
      neverRead: { collateralIds: neverRead('getCollateralCashFlow'), personIds: neverRead('getPersonInfo'), companyIds: neverRead('getCompanyInfo') },
    },
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

/**
 * The first pull of a deal whose id the working copy already holds (two stores from one source:
 * a copy of a store, a demo generated alike on both sides; the deal was never read from this
 * platform, and it is not a create of ours): each bulk-update property whose local value differs
 * from the platform's becomes a conflict with no base, which the merge then keeps as mine until
 * the user decides. Properties that agree need nothing. Returns the conflicts made.
 */
function unanchoredConflicts(db: SqliteHandle, graph: DealGraph): number {
  const dealId = graph.dealId;
  if (!dealCreatedAt(db, [dealId]).has(dealId)) return 0;
  const rows = hasOutboxEntries(db, dealId) ? outboxEntries(db, { entityId: dealId }) : [];
  if (rows.some((r) => r.field === CREATE_FIELD)) return 0;
  const queued = new Set(rows.map((r) => r.field));
  let made = 0;
  for (const property of BulkUpdateProperty.options) {
    if (queued.has(property)) continue;
    const mine = currentDealValue(db, dealId, PROPERTY_COLUMNS[property]) ?? null;
    const theirs = readDealProperty(graph.deal, property) ?? null;
    if (sameValue(mine, theirs)) continue;
    insertOutboxConflict(db, dealId, property, mine, `${NO_COMMON_ANCESTOR}: this deal was on the workstation before its first sync, and the platform's differs`);
    made += 1;
  }
  return made;
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
