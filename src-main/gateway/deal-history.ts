import {
  type BulkUpdateProperty,
  type DealHistoryEntry,
  type DealHistoryFilter,
  type DealNote,
  NoteText,
  type UndoRefusal,
} from '../contract';
import { bulkUpdateDealsGuarded } from './bulk-update';
import { isBulkUpdateProperty, PROPERTY_COLUMNS } from './bulk-update-rules';
import { actingAs, actorOf, type GatewayContext } from './context';
import { toWireValue } from './wire-value';

// A deal's history, its notes and the undo of a recorded edit (docs/history.md). The credit
// memo reads getDealHistory and getDealNotes; the channels of src-main/app/channels/history.ts
// call all of them.

/** A deal's recorded changes, newest first; `filter` keeps one field and/or one source. */
export function getDealHistory(ctx: GatewayContext, dealId: string, filter?: DealHistoryFilter): Promise<DealHistoryEntry[]> {
  return ctx.store.dealHistory(dealId, filter);
}

/** A deal's notes, newest first. */
export function getDealNotes(ctx: GatewayContext, dealId: string): Promise<DealNote[]> {
  return ctx.store.dealNotes(dealId);
}

export type AddNoteResult = { ok: true; note: DealNote } | { ok: false; target: 'dealId' | 'text'; message: string };

/** Adds a dated note to a deal, by the context's actor (the local user, or the API client). */
export async function addDealNote(ctx: GatewayContext, dealId: string, text: string): Promise<AddNoteResult> {
  const parsed = NoteText.safeParse(text);
  if (!parsed.success) return { ok: false, target: 'text', message: parsed.error.issues[0]!.message };
  if (!(await ctx.store.existingDealIdSet([dealId])).has(dealId)) return { ok: false, target: 'dealId', message: `No deal exists with id ${dealId}.` };
  const note = await ctx.store.insertDealNote({ dealId, at: ctx.now().toISOString(), author: (await actorOf(ctx)).who, text: parsed.data });
  return { ok: true, note };
}

export type UndoResult = { ok: true; entry: DealHistoryEntry } | { ok: false; code: UndoRefusal; message: string };

class UndoRefused extends Error {
  constructor(
    readonly code: UndoRefusal,
    message: string,
  ) {
    super(message);
  }
}

const SOURCE_WORDS: Record<DealHistoryEntry['source'], string> = {
  ui: 'an edit on the deal page',
  bulk: 'a bulk edit',
  api: 'the local API',
  sync: 'a sync from the platform',
  'keep-mine': 'a conflict settled with keep mine',
  'take-theirs': 'a conflict settled with take theirs',
  import: 'an import',
  undo: 'an undo',
};

/** A recorded time as a message shows it: 2026-11-26 16:19 UTC. */
const when = (at: string): string => `${at.slice(0, 16).replace('T', ' ')} UTC`;

/** Whether two column values are the same (numbers exactly, empty as empty). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || ((a === null || a === undefined) && (b === null || b === undefined));
}

/**
 * Undoes one recorded edit: sets the field back to the entry's old value through the bulk update
 * (the same validation, the same outbox, recorded as source undo). Refused when the entry is not
 * an edit of a field, or when the field has changed since (a later entry of it, or a current
 * value other than the entry's new value): the newer change must be undone first. The check and
 * the write run in one transaction.
 */
export async function undoHistoryEntry(ctx: GatewayContext, entryId: number): Promise<UndoResult> {
  const entry = await ctx.store.historyEntry(entryId);
  if (!entry) return { ok: false, code: 'NotFound', message: `No history entry ${entryId} exists.` };
  if (!isBulkUpdateProperty(entry.field)) {
    return { ok: false, code: 'NotUndoable', message: 'Only an edit of a deal field can be undone; a creation or an imported collateral cannot.' };
  }
  if (entry.source === 'keep-mine') {
    return { ok: false, code: 'NotUndoable', message: 'Keep mine changed nothing on this workstation: edit the field to change it.' };
  }
  const property: BulkUpdateProperty = entry.field;
  const column = PROPERTY_COLUMNS[property];
  const undoCtx = actingAs(ctx, { who: (await actorOf(ctx)).who, source: 'undo', undoOf: entry.id });
  const request = { itemsToUpdate: [{ id: entry.dealId, updates: [{ property, value: toWireValue(property, entry.oldValue) }] }] };
  let result: Awaited<ReturnType<typeof bulkUpdateDealsGuarded>>;
  try {
    // The checks run inside the bulk update's unit (through tx), so they hold for its write.
    result = await bulkUpdateDealsGuarded(undoCtx, request, async (tx) => {
      const later = await tx.laterEntryOfField(entry);
      if (later) {
        throw new UndoRefused(
          'ChangedSince',
          later.undoOf === entry.id
            ? `This change was already undone (${when(later.at)} by ${later.actor}).`
            : `${property} has changed again since (${when(later.at)} by ${later.actor}, through ${SOURCE_WORDS[later.source]}): undo the newer change first.`,
        );
      }
      if (!sameValue(await tx.currentDealValue(entry.dealId, column), entry.newValue)) {
        throw new UndoRefused('ChangedSince', `${property} no longer holds the value this change set: it has changed since.`);
      }
    });
  } catch (error) {
    if (error instanceof UndoRefused) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
  if (!result.success) return { ok: false, code: 'Invalid', message: result.error?.message ?? 'The undo was refused.' };
  const refused = result.errors[0];
  if (refused) return { ok: false, code: 'Invalid', message: `The undo was refused: ${refused.description}` };
  const recorded = (await ctx.store.dealHistory(entry.dealId, { field: property, source: 'undo' }))[0];
  if (!recorded || recorded.undoOf !== entry.id) throw new Error(`undo of history entry ${entry.id} left no history entry`);
  return { ok: true, entry: recorded };
}
