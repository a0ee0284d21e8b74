/**
 * The part of Electron the main bundle reaches, without the binary: enough for
 * out/main/index.js to start as in Electron (app ready, the store opened, the one IPC handler
 * registered, a window "opened") so that a test can call the channel table through that handler.
 * What a test needs to see or steer is real (the handlers, the app's paths, the save dialog's
 * answer); anything else is an inert object whose methods all return inert objects.
 *
 * Environment: UW_STUB_USER_DATA (app.getPath), UW_STUB_APP_PATH (app.getAppPath), UW_STUB_SAVE_DIR
 * (where the save dialog "chooses" to write, under the suggested file name).
 */
import { basename, join } from 'node:path';

/** What the test reads back: the IPC handlers the bundle registered. */
export const stubState = { handlers: new Map() };
globalThis.__uwElectronStub = stubState;

/** An object whose every property is a function returning another such object (never a promise). */
function inert(name) {
  const cache = new Map();
  const target = function () {};
  return new Proxy(target, {
    get(_, prop) {
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      if (!cache.has(prop)) cache.set(prop, inert(`${name}.${String(prop)}`));
      return cache.get(prop);
    },
    apply: () => inert(`${name}()`),
    construct: () => inert(`new ${name}`),
  });
}

/** `inert(name)` with the given members real. */
function withMembers(name, members) {
  const rest = inert(name);
  return new Proxy(members, { get: (own, prop) => (prop in own ? own[prop] : rest[prop]) });
}

const env = (key) => {
  const value = process.env[key];
  if (!value) throw new Error(`electron-stub: ${key} is not set`);
  return value;
};

export const app = withMembers('app', {
  isPackaged: false,
  whenReady: () => Promise.resolve(),
  requestSingleInstanceLock: () => true,
  getPath: (name) => join(env('UW_STUB_USER_DATA'), name),
  getAppPath: () => env('UW_STUB_APP_PATH'),
  getVersion: () => '0.0.0-stub',
  getName: () => 'Underwriting Workstation',
  on: () => app,
  once: () => app,
});

export const ipcMain = withMembers('ipcMain', {
  handle: (channel, handler) => void stubState.handlers.set(channel, handler),
  removeHandler: (channel) => void stubState.handlers.delete(channel),
});

export const dialog = withMembers('dialog', {
  showSaveDialog: async (...args) => ({ canceled: false, filePath: join(env('UW_STUB_SAVE_DIR'), basename(args.at(-1).defaultPath)) }),
});

const workArea = { x: 0, y: 0, width: 1280, height: 800 };
export const screen = withMembers('screen', { getPrimaryDisplay: () => ({ workArea }), getAllDisplays: () => [{ workArea }] });

/** No keychain here: the app keeps the sync secret in memory, as on a machine without one. */
export const safeStorage = withMembers('safeStorage', { isEncryptionAvailable: () => false });

export class BrowserWindow {
  static getAllWindows = () => [];
  static getFocusedWindow = () => null;
  constructor() {
    return inert('BrowserWindow');
  }
}

export const session = inert('session');
export const protocol = inert('protocol');
export const Menu = inert('Menu');
export const nativeTheme = inert('nativeTheme');
export const shell = inert('shell');
export const net = inert('net');
export const webContents = inert('webContents');
export const contextBridge = inert('contextBridge');
export const ipcRenderer = inert('ipcRenderer');

export default { app, ipcMain, dialog, screen, safeStorage, BrowserWindow, session, protocol, Menu, nativeTheme, shell, net, webContents, contextBridge, ipcRenderer };
