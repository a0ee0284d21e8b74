import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import { DealHistoryFilter, NoteText, type DealHistoryEntry, type DealNote } from '../history';
import { byDealId, Empty, Id } from './shared';

// A deal's history, undo and notes (docs/history.md), and the name they are signed with.

export const HISTORY_CHANNELS = {
  'deal.history': channel(DealHistoryFilter.extend({ dealId: Id }).strict()).returns<DealHistoryEntry[]>(),
  /** Undoes one history entry; refused (details.code UndoRefused) when the field changed since. */
  'deal.undo': channel(z.object({ entryId: z.int().positive() }).strict()).returns<{ entry: DealHistoryEntry }>(),
  'deal.notes': channel(byDealId).returns<DealNote[]>(),
  'deal.addNote': channel(z.object({ dealId: Id, text: NoteText }).strict()).returns<DealNote>(),
  /** The name local changes and notes are recorded under (a setting; the OS user name by default). */
  'history.user': channel(Empty).returns<{ name: string }>(),
  'history.setUser': channel(z.object({ name: z.string().max(100) }).strict()).returns<{ name: string }>(),
} as const satisfies Record<string, ChannelSpec>;
