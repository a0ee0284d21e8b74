import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresStoreConnection } from '../../../src-main/store/postgres/open';
import { createPostgresStore } from '../../../src-main/store/postgres/store';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../support/postgres';
import { API_PREFIX } from '../../../src-main/contract';
import { startService, type Service } from '../../../src-main/server/service';
import { CLIENT, fetchToken, OWNER } from '../../support/service';

// The server on PostgreSQL while the database server is down: the envelope says so (503), the
// process lives on, and requests succeed again once the database is back.

let cluster: PostgresCluster;
let database: TestDatabase;
let connection: PostgresStoreConnection;
let service: Service;
let token: string;
let dir: string;
beforeAll(async () => {
  cluster = await startPostgres({ own: true });
  database = await cluster.createDatabase();
  dir = mkdtempSync(join(tmpdir(), 'uw-pg-down-'));
  writeFileSync(join(dir, 'password'), cluster.password, { mode: 0o600 });
  connection = await openPostgresStore(database.url, { passwordFile: join(dir, 'password') });
  service = await startService({ dataDir: dir, store: createPostgresStore(connection.pool), port: 0, host: '127.0.0.1', clients: [CLIENT], users: [OWNER] });
  token = await fetchToken(service.origin, service.baseUrl);
}, 120_000);
afterAll(async () => {
  await service?.close();
  await connection?.close();
  await database?.drop();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function dealIds() {
  const res = await fetch(`${service.origin}${API_PREFIX}/getAllDealIds`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the server on PostgreSQL when the database goes away', () => {
  it('answers 503 with a database error in the envelope, then serves again once the database is back', async () => {
    expect(await dealIds()).toMatchObject({ status: 200, body: { success: true, dealIds: [] } });

    await cluster.crash();
    const down = await dealIds();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ success: false, error: { target: 'database', message: expect.stringMatching(/cannot be reached|restarting|lost/) } });
    expect(JSON.stringify(down.body)).not.toContain(cluster.password);

    await cluster.start();
    expect(await dealIds()).toMatchObject({ status: 200, body: { success: true, dealIds: [] } });
  });
});
