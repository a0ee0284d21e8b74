import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import { Empty } from './shared';

// Sync with the central platform (the client secret goes in, never comes back out).

/** An http(s) URL without credentials, query or fragment (the platform's base_url or auth_url). */
export const SyncUrl = z
  .string()
  .trim()
  .min(1, 'Enter the address of the platform.')
  .max(2000)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  }, 'An http:// or https:// address, without user, query or fragment.');

export const SYNC_INTERVAL_MINUTES = { min: 1, max: 24 * 60, default: 15 } as const;

export const SyncConfigureInput = z
  .object({
    baseUrl: SyncUrl,
    /** The token server, when it is not the platform's own origin; null or omitted: the origin. */
    authUrl: SyncUrl.nullable().optional(),
    clientId: z.string().trim().min(1, 'Enter the client id.').max(200),
    /** A new client secret to keep (omitted: keep the stored one). Never returned, never logged. */
    secret: z.string().min(1).max(1024).optional(),
    /** Forget the stored secret. */
    clearSecret: z.boolean().optional(),
    /** Background sync while connected. */
    autoSync: z.boolean().optional(),
    intervalMinutes: z.int().min(SYNC_INTERVAL_MINUTES.min).max(SYNC_INTERVAL_MINUTES.max).optional(),
  })
  .strict();
export type SyncConfigureInput = z.infer<typeof SyncConfigureInput>;

/** Test the saved connection, or the values of the form (a secret omitted: the stored one). */
export const SyncTestInput = z
  .object({
    baseUrl: SyncUrl.optional(),
    authUrl: SyncUrl.nullable().optional(),
    clientId: z.string().trim().min(1).max(200).optional(),
    secret: z.string().min(1).max(1024).optional(),
  })
  .strict();
export type SyncTestInput = z.infer<typeof SyncTestInput>;

export const SyncMode = z.enum(['full', 'pull-only', 'push-only']);
export type SyncMode = z.infer<typeof SyncMode>;
export const SyncRunInput = z.object({ mode: SyncMode.optional() }).strict();
export type SyncRunInput = z.infer<typeof SyncRunInput>;

export const SyncOutboxRowInput = z.object({ id: z.int().positive() }).strict();
export type SyncOutboxRowInput = z.infer<typeof SyncOutboxRowInput>;

export const SYNC_CHANNELS = {
  'sync.status': channel(Empty).returns<SyncStatusView>(),
  'sync.configure': channel(SyncConfigureInput).returns<SyncStatusView>(),
  'sync.testConnection': channel(SyncTestInput).returns<SyncTestResult>(),
  'sync.run': channel(SyncRunInput).returns<SyncRunRecord>(),
  'sync.cancel': channel(Empty).returns<{ cancelling: boolean }>(),
  'sync.outbox': channel(Empty).returns<SyncOutboxView>(),
  /** A conflict: mine goes to the platform at the next sync. A rejected edit: send it again. */
  'sync.keepMine': channel(SyncOutboxRowInput).returns<SyncOutboxView>(),
  /** A conflict: the working copy takes the platform's value. A rejected edit: discard it. */
  'sync.takeTheirs': channel(SyncOutboxRowInput).returns<SyncOutboxView>(),
} as const satisfies Record<string, ChannelSpec>;

/**
 * Where the workstation stands with the central platform: not-connected (no address, client id
 * or secret), unknown (configured, not contacted since the start), online (the last contact
 * worked), offline (it failed: lastError says why), syncing.
 */
export type SyncConnection = 'not-connected' | 'unknown' | 'online' | 'offline' | 'syncing';
export type SyncTrigger = 'manual' | 'background';
export type SyncPhaseName = 'connect' | 'recover' | 'pull' | 'push' | 'done';

/** The figures of one completed sync (the sync engine's summary). */
export interface SyncSummaryView {
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

export interface SyncProgressView {
  trigger: SyncTrigger;
  mode: SyncMode;
  phase: SyncPhaseName;
  detail: string | null;
  /** Deals read (pull) or edits settled (push) so far, of total, in the current phase. */
  done: number;
  total: number;
  /** The whole sync, 0-100. */
  percent: number;
  retries: number;
  startedAt: string;
  cancelling: boolean;
}

export interface SyncRunRecord {
  trigger: SyncTrigger;
  mode: SyncMode;
  startedAt: string;
  finishedAt: string;
  outcome: 'completed' | 'failed' | 'cancelled';
  summary: SyncSummaryView | null;
  /** Why it failed (one line, never the secret). */
  error: string | null;
}

export type SyncOutboxStatus = 'pending' | 'inflight' | 'ambiguous' | 'conflict' | 'rejected';

export interface SyncStatusView {
  settings: {
    baseUrl: string | null;
    authUrl: string | null;
    clientId: string | null;
    autoSync: boolean;
    intervalMinutes: number;
  };
  /** Whether a client secret is kept, and how; the secret itself never leaves the main process. */
  secret: {
    stored: boolean;
    /** 'environment': UW_CLIENT_SECRET (it cannot be changed from the UI). */
    source: 'stored' | 'environment' | null;
    /** How the secret is kept, in words (e.g. "encrypted with the system keychain"). */
    storage: string;
    /** False: kept only until the app quits. */
    persistent: boolean;
    /** Something the user should know about how the secret is kept (e.g. no OS keyring). */
    warning: string | null;
  };
  /** Address, client id and secret are all there. */
  configured: boolean;
  /** The platform this data directory is linked to (after its first sync); it refuses another. */
  linkedTo: string | null;
  connection: SyncConnection;
  /** The last failed contact's reason (offline), else null. */
  lastError: string | null;
  running: SyncProgressView | null;
  last: SyncRunRecord | null;
  lastSuccessAt: string | null;
  /** When the next background sync is due (null: background sync is off). */
  nextRunAt: string | null;
  outbox: Record<SyncOutboxStatus, number>;
}

export type SyncTestResult =
  | { ok: true; baseUrl: string; dealCount: number; durationMs: number; warning: string | null }
  | { ok: false; baseUrl: string | null; kind: 'unavailable' | 'auth' | 'protocol' | 'local' | 'aborted' | 'incomplete'; message: string };

export interface SyncOutboxItem {
  id: number;
  dealId: string;
  /** The deal's name in the working copy (null when the deal is gone here). */
  dealName: string | null;
  /** A bulk-update property, or '$create' for a deal created offline. */
  field: string;
  status: SyncOutboxStatus;
  /** The platform's value when the edit started (read form: ratios as decimals). */
  base: unknown;
  /** The local value. */
  mine: unknown;
  /** What the platform holds now, as last read (null with theirsKnown false when unknown). */
  theirs: unknown;
  theirsKnown: boolean;
  reason: string | null;
  deletedRemotely: boolean;
  attempts: number;
  updatedAt: string;
}

export interface SyncOutboxView {
  items: SyncOutboxItem[];
  counts: Record<SyncOutboxStatus, number>;
  /** What is only on this workstation and no outbox row will send. */
  localOnly: SyncLocalOnlyView;
}

export interface SyncLocalOnlyView {
  /** Deals created here once linked, waiting for the platform to confirm their create (counted in the outbox too). */
  newDealsWaiting: number;
  /** Deals created here before the data directory was linked to the platform. */
  createdHere: number;
  /** Other deals the platform does not have, not created here (the demo portfolio's sample, or older ones). */
  otherDeals: number;
  /** Collaterals imported here into deals of the platform. */
  importedCollaterals: number;
}

