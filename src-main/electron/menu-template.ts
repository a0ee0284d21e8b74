import type { MenuCommand } from '../contract';

/**
 * The native menus as plain data (tested without Electron); menu.ts turns them into an Electron
 * Menu. App commands go to the renderer as 'menu.command' events over the one event channel;
 * editing and window items use Electron's built-in roles.
 */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'close'
  | 'zoom'
  | 'front'
  | 'reload'
  | 'toggleDevTools';

export type MenuItemSpec =
  | { type: 'separator' }
  | { role: MenuRole; label?: string }
  | { label: string; accelerator?: string; command: MenuCommand }
  /** role only where Electron adds to the menu on its own (macOS window list), never replacing ours. */
  | { label: string; role?: 'windowMenu'; submenu: MenuItemSpec[] };

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Development tools only in an unpackaged app. */
  isPackaged: boolean;
}

const separator = { type: 'separator' } as const;

export function buildMenuTemplate({ platform, appName, isPackaged }: MenuOptions): MenuItemSpec[] {
  const mac = platform === 'darwin';
  const template: MenuItemSpec[] = [];
  if (mac) {
    template.push({
      label: appName,
      submenu: [{ role: 'about' }, separator, { role: 'services' }, separator, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, separator, { role: 'quit' }],
    });
  }
  template.push(
    {
      label: 'File',
      submenu: [
        { label: 'New deal…', accelerator: 'Alt+N', command: 'deal.new' },
        { label: 'Import collaterals…', accelerator: 'CmdOrCtrl+I', command: 'go.import' },
        { label: 'Export cross-deal report…', accelerator: 'CmdOrCtrl+E', command: 'report.export' },
        separator,
        { label: mac ? 'Settings…' : 'Settings', accelerator: 'CmdOrCtrl+,', command: 'go.settings' },
        ...(mac ? [] : [separator, { role: 'quit' } as const]),
      ],
    },
    {
      label: 'Edit',
      submenu: [{ role: 'undo' }, { role: 'redo' }, separator, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }, separator, { label: 'Find deal', accelerator: 'CmdOrCtrl+F', command: 'pipeline.search' }],
    },
    {
      label: 'View',
      submenu: [
        { label: 'Deals pipeline', accelerator: 'CmdOrCtrl+1', command: 'go.pipeline' },
        { label: 'Cross-deal report', accelerator: 'CmdOrCtrl+2', command: 'go.report' },
        { label: 'Collateral import', accelerator: 'CmdOrCtrl+3', command: 'go.import' },
        { label: 'Sync', accelerator: 'CmdOrCtrl+4', command: 'go.sync' },
        { label: 'Portfolio stress', accelerator: 'CmdOrCtrl+5', command: 'go.stress' },
        separator,
        { label: 'Toggle dark mode', accelerator: 'CmdOrCtrl+Shift+L', command: 'theme.toggle' },
        separator,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
        ...(isPackaged ? [] : [separator, { role: 'reload' } as const, { role: 'toggleDevTools' } as const]),
      ],
    },
    {
      label: 'Window',
      role: 'windowMenu',
      submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
    },
  );
  return template;
}

/** Every app command a template sends, for tests and for checking the renderer handles them. */
export function commandsOf(items: readonly MenuItemSpec[]): MenuCommand[] {
  return items.flatMap((item) => ('submenu' in item ? commandsOf(item.submenu) : 'command' in item ? [item.command] : []));
}
