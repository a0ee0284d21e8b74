// Child process: the Deal Underwriting Service over one data directory, built the way
// startService builds it (src-main/server/service.ts), or over a PostgreSQL database opened the
// way `uw serve --database` opens it (src-main/cli/serve-database.ts), with one addition for the read-throughput
// ceiling: a bench-only route on the same Fastify instance, behind the same auth hook, answering
// a constant JSON body the size of an average getDealInfo answer.
//
// Prints BENCH-READY {origin, ...} once listening; SIGTERM closes the server and the store.

import { join } from 'node:path';
import { openServerDatabase } from '../../src-main/cli/serve-database';
import { API_PREFIX } from '../../src-main/contract';
import { GATEWAY } from '../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../src-main/gateway/place-lookup/offline-place-lookup';
import { buildServer } from '../../src-main/server/app';
import { hashClientSecret } from '../../src-main/server/client-secret';
import { STORE_FILE } from '../../src-main/server/service';
import { createTokenService } from '../../src-main/server/tokens';
import { closeSqliteStore, openSqliteStore } from '../../src-main/store/sqlite-store';
import { loadSystemConfig } from '../../src-main/store/system-config';
import { childArgs, ready } from '../support/child';
import { BENCH_CLIENT, CONSTANT_PATH } from '../support/http';
import { Rng } from '../support/rng';

export interface ServerArgs {
  /** The data directory: its SQLite store is served unless `database` is given; its system config either way. */
  dataDir: string;
  /** postgres://USER@HOST:PORT/DB: serve this database instead (the password comes as PGPASSWORD). */
  database?: string;
  /** Register the constant-body route (read-throughput's ceiling). */
  constantRoute?: boolean;
  /** base_url clients use (e.g. a proxy in front); default the server's own origin. */
  publicUrl?: string;
}

export interface ServerReady {
  origin: string;
  pid: number;
  /** Size of the constant body and the mean size of getDealInfo answers it was chosen by. */
  constantBytes?: number;
  meanDealInfoBytes?: number;
}

async function main(): Promise<void> {
  const args = childArgs<ServerArgs>();
  const config = loadSystemConfig(args.dataDir);
  const database = args.database === undefined ? undefined : await openServerDatabase({ url: args.database });
  const store = database ?? openSqliteStore({ file: join(args.dataDir, STORE_FILE) });
  const closeStore = () => (database ? database.close() : closeSqliteStore(store));
  await store.upsertApiClient(BENCH_CLIENT.clientId, hashClientSecret(BENCH_CLIENT.secret));
  let baseUrl = '';
  const gateway = { store, places: createOfflinePlaceLookup(), config, now: () => new Date() };
  const app = await buildServer({ gateway, tokens: await createTokenService(store, () => baseUrl) });

  const extra: Partial<ServerReady> = {};
  if (args.constantRoute) {
    // The answer of the deal whose body size is nearest the mean over 500 random deals.
    const ids = await store.allDealIds();
    const rng = new Rng(7);
    const bodies: string[] = [];
    for (let i = 0; i < 500; i++) {
      const id = ids[Math.floor(rng.next() * ids.length)]!;
      bodies.push(JSON.stringify(await GATEWAY.getDealInfo!(gateway, { params: { id }, body: undefined })));
    }
    const mean = bodies.reduce((s, b) => s + Buffer.byteLength(b), 0) / bodies.length;
    const body = bodies.reduce((best, b) => (Math.abs(Buffer.byteLength(b) - mean) < Math.abs(Buffer.byteLength(best) - mean) ? b : best));
    const constant = JSON.parse(body) as unknown;
    // Same serializer as the real routes (JSON.stringify of the returned object).
    app.get(API_PREFIX + CONSTANT_PATH, { schema: { hide: true } }, async () => constant);
    extra.constantBytes = Buffer.byteLength(body);
    extra.meanDealInfoBytes = mean;
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  baseUrl = args.publicUrl ?? origin;

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => {
        closeStore().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      },
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  ready({ origin, pid: process.pid, ...extra } satisfies ServerReady);
}

void main();
