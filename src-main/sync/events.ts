// What a sync reports while it runs: the CLI prints it, the UI can subscribe to it.

export type SyncPhase = 'connect' | 'recover' | 'pull' | 'push' | 'done';

export type SyncEvent =
  | { type: 'phase'; phase: SyncPhase; detail?: string }
  | { type: 'progress'; phase: 'pull' | 'push'; done: number; total: number }
  | { type: 'retry'; method: string; path: string; attempt: number; reason: string }
  | { type: 'warning'; message: string };

export interface SyncSummary {
  /** Deals the platform lists. */
  remoteDeals: number;
  /** Deals whose local copy was written by the pull (new or changed). */
  pulled: number;
  /** Deals the pull found unchanged (nothing written). */
  unchanged: number;
  /** Deals removed here because the platform no longer has them. */
  removed: number;
  /** Local edits the platform confirmed. */
  pushed: number;
  /** Deals created offline that now exist on the platform. */
  created: number;
  /** Outbox rows in conflict after the sync (base, mine and theirs held for the user). */
  conflicts: number;
  /** Outbox rows the platform rejected (kept, visible and editable). */
  rejected: number;
  /** Edits still queued (not yet confirmed). */
  queued: number;
  /** Figures the mirror could only approximate (0 when every read is reproduced exactly). */
  inexact: number;
  requests: number;
  retries: number;
  durationMs: number;
}
