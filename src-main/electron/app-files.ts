import { extname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './csp';
import { isAppUrl, parseUrl } from './navigation-policy';

/**
 * Maps an app:// request to a file under the renderer build (out/renderer), refusing anything
 * that is not app://workstation/... or that would leave the root (../, encoded ..%2f, NUL bytes,
 * absolute or drive-letter paths). Returns null for a refused request. Pure: no file-system
 * access; the protocol handler decides about missing files.
 */
export function resolveAppFile(requestUrl: string, rootDir: string): string | null {
  if (!isAppUrl(requestUrl)) return null;
  const url = parseUrl(requestUrl);
  if (!url) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null; // malformed percent-encoding
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relativePath = pathname.replace(/^\/+/, '');
  if (relativePath === '') return join(rootDir, 'index.html');
  if (isAbsolute(relativePath) || /^[a-zA-Z]:/.test(relativePath)) return null;
  const root = normalize(rootDir);
  const candidate = normalize(join(root, relativePath));
  const rel = relative(root, candidate);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return candidate;
}

/**
 * A path without an extension that does not exist is a client-side route: serve index.html
 * (single-page app). Paths with an extension are real assets and get a 404 when missing.
 */
export function isSpaRoute(requestUrl: string): boolean {
  const url = parseUrl(requestUrl);
  return url !== null && extname(url.pathname) === '';
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers of every app:// response: the CSP, no MIME sniffing, no caching of a stale UI. */
export function appResponseHeaders(file: string): Record<string, string> {
  return {
    'content-type': contentTypeFor(file),
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  };
}
