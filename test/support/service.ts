import { mkdtempSync, rmSync } from 'node:fs';
import { expect } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, OAUTH_TOKEN_PATH } from '../../src-main/contract';
import { startService, type Service, type ServiceOptions } from '../../src-main/server/service';
import type { Db } from '../../src-main/store/db';
import { createPostgresStore } from '../../src-main/store/postgres/store';
import { workstationDb } from '../../src-main/store/sqlite-store';
import { startPostgres, type PostgresCluster, type TestDatabase } from './postgres';

export const CLIENT = { clientId: 'test-client', secret: 'test-secret-4f9a' };
export const OWNER = 'owner@example.com';

/** The storage engines the server runs on. */
export type Engine = 'sqlite' | 'postgres';

/**
 * The engine the HTTP integration tests serve: UW_TEST_ENGINE, set per vitest project
 * (vitest.config.ts runs test/src-main/server once on each engine). SQLite when unset.
 */
export const TEST_ENGINE: Engine = process.env.UW_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export function tempDir(prefix = 'uw-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

// The file's cluster, on first use: the run's shared one (vitest's global setup), each service on
// a database of its own. A file that restarts or crashes the server calls
// `testCluster({ own: true })` before anything else in it uses the cluster: a cluster of that
// file's own, which goes when the process exits (test/support/postgres.ts: exit hook and
// watchdog). A worker process runs many files one after another (isolate: false), hence per file.
let shared: Promise<PostgresCluster> | undefined;
const ownClusters = new Map<string, Promise<PostgresCluster>>();
const filesOnShared = new Set<string>();
export const testCluster = (options: { own?: boolean } = {}): Promise<PostgresCluster> => {
  const file = expect.getState().testPath ?? '';
  const own = ownClusters.get(file);
  if (own) return own;
  if (options.own) {
    if (filesOnShared.has(file)) throw new Error('testCluster({ own: true }) must come before any other use of the cluster in this file');
    const started = startPostgres({ own: true });
    ownClusters.set(file, started);
    return started;
  }
  filesOnShared.add(file);
  return (shared ??= startPostgres());
};

// A restart "on the same data directory" is, on PostgreSQL, a restart on the same database.
const databaseOfDir = new Map<string, Promise<TestDatabase>>();

export interface TestServiceOptions extends Partial<ServiceOptions> {
  /** The engine to serve (default TEST_ENGINE). */
  engine?: Engine;
  /** PostgreSQL only: serve this database (e.g. one restored from a copy) instead of a new one; the caller drops it. */
  database?: TestDatabase;
}

export interface TestService extends Service {
  readonly engine: Engine;
  /** SQLite only: the connection under the service's store. Engine-neutral checks use `sql`. */
  db: Db;
  /**
   * Runs one SQL statement on the service's database, whatever the engine, and returns its rows
   * (`?` placeholders; numbers come back as numbers on both engines).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>;
  token(): Promise<string>;
  // Tests walk loosely typed JSON; the contract schemas check shapes where it matters.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

/** `?` placeholders as PostgreSQL's $1, $2, ... (the tests' statements hold no `?` in literals). */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${(n += 1)}`);
};

/** The real server on port 0 over a fresh data directory (and, on PostgreSQL, a fresh database). */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const { engine = TEST_ENGINE, database: given, ...serviceOptions } = options;
  const dir = options.dataDir ? null : tempDir();
  const dataDir = options.dataDir ?? dir!.path;
  let database: TestDatabase | undefined;
  let pgStore: ReturnType<typeof createPostgresStore> | undefined;
  if (engine === 'postgres') {
    const pg = await testCluster();
    let pending = given ? Promise.resolve(given) : options.dataDir ? databaseOfDir.get(dataDir) : undefined;
    if (!pending) {
      // Copies of one migrated template share the store identity its migration drew (the change
      // feed's store_id, in its cursors): a database migrated on its own draws its own.
      pending = pg.createDatabase().then(async (created) => {
        await created.pool.query("UPDATE change_feed SET store_id = replace(gen_random_uuid()::text, '-', '')");
        return created;
      });
      if (options.dataDir) databaseOfDir.set(dataDir, pending);
    }
    database = await pending;
    pgStore = createPostgresStore(pg.pool(database.name));
  }
  const service = await startService({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    clients: [CLIENT],
    users: [OWNER],
    ...serviceOptions,
    ...(pgStore ? { store: pgStore } : {}),
  });
  let cached: string | undefined;
  const token = async () => {
    cached ??= await fetchToken(service.origin, service.baseUrl);
    return cached;
  };
  return {
    ...service,
    engine,
    get db(): Db {
      if (engine !== 'sqlite') throw new Error('TestService.db is the SQLite connection: use sql() for an engine-neutral check');
      return workstationDb(service.store);
    },
    async sql(text, params = []) {
      if (pgStore) return (await pgStore.pool.query(numbered(text), params)).rows;
      const statement = workstationDb(service.store).$client.prepare(text);
      if (statement.reader) return statement.all(...params) as never[];
      statement.run(...params);
      return [];
    },
    token,
    async api(method, path, body) {
      const res = await fetch(service.origin + API_PREFIX + path, {
        method,
        headers: { authorization: `Bearer ${await token()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    async stop() {
      await service.close();
      if (pgStore) {
        await pgStore.releaseImportClaims();
        await pgStore.pool.end();
        // A database of a caller's data directory may be served again: it goes with the cluster.
        if (!options.dataDir && !given) await database!.drop();
      }
      dir?.remove();
    },
  };
}

export async function fetchToken(origin: string, baseUrl: string, client = CLIENT): Promise<string> {
  const res = await fetch(origin + OAUTH_TOKEN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', audience: `${baseUrl}/api/`, client_id: client.clientId, client_secret: client.secret }),
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
