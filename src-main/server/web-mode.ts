import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, BRIDGE_PATH_PREFIX, OAUTH_TOKEN_PATH, SESSION_QUERY_PARAM } from '../contract';
import { isValidSession, refuseForeign, sessionCookie, type WebOriginPolicy } from './web-origin';

export interface WebModeOptions {
  /** The per-launch session secret. */
  session: string;
  /** The built renderer. */
  rendererDir: string;
  /** Which host names and origins may use the web mode. */
  policy: WebOriginPolicy;
}

/**
 * Headers of every web-mode response outside the API. The page's own <meta> CSP (the same
 * policy as the Electron app://, script-src 'self') cannot carry frame-ancestors, so it comes
 * as a header here: the workstation may not be framed (clickjacking). No referrer ever leaves
 * the page.
 */
export const WEB_MODE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** The API and the token endpoint answer their own clients (any host); the bridge guards itself. */
const notWebPage = (url: string) => url.startsWith(API_PREFIX) || url.startsWith(OAUTH_TOKEN_PATH) || url.startsWith(`${BRIDGE_PATH_PREFIX}/`);

/**
 * Serves the built renderer at `/` so the workstation runs in a browser where Electron cannot.
 * The page is refused to a host name the server does not go by, and its assets to requests of
 * another origin (web-origin.ts); opening it from a link on another site is fine. The link `uw serve --web`
 * prints (`/?session=SECRET`) answers with a redirect to the same address without the secret,
 * setting the session cookie when the secret is this launch's: the secret never stays in the
 * address bar, the history or a bookmark, and every tab of the browser reaches the bridge.
 */
export async function registerWebMode(app: FastifyInstance, web: WebModeOptions): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (notWebPage(request.url)) return;
    // Opening the page from a link elsewhere (a chat, a mail) is fine; only its host name counts.
    const navigation = request.method === 'GET' && request.headers['sec-fetch-mode'] === 'navigate';
    if (refuseForeign(request, reply, web.policy, navigation)) return reply;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = new URL(request.url, 'http://page');
    if (!url.searchParams.has(SESSION_QUERY_PARAM)) return;
    const presented = url.searchParams.get(SESSION_QUERY_PARAM);
    url.searchParams.delete(SESSION_QUERY_PARAM);
    reply.code(303).header('location', `${url.pathname}${url.search}`).header('cache-control', 'no-store');
    if (isValidSession(presented, web.session)) reply.header('set-cookie', sessionCookie(request, web.session));
    return reply.send();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(API_PREFIX)) {
      for (const [name, value] of Object.entries(WEB_MODE_HEADERS)) reply.header(name, value);
      // The page must never be served stale from a cache: its session and UI change per launch.
      if (!request.url.startsWith('/assets/')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  if (!existsSync(join(web.rendererDir, 'index.html'))) {
    app.get('/', async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain')
        .send('The workstation UI is not built. Run `npm run build` (or `npm start`, which builds it) and reload.'),
    );
    return;
  }
  await app.register(fastifyStatic, { root: web.rendererDir, prefix: '/', index: ['index.html'] });
}
