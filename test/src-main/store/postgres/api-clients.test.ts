import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sqlite from '../../../../src-main/store/api-clients';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import {
  apiClientCreatedAt,
  apiClientSecretHash,
  listApiClients,
  removeApiClient,
  upsertApiClient,
} from '../../../../src-main/store/postgres/api-clients';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

let cluster: PostgresCluster;
let database: TestDatabase;
let pg: PgDb;
let dir: string;
let db: Db;
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
  pg = pgDbOf(database.pool);
  dir = mkdtempSync(join(tmpdir(), 'uw-clients-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('API clients on PostgreSQL', () => {
  it('stores a client, replaces its secret hash, lists and removes it as the SQLite store does', async () => {
    for (const id of ['zeta-lender', 'Alpha', 'alpha']) {
      await upsertApiClient(pg, id, `hash-${id}`);
      sqlite.upsertApiClient(db, id, `hash-${id}`);
    }
    await upsertApiClient(pg, 'alpha', 'hash-2');
    sqlite.upsertApiClient(db, 'alpha', 'hash-2');

    expect(await apiClientSecretHash(pg, 'alpha')).toBe('hash-2');
    expect(await apiClientSecretHash(pg, 'nobody')).toBeUndefined();
    expect(await apiClientCreatedAt(pg, 'alpha')).toMatch(iso);
    expect(await apiClientCreatedAt(pg, 'nobody')).toBeUndefined();

    const listed = await listApiClients(pg);
    expect(listed.map((c) => c.clientId)).toEqual(sqlite.listApiClients(db).map((c) => c.clientId));
    expect(listed.map((c) => c.clientId)).toEqual(['Alpha', 'alpha', 'zeta-lender']);
    for (const c of listed) expect(c).toEqual({ clientId: c.clientId, createdAt: expect.stringMatching(iso), updatedAt: expect.stringMatching(iso) });

    expect(await removeApiClient(pg, 'alpha')).toBe(true);
    expect(await removeApiClient(pg, 'alpha')).toBe(false);
    expect(await apiClientCreatedAt(pg, 'alpha')).toBeUndefined();
  });
});
