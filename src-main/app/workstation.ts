import { join, resolve } from 'node:path';
import { createOfflinePlaceLookup, resumePendingImports } from '../gateway';
import { closeSqliteStore, loadSystemConfig, openSqliteStore, STORE_FILE } from '../store';
import { createChannelTable } from './channels';
import type { AppDispatcher, Emit, ExportTargetChooser, SyncEnvironment } from './environment';

export interface OpenWorkstationOptions {
  dataDir: string;
  /** Electron: the Electron-ABI better-sqlite3 addon. */
  nativeBinding?: string;
  mode: 'electron' | 'web';
  version?: string;
  emit: Emit;
  exportTarget: ExportTargetChooser;
  /** Sync with the central platform: the secret store (Electron: safeStorage), background sync. */
  sync?: SyncEnvironment;
}

export interface Workstation {
  dispatch: AppDispatcher;
  dataDir: string;
  close(): void;
}

/**
 * Opens a data directory for the desktop app: the store (migrated), the system configuration,
 * the offline place lookup, pending imports resumed, and the channel table over all of it.
 */
export function openWorkstation(options: OpenWorkstationOptions): Workstation {
  const dataDir = resolve(options.dataDir);
  const config = loadSystemConfig(dataDir);
  const store = openSqliteStore({ file: join(dataDir, STORE_FILE), ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
  try {
    const gateway = { store, places: createOfflinePlaceLookup(), config, now: () => new Date() };
    const table = createChannelTable({
      mode: options.mode,
      gateway,
      dataDir,
      version: options.version,
      emit: options.emit,
      exportTarget: options.exportTarget,
      sync: options.sync,
    });
    void resumePendingImports(gateway);
    return {
      dispatch: table.dispatch,
      dataDir,
      close() {
        table.close();
        void closeSqliteStore(store);
      },
    };
  } catch (error) {
    void closeSqliteStore(store);
    throw error;
  }
}
