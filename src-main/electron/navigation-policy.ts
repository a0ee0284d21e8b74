import { APP_HOST, APP_SCHEME } from './constants';

/** new URL() that returns null instead of throwing on anything that is not an absolute URL. */
export function parseUrl(url: unknown): URL | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > 8192) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True only for app://workstation/... : the scheme and host the UI is served from, with no
 * credentials and no port (app://workstation@evil.example/ parses to host evil.example).
 */
export function isAppUrl(url: unknown): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname.toLowerCase() === APP_HOST &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

export interface NavigationOptions {
  /**
   * Origin of the electron-vite dev server (ELECTRON_RENDERER_URL), honoured only in an
   * unpackaged app. Must be http(s) on a loopback host, otherwise it is ignored.
   */
  devServerUrl?: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The dev server's origin if it is a loopback http(s) URL, else null. */
export function devServerOrigin(devServerUrl: string | undefined): string | null {
  const parsed = parseUrl(devServerUrl);
  if (!parsed) return null;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!LOOPBACK_HOSTS.has(parsed.hostname)) return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  return parsed.origin;
}

/**
 * May a window (top frame or subframe) navigate or be redirected to `url`?
 * Only within the app itself (a reload, an in-app link); every other destination, including
 * file:, data:, javascript:, http(s) and other custom schemes, is denied.
 */
export function isAllowedNavigation(url: unknown, options: NavigationOptions = {}): boolean {
  if (isAppUrl(url)) return true;
  const dev = devServerOrigin(options.devServerUrl);
  if (dev === null) return false;
  const parsed = parseUrl(url);
  return parsed !== null && parsed.origin === dev;
}

/** setWindowOpenHandler's answer: the app never opens a second window or a popup. */
export function windowOpenDecision(_url: unknown): { action: 'deny' } {
  return { action: 'deny' };
}
