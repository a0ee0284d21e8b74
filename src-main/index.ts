/**
 * Electron entry (electron-vite main entry -> out/main/index.js).
 *
 * Composition root of the desktop app. Everything Electron-specific lives in src-main/electron;
 * the channel table (src-main/app) will be plugged in here through `createDispatcher`, e.g.
 *
 *   startElectronApp({ createDispatcher: (ctx) => createAppDispatcher({ ...ctx }) });
 *
 * Until then every IPC channel answers { ok: false, error: 'unknown channel' }.
 */
import { startElectronApp } from './electron/main';

startElectronApp();
