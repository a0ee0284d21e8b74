// What a sync reports while it runs: the CLI prints it, the UI can subscribe to it.

import type { SyncSummaryView } from '../contract';

export type SyncPhase = 'connect' | 'recover' | 'pull' | 'push' | 'done';

export type SyncEvent =
  | { type: 'phase'; phase: SyncPhase; detail?: string }
  | { type: 'progress'; phase: 'pull' | 'push'; done: number; total: number }
  | { type: 'retry'; method: string; path: string; attempt: number; reason: string }
  | { type: 'warning'; message: string };

/** What one sync did: the same shape the workstation shows (contract/channels/sync.ts). */
export type SyncSummary = SyncSummaryView;
