import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Electron-facing modules, with 'electron' replaced by fakes (the real module throws
 * under Node). Checks that the wiring applies the tested policies and the checklist settings.
 */
const electron = vi.hoisted(() => {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const windows: { options: Record<string, unknown>; url?: string }[] = [];
  return {
    handlers,
    windows,
    ipcMain: {
      handle: (channel: string, handler: (...args: unknown[]) => unknown) => handlers.set(channel, handler),
      removeHandler: (channel: string) => handlers.delete(channel),
    },
    app: { on: () => undefined },
    nativeTheme: { shouldUseDarkColors: false },
    BrowserWindow: class {
      constructor(options: Record<string, unknown>) {
        windows.push({ options });
      }
      once() {}
      loadURL(url: string) {
        windows[windows.length - 1]!.url = url;
        return Promise.resolve();
      }
    },
    protocol: { registerSchemesAsPrivileged: () => undefined },
  };
});
vi.mock('electron', () => ({ default: electron, ...electron }));

const { hardenSession, hardenWebContents } = await import('../../../src-main/electron/security');
const { registerIpc } = await import('../../../src-main/electron/ipc');
const { createMainWindow } = await import('../../../src-main/electron/window');

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

class FakeContents extends EventEmitter {
  openHandler?: (details: { url: string }) => unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
    this.openHandler = handler;
  }
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('hardenWebContents', () => {
  it('blocks navigation and redirects away from the app, and every window.open', () => {
    const contents = new FakeContents();
    hardenWebContents(contents as never, {});
    const away = navigationEvent('https://example.com/');
    const home = navigationEvent('app://workstation/index.html');
    contents.emit('will-frame-navigate', away);
    contents.emit('will-frame-navigate', home);
    expect(away.preventDefault).toHaveBeenCalled();
    expect(home.preventDefault).not.toHaveBeenCalled();
    const redirect = navigationEvent('file:///etc/passwd');
    contents.emit('will-redirect', redirect);
    expect(redirect.preventDefault).toHaveBeenCalled();
    expect(contents.openHandler?.({ url: 'app://workstation/index.html' })).toEqual({ action: 'deny' });
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });
});

describe('hardenSession', () => {
  it('denies permission requests and checks', () => {
    const session = Object.assign(new EventEmitter(), {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      setDisplayMediaRequestHandler: vi.fn(),
    });
    hardenSession(session as never);
    const request = session.setPermissionRequestHandler.mock.calls[0]![0];
    const callback = vi.fn();
    request({}, 'media', callback, { requestingUrl: 'app://workstation/index.html' });
    expect(callback).toHaveBeenCalledWith(false);
    const check = session.setPermissionCheckHandler.mock.calls[0]![0];
    expect(check({}, 'clipboard-read', 'app://workstation')).toBe(false);
    expect(session.setDevicePermissionHandler.mock.calls[0]![0]({ deviceType: 'usb' })).toBe(false);
    const capture = vi.fn();
    session.setDisplayMediaRequestHandler.mock.calls[0]![0]({}, capture);
    expect(capture).toHaveBeenCalledWith(null);
  });
});

describe('registerIpc', () => {
  it('registers uw:invoke, checks the sender frame and answers unknown channel', async () => {
    const dispatch = vi.fn().mockResolvedValue({ ok: false, error: 'unknown channel' });
    const unregister = registerIpc(dispatch);
    const handler = electron.handlers.get('uw:invoke')!;
    const mainFrame = { url: 'app://workstation/index.html' };
    await expect(
      handler({ senderFrame: mainFrame, sender: { mainFrame } }, { channel: 'deals.list', payload: {} }),
    ).resolves.toEqual({ ok: false, error: 'unknown channel' });
    const evil = { url: 'https://example.com/' };
    await expect(handler({ senderFrame: evil, sender: { mainFrame: evil } }, { channel: 'deals.list' })).resolves.toEqual({
      ok: false,
      error: 'untrusted sender',
    });
    const subframe = { url: 'app://workstation/index.html' };
    await expect(handler({ senderFrame: subframe, sender: { mainFrame } }, { channel: 'deals.list' })).resolves.toEqual({
      ok: false,
      error: 'untrusted sender',
    });
    expect(dispatch).toHaveBeenCalledTimes(1);
    unregister();
    expect(electron.handlers.has('uw:invoke')).toBe(false);
  });
});

describe('createMainWindow', () => {
  it('uses the security checklist settings and loads the UI from app://', () => {
    createMainWindow({ preloadPath: '/x/out/preload/index.cjs' });
    const created = electron.windows.at(-1)!;
    expect(created.options['webPreferences']).toMatchObject({
      preload: '/x/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(created.url).toBe('app://workstation/index.html');
  });

  it('opens at the saved size and position', () => {
    createMainWindow({ preloadPath: '/p.cjs', bounds: { x: 40, y: 50, width: 1200, height: 800, maximized: false } });
    expect(electron.windows.at(-1)!.options).toMatchObject({ x: 40, y: 50, width: 1200, height: 800 });
  });

  it('ignores a dev server URL that is not loopback', () => {
    createMainWindow({ preloadPath: '/p.cjs', devServerUrl: 'https://example.com/' });
    expect(electron.windows.at(-1)!.url).toBe('app://workstation/index.html');
    createMainWindow({ preloadPath: '/p.cjs', devServerUrl: 'http://localhost:5173/' });
    expect(electron.windows.at(-1)!.url).toBe('http://localhost:5173/');
  });
});
