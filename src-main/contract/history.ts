import { z } from 'zod';
import { groupedDigits } from './scalars';

/*
 * A deal's history and notes (docs/history.md): what the History tab, the undo and the credit
 * memo read. No Node code: the renderer imports this file.
 */

/**
 * How a change was made:
 * - ui: an edit on the deal page (Loan terms), or a deal created in the app;
 * - bulk: the Bulk edit screen;
 * - api: the local HTTP API (who = the API client id);
 * - sync: a pull from the central platform (who = "platform");
 * - keep-mine / take-theirs: a conflict settled on the Sync screen;
 * - import: a collateral imported into the deal;
 * - undo: an undo of an earlier entry (undoOf names it).
 */
export const HISTORY_SOURCES = ['ui', 'bulk', 'api', 'sync', 'keep-mine', 'take-theirs', 'import', 'undo'] as const;
export const HistorySource = z.enum(HISTORY_SOURCES);
export type HistorySource = z.infer<typeof HistorySource>;

/** How each source is named on screen and in the credit memo. */
export const HISTORY_SOURCE_LABELS: Record<HistorySource, string> = {
  ui: 'Deal page',
  bulk: 'Bulk edit',
  api: 'Local API',
  sync: 'Sync pull',
  'keep-mine': 'Conflict: keep mine',
  'take-theirs': 'Conflict: take theirs',
  import: 'Import',
  undo: 'Undo',
};

/** The sources a caller of the deals.bulkUpdate channel may name (the rest are set by the core). */
export const EditSource = z.enum(['ui', 'bulk']);
export type EditSource = z.infer<typeof EditSource>;

/** The `field` of the entry that records a deal's creation (new value: its name and kind). */
export const CREATED_FIELD = '$created';
/** The `field` of an entry that records a collateral linked to the deal (new value: { id, name }). */
export const COLLATERAL_FIELD = 'collateral';

/** The name the history records for a pull from the platform. */
export const PLATFORM_ACTOR = 'platform';

/** One recorded change. Values are in their read form (rates as decimals), at full precision. */
export interface DealHistoryEntry {
  id: number;
  dealId: string;
  /** ISO-8601 UTC. */
  at: string;
  actor: string;
  source: HistorySource;
  /** A bulk-update property (RateSpread), another deals column (sync), CREATED_FIELD or COLLATERAL_FIELD. */
  field: string;
  /** undefined: there was none (a creation, a collateral newly linked). */
  oldValue?: unknown;
  newValue?: unknown;
  /** The entry this one undid. */
  undoOf: number | null;
}

export const DealHistoryFilter = z
  .object({
    field: z.string().min(1).max(100).optional(),
    source: HistorySource.optional(),
  })
  .strict();
export type DealHistoryFilter = z.infer<typeof DealHistoryFilter>;

export const NOTE_MAX_LENGTH = 10_000;
export const NoteText = z
  .string()
  .trim()
  .min(1, 'Write the note first.')
  .max(NOTE_MAX_LENGTH, `A note holds at most ${groupedDigits(NOTE_MAX_LENGTH)} characters.`);

export interface DealNote {
  id: number;
  dealId: string;
  /** ISO-8601 UTC. */
  at: string;
  author: string;
  text: string;
}

/** Why an undo was refused (the UI shows the message). */
export type UndoRefusal = 'NotFound' | 'NotUndoable' | 'ChangedSince' | 'Invalid';
