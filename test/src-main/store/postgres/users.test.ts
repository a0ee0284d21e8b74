import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import { ensureUsers, existingUsers, listUsers, userExists } from '../../../../src-main/store/postgres/users';
import * as sqlite from '../../../../src-main/store/users';
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
  dir = mkdtempSync(join(tmpdir(), 'uw-users-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

describe('users on PostgreSQL', () => {
  it('creates users once, answers who exists and lists them as the SQLite store does', async () => {
    const ids = ['zoe@lender.test', 'Ann@lender.test', 'ann@lender.test', 'zoe@lender.test'];
    await ensureUsers(pg, ids);
    await ensureUsers(pg, ['ann@lender.test']);
    await ensureUsers(pg, []);
    sqlite.ensureUsers(db, [...new Set(ids)]);

    expect(await listUsers(pg)).toEqual(sqlite.listUsers(db));
    expect((await listUsers(pg)).map((u) => u.id)).toEqual(['Ann@lender.test', 'ann@lender.test', 'zoe@lender.test']);
    expect(await userExists(pg, 'ann@lender.test')).toBe(true);
    expect(await userExists(pg, 'bob@lender.test')).toBe(false);

    const asked = ['ann@lender.test', 'bob@lender.test', 'zoe@lender.test', 'ann@lender.test'];
    expect(await existingUsers(pg, asked)).toEqual(sqlite.existingUsers(db, asked));
    expect([...(await existingUsers(pg, asked))].sort()).toEqual(['ann@lender.test', 'zoe@lender.test']);
    expect(await existingUsers(pg, [])).toEqual(new Set());
  });

  it('answers existingUsers for thousands of ids in one call', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => `u${i}@lender.test`);
    await ensureUsers(pg, many.slice(0, 10));
    expect((await existingUsers(pg, many)).size).toBe(10);
  });
});
