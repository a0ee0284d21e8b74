/**
 * Electron entry (electron-vite main entry -> out/main/index.js).
 *
 * Composition root of the desktop app: src-main/electron runs the window, the security
 * checklist, IPC, menus and dialogs; src-main/app is the channel table over the data directory
 * ($UW_DATA_DIR, else <userData>/data), opened with the Electron-ABI better-sqlite3 addon.
 * A new data directory starts empty and the UI offers the demo portfolio (first run).
 */
import { join } from 'node:path';
import { openWorkstation, unavailableDispatcher } from './app';
import { startElectronApp } from './electron';

startElectronApp({
  createDispatcher: (ctx) => {
    if (!ctx.betterSqliteBinding.ok) return unavailableDispatcher(ctx.betterSqliteBinding.message);
    const dataDir = process.env['UW_DATA_DIR'] || join(ctx.userDataPath, 'data');
    try {
      const workstation = openWorkstation({
        dataDir,
        nativeBinding: ctx.betterSqliteBinding.path,
        mode: 'electron',
        version: ctx.appVersion,
        emit: ctx.broadcast,
        exportTarget: async (request) => {
          const file = await ctx.chooseSavePath(request);
          return file === null ? null : { file };
        },
        // The client secret of the central platform: safeStorage (OS keychain), never the renderer.
        sync: { secrets: ctx.secretStore(dataDir) },
      });
      ctx.onQuit(() => workstation.close());
      return workstation.dispatch;
    } catch (error) {
      const message = `The data directory ${dataDir} cannot be opened: ${(error as Error).message.split('\n')[0]}`;
      console.error(`[uw] ${message}`);
      return unavailableDispatcher(message);
    }
  },
});
