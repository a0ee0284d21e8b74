import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Serves the built renderer at `/` so the workstation runs in a browser where Electron cannot. */
export async function registerWebMode(app: FastifyInstance, web: { session: string; rendererDir: string }): Promise<void> {
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
