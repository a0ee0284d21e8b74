import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { protocol, type Session } from 'electron';
import { appResponseHeaders, isSpaRoute, resolveAppFile } from './app-files';
import { APP_SCHEME } from './constants';

/**
 * app:// must be registered as a privileged, standard, secure scheme BEFORE app 'ready'
 * (Electron's rule): standard gives it real origins (so 'self' in the CSP and relative URLs
 * work), secure makes it a secure context like https.
 */
export function registerAppSchemeAsPrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Serves out/renderer on app://workstation/ for `session`, every response with the CSP header. */
export function serveAppProtocol(session: Session, rendererRoot: string): void {
  session.protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405 });
    }
    let file = resolveAppFile(request.url, rendererRoot);
    if (file === null) return new Response('Not Found', { status: 404 });
    if (!(await isFile(file))) {
      if (!isSpaRoute(request.url)) return new Response('Not Found', { status: 404 });
      file = join(rendererRoot, 'index.html');
    }
    const body = request.method === 'HEAD' ? null : await readFile(file);
    return new Response(body, { status: 200, headers: appResponseHeaders(file) });
  });
}
