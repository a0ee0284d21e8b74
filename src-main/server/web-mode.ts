import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX } from '../contract';

/**
 * Headers of every web-mode response outside the API. The page's own <meta> CSP (the same
 * policy as the Electron app://, script-src 'self') cannot carry frame-ancestors, so it comes
 * as a header here: the workstation may not be framed (clickjacking). The session secret is in
 * the page's URL, so no referrer ever leaves the page.
 */
export const WEB_MODE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Serves the built renderer at `/` so the workstation runs in a browser where Electron cannot. */
export async function registerWebMode(app: FastifyInstance, web: { session: string; rendererDir: string }): Promise<void> {
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
