import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, safeStorage, session } from 'electron';
import type { SecretStore } from '../app';
import type { MenuCommand } from '../contract';
import { showSaveDialog } from './dialogs';
import { registerAppSchemeAsPrivileged, serveAppProtocol } from './app-protocol';
import { registerIpc, sendEvent } from './ipc';
import { unknownChannelDispatcher, type ChannelDispatcher } from './ipc-policy';
import { resolveBetterSqliteBinding, type NativeBindingResolution } from './native-binding';
import { hardenAllWebContents, hardenSession } from './security';
import { installMenu } from './menu';
import { defaultSavePath, withExtension, type SaveRequest } from './save-dialog';
import { createSafeStorageSecretStore } from './secret-store';
import { createMainWindow } from './window';
import { createWindowStateKeeper } from './window-state-store';

/** What the channel table (src-main/app, later) gets to build its dispatcher. */
export interface DispatcherContext {
  /**
   * The Electron-ABI better-sqlite3 addon to pass as `nativeBinding` when opening the store
   * (src-main/store/db.ts OpenOptions.nativeBinding). When it is missing, `message` says how
   * to build it; the store must not be opened with the Node-ABI addon inside Electron.
   */
  betterSqliteBinding: NativeBindingResolution;
  /** app.getPath('userData'): where the desktop app keeps its data directory. */
  userDataPath: string;
  /** Broadcast an event to every window over 'uw:event'. */
  broadcast: (event: string, payload: unknown) => void;
  /** app.getVersion() */
  appVersion: string;
  /**
   * The native save dialog for an export, starting in the user's documents folder with
   * `suggestedName`; the chosen path (with the format's extension), or null when cancelled.
   */
  chooseSavePath: (request: { format: SaveRequest['format']; suggestedName: string }) => Promise<string | null>;
  /** Runs once when the app quits (close the store). */
  onQuit: (cleanup: () => void) => void;
  /**
   * Where the client secret of the central platform is kept for a data directory: encrypted
   * with safeStorage (the OS keychain) in a 0600 file there; the panel warns on basic_text.
   */
  secretStore: (dataDir: string) => SecretStore;
}

export interface ElectronAppOptions {
  /** Builds the IPC dispatcher once the app is ready. Default: every channel is unknown. */
  createDispatcher?: (context: DispatcherContext) => ChannelDispatcher | Promise<ChannelDispatcher>;
}

// out/main/index.js -> out/preload, out/renderer (electron-vite's layout).
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the desktop app. Must be called while the entry module is evaluated (before 'ready'),
 * because app:// has to be registered as a privileged scheme before then.
 */
export function startElectronApp(options: ElectronAppOptions = {}): void {
  registerAppSchemeAsPrivileged();
  app.enableSandbox();

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
  hardenAllWebContents({ devServerUrl });

  let mainWindow: BrowserWindow | null = null;
  const openWindow = (): void => {
    const icon = join(app.isPackaged ? process.resourcesPath : app.getAppPath(), 'resources', 'icon.png');
    const windowState = createWindowStateKeeper();
    mainWindow = createMainWindow({
      preloadPath: join(outDir, 'preload', 'index.cjs'),
      iconPath: existsSync(icon) ? icon : undefined,
      devServerUrl,
      bounds: windowState.initial,
    });
    windowState.track(mainWindow);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(async () => {
    const ses = session.defaultSession;
    hardenSession(ses);
    serveAppProtocol(ses, join(outDir, 'renderer'));

    const betterSqliteBinding = resolveBetterSqliteBinding({
      electronVersion: process.versions.electron ?? 'unknown',
      platform: process.platform,
      arch: process.arch,
      isPackaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      appPath: app.getAppPath(),
    });
    if (!betterSqliteBinding.ok) console.warn(`[uw] ${betterSqliteBinding.message}`);

    const broadcast = (event: string, payload: unknown): void => {
      for (const window of BrowserWindow.getAllWindows()) sendEvent(window.webContents, event, payload);
    };
    const cleanups: (() => void)[] = [];
    app.once('will-quit', () => {
      for (const cleanup of cleanups.splice(0)) {
        try {
          cleanup();
        } catch (error) {
          console.error('[uw] cleanup failed:', (error as Error).message);
        }
      }
    });
    const dispatch = options.createDispatcher
      ? await options.createDispatcher({
          betterSqliteBinding,
          userDataPath: app.getPath('userData'),
          broadcast,
          appVersion: app.getVersion(),
          chooseSavePath: async ({ format, suggestedName }) => {
            const chosen = await showSaveDialog({ format, defaultPath: defaultSavePath(app.getPath('documents'), suggestedName) });
            return chosen === null ? null : withExtension(chosen, format);
          },
          onQuit: (cleanup) => cleanups.push(cleanup),
          secretStore: (dataDir) => createSafeStorageSecretStore({ safeStorage, dataDir, platform: process.platform }),
        })
      : unknownChannelDispatcher;
    registerIpc(dispatch);
    installMenu({ platform: process.platform, appName: app.getName(), isPackaged: app.isPackaged }, (command: MenuCommand) =>
      broadcast('menu.command', { command }),
    );

    openWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  });
}
