import {
  readDealProperty,
  type BulkUpdateProperty,
  type CreateDealKind,
  type SeedInfoResponseDto,
  type UpdateDealItemDto,
  type UpdateEngineError,
} from '../contract';
import { addressKey } from '../domain';
import {
  collateralsOfDeal,
  CREATE_FIELD,
  deleteOutboxEntry,
  inSyncTransaction,
  mapLocalId,
  mappedRemoteIds,
  outboxEntries,
  type OutboxEntry,
  outboxEntryById,
  rekeyOutbox,
  removeLocalDeal,
  shadowEntriesOfType,
  shadowIds,
  updateOutboxEntry,
} from '../store';
import { applyGone, applyGraph, CHANGED_REMOTELY, isProperty } from './apply';
import { sameValue } from './canonical';
import { forEachDeal, newReader, readGraph, sleep, throwIfAborted, type SyncContext } from './context';
import { RemoteError, SyncError } from './errors';
import { decidePush } from './merge';
import type { WriteName } from './remote-client';
import { toWireValue } from '../gateway';

// Push (docs/sync.md). Deals created offline go first, through the create endpoints; then
// the field edits, per deal against a fresh read of the platform: remote == base -> send,
// remote == mine -> already applied, otherwise a conflict held for the user. One bulkUpdateDeals
// call carries many deals; a deal the platform rejects gets its offending rows marked rejected
// (visible, editable) and never blocks the others. After a confirmed push the deal is read again
// and the shadow updated. A write whose answer was lost is never sent blindly again: its rows
// become ambiguous and the next round (or the next sync) settles them by comparison.

interface CreateRequest {
  kind: CreateDealKind;
  body: Record<string, unknown>;
}

const CREATE_ENDPOINT: Record<CreateDealKind, Extract<WriteName, `create${string}`>> = {
  residential: 'createResidentialDeal',
  commercial: 'createCommercialDeal',
  hotel: 'createHotelDeal',
};

function fullJitter(ms: number): number {
  return Math.random() * ms;
}

/** When a row that failed `attempts` times may be tried again: 2^attempts seconds, at most an hour. */
function retryAt(ctx: SyncContext, attempts: number): string {
  return new Date(ctx.now().getTime() + Math.min(3_600_000, 1000 * 2 ** Math.min(attempts, 12))).toISOString();
}

function describeErrors(errors: readonly UpdateEngineError[]): string {
  return errors.map((e) => `${e.errorType} ${e.fieldName}: ${e.description}`).join('; ');
}

// --- creates -----------------------------------------------------------------------------------

/** Whether a platform deal is the one a create request made. */
function matchesCreate(deal: Partial<SeedInfoResponseDto>, create: CreateRequest): boolean {
  const b = create.body;
  return (
    deal.seedName === (typeof b.dealName === 'string' ? b.dealName.trim() : b.dealName) &&
    (deal.owner === undefined || deal.owner === b.ownerId) &&
    deal.loanType === b.loanType &&
    deal.grossLoan === b.loanAmount &&
    deal.loanTerm === b.loanTerm &&
    (deal.propertyType === undefined || deal.propertyType === b.propertyType)
  );
}

/**
 * Of several platform deals that match a create, the one at the local deal's address (two
 * offline creates may share name, owner and loan terms, never an address).
 */
async function atLocalAddress(ctx: SyncContext, localId: string, candidates: readonly string[]): Promise<string | null> {
  if (candidates.length <= 1) return candidates[0] ?? null;
  const key = collateralsOfDeal(ctx.db, localId)[0]?.addressKey;
  if (!key) return candidates[0]!;
  for (const id of candidates) {
    const read = await ctx.requests(() => ctx.client.read('getDealCollateralSummary', { dealId: id }));
    const a = read.ok ? read.body.collateralSummaries[0]?.address : undefined;
    if (a && addressKey({ streetNumber: a.number, street: a.street, city: a.city, state: a.state, zipCode: a.zipCode }) === key) return id;
  }
  return candidates[0]!;
}

/**
 * Finds the platform deal an earlier, unanswered create made: among the ids the platform lists
 * that are neither pulled nor mapped (read one by one), then, when asked, among the pulled deals.
 */
async function findCreated(ctx: SyncContext, row: OutboxEntry, includePulled: boolean): Promise<string | null> {
  const create = row.value as CreateRequest;
  const mapped = mappedRemoteIds(ctx.db);
  const listed = await ctx.requests(() => ctx.client.read('getAllDealIds'));
  if (!listed.ok) throw new RemoteError('protocol', `the platform refused to list deal ids: ${listed.error.code} ${listed.error.message}`);
  const known = new Set(shadowIds(ctx.db, 'getDealInfo'));
  // Newest first: the create is at the end of the platform's order.
  const candidates = listed.body.dealIds.filter((id) => !known.has(id) && !mapped.has(id)).reverse();
  const matches: string[] = [];
  for (let i = 0; i < candidates.length; i += 16) {
    const reads = await Promise.all(candidates.slice(i, i + 16).map((id) => ctx.requests(() => ctx.client.read('getDealInfo', { id }))));
    for (const r of reads) if (r.ok && matchesCreate(r.body, create)) matches.push(r.body.id);
  }
  if (matches.length === 0 && includePulled) {
    for (const entry of shadowEntriesOfType(ctx.db, 'getDealInfo')) {
      if (!mapped.has(entry.id) && matchesCreate(JSON.parse(entry.json) as SeedInfoResponseDto, create)) matches.push(entry.id);
    }
  }
  return atLocalAddress(ctx, row.entityId, matches);
}

/** The platform has the deal created here as `remoteId`: map it, replace the local copy, move its edits. */
async function adopt(ctx: SyncContext, row: OutboxEntry, remoteId: string): Promise<void> {
  const graph = await readGraph(ctx, newReader(ctx), remoteId);
  if (graph === 'missing') {
    updateOutboxEntry(ctx.db, row.id, { status: 'rejected', lastError: `the platform created deal ${remoteId} but no longer has it` });
    return;
  }
  const localId = row.entityId;
  applyGraph(ctx.db, graph, ctx.positionOf(remoteId), ctx.now().toISOString(), () => {
    mapLocalId(ctx.db, localId, remoteId);
    removeLocalDeal(ctx.db, localId);
    deleteOutboxEntry(ctx.db, row.id);
    rekeyOutbox(ctx.db, localId, remoteId);
  });
  ctx.counters.created += 1;
}

/** The platform's id of a create it answered, when the local copy could not be replaced yet. */
function answeredId(row: OutboxEntry): string | undefined {
  const sent = row.sent as { createdEntityId?: unknown } | undefined;
  return typeof sent?.createdEntityId === 'string' ? sent.createdEntityId : undefined;
}

/** Creates whose answer was lost: find them on the platform before anything is sent again. */
export async function resolveAmbiguousCreates(ctx: SyncContext): Promise<void> {
  for (const row of outboxEntries(ctx.db, { field: CREATE_FIELD, statuses: ['ambiguous'] })) {
    throwIfAborted(ctx.signal);
    const found = answeredId(row) ?? (await findCreated(ctx, row, false));
    if (found) await adopt(ctx, row, found);
    else updateOutboxEntry(ctx.db, row.id, { status: 'pending', sent: null });
  }
}

export async function pushCreates(ctx: SyncContext): Promise<void> {
  let failure: SyncError | undefined;
  for (const row of outboxEntries(ctx.db, { field: CREATE_FIELD, statuses: ['pending', 'ambiguous'] })) {
    throwIfAborted(ctx.signal);
    if (!due(ctx, row)) continue;
    const create = row.value as CreateRequest;
    if (row.status === 'ambiguous') {
      const found = answeredId(row) ?? (await findCreated(ctx, row, false));
      if (found) {
        await adopt(ctx, row, found);
        continue;
      }
    }
    const retry = row.attempts > 0;
    updateOutboxEntry(ctx.db, row.id, { status: 'inflight', sent: create, attempts: row.attempts + 1, lastError: null, nextAttemptAt: null });
    let result;
    try {
      // The three creates answer the same CreateResponseDto.
      result = await ctx.client.write(CREATE_ENDPOINT[create.kind] as 'createResidentialDeal', create.body as never);
    } catch (error) {
      const e = error instanceof SyncError ? error : new SyncError('unavailable', String(error));
      const unknown = e instanceof RemoteError ? e.mayHaveApplied : true;
      const nextAttemptAt = retryAt(ctx, row.attempts + 1);
      updateOutboxEntry(
        ctx.db,
        row.id,
        unknown ? { status: 'ambiguous', lastError: e.message, nextAttemptAt } : { status: 'pending', sent: null, lastError: e.message, nextAttemptAt },
      );
      if (e.kind === 'unavailable') {
        failure ??= e;
        continue;
      }
      throw e;
    }
    if (result.ok) {
      // Kept until the local copy is replaced: should that fail, the next sync adopts this id.
      updateOutboxEntry(ctx.db, row.id, { status: 'ambiguous', sent: { createdEntityId: result.body.createdEntityId } });
      await adopt(ctx, row, result.body.createdEntityId);
      continue;
    }
    if (result.error.code === 'Duplicated' && retry) {
      // A retry after a lost answer: the first attempt made it.
      const found = await findCreated(ctx, row, true);
      if (found) {
        await adopt(ctx, row, found);
        continue;
      }
    }
    updateOutboxEntry(ctx.db, row.id, { status: 'rejected', sent: null, lastError: `${result.error.code} ${result.error.target}: ${result.error.message}` });
  }
  if (failure) throw failure;
}

// --- field edits -------------------------------------------------------------------------------

/** Whether a row is due (a background sync leaves rows in backoff alone; a sync asked for tries all). */
function due(ctx: SyncContext, row: OutboxEntry): boolean {
  return !ctx.respectBackoff || row.nextAttemptAt === null || row.nextAttemptAt <= ctx.now().toISOString();
}

/** Rows the push may send: queued field edits of deals the platform has (pulled or created). */
function sendableRows(ctx: SyncContext, round = 0): OutboxEntry[] {
  const rows = outboxEntries(ctx.db, { statuses: ['pending', 'ambiguous'] }).filter((r) => isProperty(r.field) && (round > 0 || due(ctx, r)));
  if (rows.length === 0) return rows;
  const tracked = new Set(shadowIds(ctx.db, 'getDealInfo'));
  return rows.filter((r) => tracked.has(r.entityId));
}

export async function pushEdits(ctx: SyncContext): Promise<void> {
  let failure: SyncError | undefined;
  let total = 0;
  for (let round = 0; round < ctx.maxRounds; round++) {
    const rows = sendableRows(ctx, round);
    if (rows.length === 0) {
      failure = undefined;
      break;
    }
    if (round === 0) {
      total = rows.length;
      ctx.emit({ type: 'phase', phase: 'push', detail: `${rows.length} edits of ${new Set(rows.map((r) => r.entityId)).size} deals` });
    } else {
      await sleep(fullJitter(ctx.roundDelayMs * 2 ** (round - 1)), ctx.signal);
    }
    failure = undefined;
    const dealIds = [...new Set(rows.map((r) => r.entityId))];
    for (let i = 0; i < dealIds.length; i += ctx.batchSize) {
      try {
        await pushBatch(ctx, dealIds.slice(i, i + ctx.batchSize));
      } catch (error) {
        if (error instanceof SyncError && error.kind === 'unavailable') {
          failure = error;
          break;
        }
        throw error;
      }
      ctx.emit({ type: 'progress', phase: 'push', done: Math.max(0, total - sendableRows(ctx).length), total });
    }
  }
  const left = sendableRows(ctx).length;
  if (left > 0 && failure) throw new SyncError('unavailable', `${failure.message}; ${left} edit(s) stay queued for the next sync`);
  if (left > 0) ctx.emit({ type: 'warning', message: `${left} edit(s) could not be settled in ${ctx.maxRounds} rounds; they stay queued` });
}

async function pushBatch(ctx: SyncContext, dealIds: readonly string[]): Promise<void> {
  const db = ctx.db;
  // 1. A fresh read of every deal of the batch.
  const remote = new Map<string, SeedInfoResponseDto | null>();
  await Promise.all(
    dealIds.map((id) =>
      ctx.requests(async () => {
        const read = await ctx.client.read('getDealInfo', { id });
        if (read.ok) remote.set(id, read.body);
        else if (read.error.code === 'MissingEntity') remote.set(id, null);
        else throw new RemoteError('protocol', `the platform refused to read deal ${id}: ${read.error.code} ${read.error.message}`);
      }),
    ),
  );

  // 2. Per field: send, already applied, or conflict (one transaction; sent rows become inflight).
  const items: UpdateDealItemDto[] = [];
  const sent = new Map<string, number[]>();
  const applied = new Map<string, { id: number; value: unknown }[]>();
  const conflicted = new Set<string>();
  const gone: string[] = [];
  inSyncTransaction(db, () => {
    for (const dealId of dealIds) {
      const deal = remote.get(dealId);
      if (deal === null || deal === undefined) {
        gone.push(dealId);
        continue;
      }
      const updates: UpdateDealItemDto['updates'] = [];
      for (const row of outboxEntries(db, { entityId: dealId, statuses: ['pending', 'ambiguous'] })) {
        if (!isProperty(row.field)) continue;
        const property = row.field as BulkUpdateProperty;
        const theirs = readDealProperty(deal, property);
        let base = row.base;
        let decision = decidePush({ status: row.status, base, mine: row.value, sent: row.sent, hasSent: row.hasSent }, theirs);
        if (decision === 'applied-sent') {
          // The lost attempt landed, and a newer local edit waits: it now starts from what was sent.
          base = row.sent;
          decision = 'send';
        }
        if (decision === 'send') {
          updates.push({ property, value: toWireValue(property, row.value) });
          updateOutboxEntry(db, row.id, { base, status: 'inflight', sent: row.value, attempts: row.attempts + 1, lastError: null, nextAttemptAt: null });
          (sent.get(dealId) ?? sent.set(dealId, []).get(dealId)!).push(row.id);
        } else if (decision === 'applied') {
          (applied.get(dealId) ?? applied.set(dealId, []).get(dealId)!).push({ id: row.id, value: theirs });
        } else {
          updateOutboxEntry(db, row.id, { status: 'conflict', sent: null, lastError: `${CHANGED_REMOTELY}: the platform changed ${property} too` });
          conflicted.add(dealId);
        }
      }
      if (updates.length) items.push({ id: dealId, updates });
    }
  });
  for (const dealId of gone) applyGone(db, dealId);

  // 3. One bulk update for the batch.
  const confirmed = new Set<string>();
  if (items.length > 0) {
    let result;
    try {
      result = await ctx.client.write('bulkUpdateDeals', { itemsToUpdate: items });
    } catch (error) {
      const e = error instanceof SyncError ? error : new SyncError('unavailable', String(error));
      const unknown = !(e instanceof RemoteError) || e.mayHaveApplied;
      inSyncTransaction(db, () => {
        for (const ids of sent.values()) {
          for (const id of ids) {
            const nextAttemptAt = retryAt(ctx, outboxEntryById(db, id)?.attempts ?? 1);
            updateOutboxEntry(db, id, unknown ? { status: 'ambiguous', lastError: e.message, nextAttemptAt } : { status: 'pending', sent: null, lastError: e.message, nextAttemptAt });
          }
        }
      });
      throw e;
    }
    inSyncTransaction(db, () => {
      if (!result.ok) {
        const reason = `${result.error.code} ${result.error.target}: ${result.error.message}`;
        for (const ids of sent.values()) for (const id of ids) updateOutboxEntry(db, id, { status: 'rejected', sent: null, lastError: reason });
        return;
      }
      const errorsOf = new Map<string, UpdateEngineError[]>();
      for (const e of result.body.errors) (errorsOf.get(e.id) ?? errorsOf.set(e.id, []).get(e.id)!).push(e);
      const updated = new Set(result.body.updatedEntities);
      for (const [dealId, ids] of sent) {
        const errors = errorsOf.get(dealId);
        if (errors?.length) {
          // The offending fields are rejected; the deal's other fields go again without them.
          const rows = ids.map((id) => outboxEntryById(db, id)).filter((r): r is OutboxEntry => r !== undefined);
          const named = new Set(errors.map((e) => e.fieldName));
          const hit = rows.some((r) => named.has(r.field));
          for (const row of rows) {
            if (!hit || named.has(row.field)) {
              const own = errors.filter((e) => e.fieldName === row.field);
              updateOutboxEntry(db, row.id, { status: 'rejected', sent: null, lastError: describeErrors(own.length ? own : errors) });
            } else {
              updateOutboxEntry(db, row.id, { status: 'pending', sent: null });
            }
          }
        } else if (updated.has(dealId)) {
          confirmed.add(dealId);
        } else {
          for (const id of ids) updateOutboxEntry(db, id, { status: 'ambiguous' });
        }
      }
    });
  }

  // 4. Read the settled deals again: the shadow takes the platform's state, the rows go (and a
  //    conflict shows the user what the platform holds now).
  const settle = [...new Set([...confirmed, ...applied.keys(), ...conflicted])];
  if (settle.length === 0) return;
  const reader = newReader(ctx);
  try {
    await forEachDeal(ctx, settle, async (dealId) => {
      const graph = await readGraph(ctx, reader, dealId);
      if (graph === 'missing') {
        applyGone(db, dealId);
        return;
      }
      applyGraph(db, graph, ctx.positionOf(dealId), ctx.now().toISOString(), () => {
        const done: { id: number; value: unknown }[] = [];
        if (confirmed.has(dealId)) {
          for (const id of sent.get(dealId) ?? []) {
            const row = outboxEntryById(db, id);
            if (row?.status === 'inflight') done.push({ id, value: row.sent });
          }
        }
        done.push(...(applied.get(dealId) ?? []));
        for (const { id, value } of done) {
          const row = outboxEntryById(db, id);
          if (!row) continue;
          ctx.counters.pushed += 1;
          // A local edit made while the push ran starts from what the platform now holds.
          if (sameValue(row.value, value)) deleteOutboxEntry(db, id);
          else updateOutboxEntry(db, id, { base: value, sent: null, status: 'pending', attempts: 0 });
        }
      });
    });
  } catch (error) {
    // Confirmed but not yet re-read: settled by comparison in the next round or sync.
    inSyncTransaction(db, () => {
      for (const dealId of confirmed) {
        for (const id of sent.get(dealId) ?? []) if (outboxEntryById(db, id)?.status === 'inflight') updateOutboxEntry(db, id, { status: 'ambiguous' });
      }
    });
    throw error;
  }
}
