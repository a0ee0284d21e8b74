import { describe, expect, it } from 'vitest';
import { MENU_COMMANDS } from '../../../src-main/contract';
import { buildMenuTemplate, commandsOf, type MenuItemSpec } from '../../../src-main/electron/menu-template';
import { defaultSavePath, saveDialogFilters, withExtension } from '../../../src-main/electron/save-dialog';

function roles(items: readonly MenuItemSpec[]): string[] {
  return items.flatMap((i) => ('submenu' in i ? roles(i.submenu) : 'role' in i ? [i.role] : []));
}

describe('native menus', () => {
  it('send only commands the renderer handles, and offer every one of them', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const commands = commandsOf(buildMenuTemplate({ platform, appName: 'Underwriting Workstation', isPackaged: true }));
      expect(new Set(commands)).toEqual(new Set(MENU_COMMANDS));
    }
  });

  it('have the application menu on macOS only, and quit in File elsewhere', () => {
    const mac = buildMenuTemplate({ platform: 'darwin', appName: 'UW', isPackaged: true });
    const win = buildMenuTemplate({ platform: 'win32', appName: 'UW', isPackaged: true });
    expect('label' in mac[0]! && mac[0].label).toBe('UW');
    expect(win.map((m) => ('label' in m ? m.label : ''))).toEqual(['File', 'Edit', 'View', 'Window']);
    expect(roles(win)).toContain('quit');
    expect(roles(mac)).toContain('quit');
  });

  it('offer the developer tools only in an unpackaged app', () => {
    expect(roles(buildMenuTemplate({ platform: 'linux', appName: 'UW', isPackaged: true }))).not.toContain('toggleDevTools');
    expect(roles(buildMenuTemplate({ platform: 'linux', appName: 'UW', isPackaged: false }))).toContain('toggleDevTools');
  });

  it('give every command a distinct accelerator', () => {
    const accelerators = (items: readonly MenuItemSpec[]): string[] =>
      items.flatMap((i) => ('submenu' in i ? accelerators(i.submenu) : 'accelerator' in i && i.accelerator ? [i.accelerator] : []));
    const all = accelerators(buildMenuTemplate({ platform: 'linux', appName: 'UW', isPackaged: true }));
    // Import is reachable from File and from View: the one shared accelerator is the same item twice.
    expect(all.filter((a) => a !== 'CmdOrCtrl+I' && a !== 'CmdOrCtrl+3').length).toBe(new Set(all.filter((a) => a !== 'CmdOrCtrl+I' && a !== 'CmdOrCtrl+3')).size);
  });
});

describe('the save dialog of an export', () => {
  it('filters by the format and starts in the documents folder', () => {
    expect(saveDialogFilters('csv')).toEqual([{ name: 'CSV (comma-separated values)', extensions: ['csv'] }]);
    expect(saveDialogFilters('xlsx')[0]!.extensions).toEqual(['xlsx']);
    expect(defaultSavePath('/home/u/Documents', 'collateral-report-2026-11-21.csv')).toBe('/home/u/Documents/collateral-report-2026-11-21.csv');
    expect(defaultSavePath('/home/u/Documents', '../x/y.csv')).toBe('/home/u/Documents/.._x_y.csv');
  });

  it('adds the extension the user left out', () => {
    expect(withExtension('/tmp/report', 'csv')).toBe('/tmp/report.csv');
    expect(withExtension('/tmp/report.CSV', 'csv')).toBe('/tmp/report.CSV');
    expect(withExtension('/tmp/report.csv', 'xlsx')).toBe('/tmp/report.csv.xlsx');
  });
});
