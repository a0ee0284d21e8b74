import { BrowserWindow, nativeTheme } from 'electron';
import { APP_ENTRY_URL } from './constants';
import { devServerOrigin } from './navigation-policy';

export interface MainWindowOptions {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Window icon (resources/icon.png), when present. */
  iconPath?: string | undefined;
  /** electron-vite dev server (unpackaged only); otherwise the UI comes from app://. */
  devServerUrl?: string | undefined;
  /** Saved size and position (window-state.ts); default size otherwise. */
  bounds?: { x: number; y: number; width: number; height: number; maximized: boolean } | undefined;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: options.bounds?.width ?? 1440,
    height: options.bounds?.height ?? 900,
    ...(options.bounds ? { x: options.bounds.x, y: options.bounds.y } : {}),
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Underwriting Workstation',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#242424' : '#ffffff',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => {
    if (options.bounds?.maximized) window.maximize();
    window.show();
  });
  const dev = devServerOrigin(options.devServerUrl);
  void window.loadURL(dev !== null && options.devServerUrl ? options.devServerUrl : APP_ENTRY_URL);
  return window;
}
