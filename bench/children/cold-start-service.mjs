// Child process (timed from its own start), run on plain Node: opens a data directory the way
// `uw serve` does, with the server of the uw command's build (out/cli/service.mjs: startService,
// which reads the system config, opens the store, checks migrations and builds Fastify with
// every route) and answers one getAllDealIds over HTTP. performance.now() is milliseconds since
// this process started. The request goes through node:http, which the server has loaded
// already: fetch would first load undici, a cost of the measuring client, not of the service.

import { get } from 'node:http';
import { childArgs, reply } from '../support/child-protocol.mjs';

/** @type {{ service: string; dataDir: string; publicUrl: string; token: string; path: string; expect: number }} */
const args = childArgs();
const { startService } = await import(args.service);
const loaded = performance.now();
const service = await startService({ dataDir: args.dataDir, port: 0, host: '127.0.0.1', publicUrl: args.publicUrl });
const listening = performance.now();
/** @type {{ status: number; text: string }} */
const { status, text } = await new Promise((resolve, reject) => {
  get(`${service.origin}${args.path}`, { headers: { authorization: `Bearer ${args.token}` } }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => (text += chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    res.on('error', reject);
  }).on('error', reject);
});
const body = JSON.parse(text);
const answered = performance.now();
if (!body.success || body.dealIds.length !== args.expect) throw new Error(`getAllDealIds: HTTP ${status}, ${body.dealIds?.length} ids`);
await service.close();
reply({ answeredMs: answered, loadedMs: loaded, listeningMs: listening });
