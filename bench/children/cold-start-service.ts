// Child process (timed from its own start): opens a data directory the way `uw serve` does
// (startService: system config, store, migrations check, Fastify with every route) and answers
// one getAllDealIds over HTTP. performance.now() is milliseconds since this process started.
// The request goes through node:http, which the server has loaded already: fetch would first load
// undici (tens of milliseconds), a cost of the measuring client, not of the service.

import { get } from 'node:http';
import { childArgs, reply } from '../support/child';

interface Args {
  dataDir: string;
  publicUrl: string;
  token: string;
  expect: number;
}

async function main(): Promise<void> {
  const args = childArgs<Args>();
  const { startService } = await import('../../src-main/server/service');
  const { API_PREFIX } = await import('../../src-main/contract');
  const loaded = performance.now();
  const service = await startService({ dataDir: args.dataDir, port: 0, host: '127.0.0.1', publicUrl: args.publicUrl });
  const listening = performance.now();
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    get(`${service.origin}${API_PREFIX}/getAllDealIds`, { headers: { authorization: `Bearer ${args.token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    }).on('error', reject);
  });
  const body = JSON.parse(text) as { success: boolean; dealIds: string[] };
  const answered = performance.now();
  if (!body.success || body.dealIds.length !== args.expect) throw new Error(`getAllDealIds: HTTP ${status}, ${body.dealIds?.length} ids`);
  await service.close();
  reply({ answeredMs: answered, loadedMs: loaded, listeningMs: listening });
}

void main();
