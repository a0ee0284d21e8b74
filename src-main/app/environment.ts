import type { AppEventName, AppEvents, ExportFileFormat } from '../contract';
import type { GatewayContext } from '../gateway';
import type { SyncOptions } from '../sync';
import type { SecretStore } from './sync-secret';

/** Where an export is written: a path the user chose (Electron) or a file the bridge serves (web). */
export interface ExportTarget {
  file: string;
  /** Web mode: the bridge URL the renderer downloads the finished file from. */
  downloadUrl?: string;
  /** The name the user sees (web mode: the download's name); default: the file's own name. */
  fileName?: string;
}

export type ExportTargetChooser = (request: { format: ExportFileFormat; suggestedName: string }) => Promise<ExportTarget | null>;

export type Emit = <E extends AppEventName>(event: E, payload: AppEvents[E]) => void;

/** What a transport gives the channel table: the open store, events out, and the host's file choice. */
export interface AppEnvironment {
  mode: 'electron' | 'web';
  gateway: GatewayContext;
  dataDir: string;
  version?: string;
  /** Sends an event to every window / web page of this launch. */
  emit: Emit;
  /** Electron: the native save dialog (null when cancelled). Web mode: a file the bridge will serve. */
  exportTarget: ExportTargetChooser;
  /** Diagnostics; never receives payloads or results (they may hold personal data). */
  log?: (message: string) => void;
  /** Sync with the central platform; defaults: the secret in a 0600 file of the data directory, background sync on. */
  sync?: SyncEnvironment;
}

/** How the channel table syncs (src-main/app/sync-service/). */
export interface SyncEnvironment {
  /** Where the client secret is kept: Electron safeStorage, a 0600 file, the environment. */
  secrets?: SecretStore;
  /** Background sync on an interval while connected (default true). */
  background?: boolean;
  /** Delay of the first background sync after the start (default 10 s). */
  firstDelayMs?: number;
  /** Engine options (tests: fast retries). */
  engine?: Partial<Pick<SyncOptions, 'retry' | 'timeoutMs' | 'roundDelayMs' | 'concurrency' | 'batchSize' | 'maxRounds'>>;
}

/** The seam both transports call: Electron IPC (ipc-policy handleInvoke) and the web bridge. */
export type AppDispatcher = (
  channel: string,
  payload: unknown,
  context?: unknown,
) => Promise<{ ok: true; value: unknown } | { ok: false; error: string; details?: unknown }>;

/**
 * The dispatcher of a workstation whose store could not be opened (no Electron build of the
 * SQLite addon, a data directory from a newer version): every call answers the reason, which
 * the UI shows in place of its screens.
 */
export function unavailableDispatcher(reason: string): AppDispatcher {
  return async () => ({ ok: false, error: reason, details: { code: 'StoreUnavailable' } });
}
