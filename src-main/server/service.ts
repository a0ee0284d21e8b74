import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createOfflinePlaceLookup, resumePendingImports, seedDemo } from '../gateway';
import { closeSqliteStore, loadSystemConfig, openSqliteStore, resourcesDir, STORE_FILE, type StorePort } from '../store';
import { buildServer } from './app';
import type { BridgeDispatcher, BridgeFactory } from './bridge';
import { hashClientSecret } from './client-secret';
import type { TokenRateLimit } from './token-endpoint';
import { createTokenService } from './tokens';
import { webOriginPolicy } from './web-origin';

export { STORE_FILE } from '../store';

export interface ServiceOptions {
  dataDir: string;
  /**
   * The store to serve (any engine of the storage port, e.g. PostgreSQL); the caller keeps it
   * and closes it. Absent: the data directory's SQLite store, opened here and closed with the service.
   */
  store?: StorePort;
  port: number;
  host: string;
  publicUrl?: string;
  clients?: { clientId: string; secret: string }[];
  users?: string[];
  demoDeals?: number;
  web?: boolean;
  /**
   * Web mode: builds the channel table the bridge serves (src-main/app, passed in by the CLI:
   * the server layer does not import the layer above it). Without it the bridge answers every
   * call with 'unknown channel'.
   */
  bridge?: BridgeFactory;
  /** Web mode: the folder of the built UI; out/renderer of the checkout when absent. */
  rendererDir?: string;
  /** Failed token requests allowed per client id and per address (DEFAULT_TOKEN_RATE_LIMIT). */
  tokenRateLimit?: Partial<TokenRateLimit>;
  logger?: boolean;
  /**
   * Several servers on one database: how often this one looks for imports it may take up
   * (another server's whose claim ran out: that server died). Off by default.
   */
  resumeImportsEveryMs?: number;
}

export interface Service {
  app: FastifyInstance;
  /** The store the service serves, through its port. */
  store: StorePort;
  /** http://HOST:PORT the server listens on. */
  origin: string;
  baseUrl: string;
  /** Web mode only: the link that opens the workstation UI with its session. */
  webLink?: string;
  demoSeeded: boolean;
  /** Stops accepting, finishes in-flight requests, closes the database. */
  close(): Promise<void>;
}

/** The built renderer (electron-vite build writes out/renderer), found from the repository root. */
function rendererDir(): string {
  return resolve(dirname(resourcesDir()), 'out', 'renderer');
}

/** Opens a data directory and serves it over HTTP: what `uw serve` and the tests run. */
export async function startService(options: ServiceOptions): Promise<Service> {
  const dataDir = resolve(options.dataDir);
  const config = loadSystemConfig(dataDir);
  const store = options.store ?? openSqliteStore({ file: join(dataDir, STORE_FILE) });
  const closeStore = () => (options.store ? Promise.resolve() : closeSqliteStore(store));
  try {
    await store.ensureUsers(options.users ?? []);
    for (const c of options.clients ?? []) await store.upsertApiClient(c.clientId, hashClientSecret(c.secret));
    // The generator is loaded only when asked for (the gateway's seedDemo imports it on first call).
    const demoSeeded = options.demoDeals !== undefined && (await seedDemo(store, { deals: options.demoDeals, ownerIds: options.users ?? [] })).seeded;

    let baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
    const web = options.web
      ? { session: randomBytes(24).toString('base64url'), rendererDir: options.rendererDir ?? rendererDir(), policy: webOriginPolicy(options.host, options.publicUrl) }
      : undefined;
    const gateway = { store, places: createOfflinePlaceLookup(), config, now: () => new Date() };
    const app = await buildServer({
      gateway,
      tokens: await createTokenService(store, () => baseUrl),
      web,
      tokenRateLimit: options.tokenRateLimit,
      logger: options.logger,
    });
    let bridge: BridgeDispatcher | undefined;
    if (web) {
      // Web mode's modules are loaded only when it is on.
      const { createDownloadRegistry, createEventHub, registerBridge } = await import('./bridge');
      const events = createEventHub();
      const downloads = createDownloadRegistry();
      bridge = options.bridge?.({ gateway, dataDir, emit: events.emit, exportTarget: downloads.target }) ?? {
        dispatch: async () => ({ ok: false, error: 'unknown channel' }),
      };
      await registerBridge(app, { session: web.session, policy: web.policy, dispatch: bridge.dispatch, events, downloads });
    }
    await app.listen({ port: options.port, host: options.host });
    await resumePendingImports(gateway);
    const resumer =
      options.resumeImportsEveryMs === undefined
        ? undefined
        : setInterval(() => void resumePendingImports(gateway).catch(() => {}), options.resumeImportsEveryMs).unref();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
    baseUrl ||= origin;
    return {
      app,
      store,
      origin,
      baseUrl,
      webLink: web ? `${origin}/?session=${web.session}` : undefined,
      demoSeeded,
      async close() {
        clearInterval(resumer);
        bridge?.close?.();
        await app.close();
        await closeStore();
      },
    };
  } catch (err) {
    await closeStore();
    throw err;
  }
}
