import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../contract';
import { buildMenuTemplate, type MenuItemSpec, type MenuOptions } from './menu-template';

function toElectron(item: MenuItemSpec, send: (command: MenuCommand) => void): MenuItemConstructorOptions {
  if ('type' in item) return { type: 'separator' };
  if ('submenu' in item) return { label: item.label, ...(item.role ? { role: item.role } : {}), submenu: item.submenu.map((i) => toElectron(i, send)) };
  if ('command' in item) return { label: item.label, accelerator: item.accelerator, click: () => send(item.command) };
  return { role: item.role, ...(item.label ? { label: item.label } : {}) };
}

/** Installs the application menu; app commands reach the renderer through `send`. */
export function installMenu(options: MenuOptions, send: (command: MenuCommand) => void): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(options).map((item) => toElectron(item, send))));
}
