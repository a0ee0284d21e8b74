import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, OAUTH_TOKEN_PATH } from '../../src-main/contract';
import { startService, type Service, type ServiceOptions } from '../../src-main/server/service';
import type { Db } from '../../src-main/store/db';
import { workstationDb } from '../../src-main/store/sqlite-store';

export const CLIENT = { clientId: 'test-client', secret: 'test-secret-4f9a' };
export const OWNER = 'owner@example.com';

export function tempDir(prefix = 'uw-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface TestService extends Service {
  /** The SQLite connection under the service's store: tests look at what it wrote. */
  db: Db;
  token(): Promise<string>;
  // Tests walk loosely typed JSON; the contract schemas check shapes where it matters.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

/** The real server on port 0 over a fresh data directory. */
export async function startTestService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dir = options.dataDir ? null : tempDir();
  const service = await startService({
    dataDir: options.dataDir ?? dir!.path,
    port: 0,
    host: '127.0.0.1',
    clients: [CLIENT],
    users: [OWNER],
    ...options,
  });
  let cached: string | undefined;
  const token = async () => {
    cached ??= await fetchToken(service.origin, service.baseUrl);
    return cached;
  };
  return {
    ...service,
    db: workstationDb(service.store),
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
