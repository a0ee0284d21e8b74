import type { AppEventName, AppEvents, ReportFormat } from '../contract/app-channels';
import type { GatewayContext } from '../gateway/context';

/** Where an export is written: a path the user chose (Electron) or a file the bridge serves (web). */
export interface ExportTarget {
  file: string;
  /** Web mode: the bridge URL the renderer downloads the finished file from. */
  downloadUrl?: string;
  /** The name the user sees (web mode: the download's name); default: the file's own name. */
  fileName?: string;
}

export type ExportTargetChooser = (request: { format: ReportFormat; suggestedName: string }) => Promise<ExportTarget | null>;

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
