import { SYNC_INTERVAL_MINUTES, type CallErrorDetails, type SyncProgressView, type SyncRunRecord } from '../../contract';
import type { SqliteHandle } from '../../store';
import type { Emit, SyncEnvironment } from '../environment';
import type { SecretStore } from '../sync-secret';

/*
 * What the parts of the sync service share (index.ts builds them): its options, the state of
 * this launch (the contact with the platform, the running sync), the stored settings, and the
 * refusal the sync channels answer with.
 */

export const SETTINGS_KEY = 'sync.settings';
export const LAST_RUN_KEY = 'sync.lastRun';
export const LAST_SUCCESS_KEY = 'sync.lastSuccessAt';

export interface StoredSettings {
  baseUrl: string | null;
  authUrl: string | null;
  clientId: string | null;
  autoSync: boolean;
  intervalMinutes: number;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  baseUrl: null,
  authUrl: null,
  clientId: null,
  autoSync: true,
  intervalMinutes: SYNC_INTERVAL_MINUTES.default,
};

/** A refusal of a sync channel, with the details the UI places it by (channels/sync.ts makes it a ChannelError). */
export class SyncServiceError extends Error {
  constructor(
    message: string,
    readonly details: CallErrorDetails,
  ) {
    super(message);
    this.name = 'SyncServiceError';
  }
}

export interface SyncServiceOptions extends SyncEnvironment {
  db: SqliteHandle;
  dataDir: string;
  emit: Emit;
  log: (message: string) => void;
  /** The working copy of these deals (null: of any deal) changed through sync. */
  onDealsChanged: (dealIds: string[] | null) => void;
  now?: () => Date;
}

/** The one-line message of anything thrown, with the secret (should it ever be there) masked. */
export function describeError(error: unknown, secret: string | null): string {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  return secret ? message.split(secret).join('***') : message;
}

/** The sync that runs now: its cancel, its progress, its record once it ends. */
export interface RunningSync {
  abort: AbortController;
  progress: SyncProgressView;
  done: Promise<SyncRunRecord>;
}

/** The state of this launch, shared by the service's parts (never stored). */
export interface SyncLaunch {
  closed: boolean;
  /** The last contact with the saved platform. */
  contact: { state: 'unknown' | 'online' | 'offline'; error: string | null };
  /**
   * The connection a test just reached (address, auth address, client id, and a hash of the
   * secret: never the secret itself): saving exactly that connection keeps the workstation
   * online, so the form's "Connected" never stands beside a header that has not checked.
   */
  reached: string | null;
  current: RunningSync | null;
  /** Whether a client secret is kept (read at the start and after each change). */
  secretStored: boolean;
}

/** What every part of the service is built from. */
export interface SyncCore {
  options: SyncServiceOptions;
  db: SqliteHandle;
  dataDir: string;
  secrets: SecretStore;
  now: () => Date;
  launch: SyncLaunch;
  loadSettings(): StoredSettings;
  /** The client secret, or null (none kept, or one that cannot be read). */
  readSecret(): string | null;
  isConfigured(settings?: StoredSettings): boolean;
  /** The status event now, and at most one per interval while a sync reports progress. */
  emitStatus(): void;
  emitStatusSoon(): void;
  /** Sends the status event emitStatusSoon is holding back, if any. */
  flushStatus(): void;
}
