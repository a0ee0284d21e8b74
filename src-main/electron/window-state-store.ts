import { screen, type BrowserWindow } from 'electron';
import Store from 'electron-store';
import { captureWindowState, restoreWindowState, type WindowState } from './window-state';

/** The main window's bounds in electron-store (userData/window-state.json), validated on read. */
export interface WindowStateKeeper {
  initial: WindowState;
  track(window: BrowserWindow): void;
}

export function createWindowStateKeeper(): WindowStateKeeper {
  const store = new Store<{ mainWindow?: unknown }>({ name: 'window-state', clearInvalidConfig: true });
  const primary = screen.getPrimaryDisplay().workArea;
  const initial = restoreWindowState(
    store.get('mainWindow'),
    screen.getAllDisplays().map((d) => d.workArea),
    primary,
  );
  return {
    initial,
    track(window) {
      let timer: NodeJS.Timeout | undefined;
      const save = () => {
        if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
        store.set('mainWindow', captureWindowState(window.getNormalBounds(), window.isMaximized()));
      };
      const later = () => {
        clearTimeout(timer);
        timer = setTimeout(save, 500);
      };
      window.on('resize', later);
      window.on('move', later);
      window.on('maximize', save);
      window.on('unmaximize', save);
      window.on('close', () => {
        clearTimeout(timer);
        save();
      });
    },
  };
}
