import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import {
  getDefaultCreditPolicyName,
  getUnderwritingSettings,
  setDefaultCreditPolicyName,
  setUnderwritingSettings,
} from '../../../../src-main/store/postgres/system-config';
import * as sqlite from '../../../../src-main/store/system-config';
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
  dir = mkdtempSync(join(tmpdir(), 'uw-config-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

describe('stored system settings on PostgreSQL', () => {
  it('starts from the defaults, merges a change into the stored settings, as the SQLite store does', async () => {
    expect(await getUnderwritingSettings(pg)).toEqual(sqlite.getUnderwritingSettings(db));
    expect(await getUnderwritingSettings(pg)).toEqual({ dayCount: '30/360', dscrNumerator: 'NOI' });
    const next = await setUnderwritingSettings(pg, { dayCount: 'Actual/365' });
    expect(next).toEqual(sqlite.setUnderwritingSettings(db, { dayCount: 'Actual/365' }));
    expect(next).toEqual({ dayCount: 'Actual/365', dscrNumerator: 'NOI' });
    await setUnderwritingSettings(pg, { dscrNumerator: 'NetCashFlow' });
    expect(await getUnderwritingSettings(pg)).toEqual({ dayCount: 'Actual/365', dscrNumerator: 'NetCashFlow' });
  });

  it('keeps the default credit policy name, none until one is chosen', async () => {
    expect(await getDefaultCreditPolicyName(pg)).toBeUndefined();
    await setDefaultCreditPolicyName(pg, 'Conservative');
    sqlite.setDefaultCreditPolicyName(db, 'Conservative');
    expect(await getDefaultCreditPolicyName(pg)).toBe('Conservative');
    expect(sqlite.getDefaultCreditPolicyName(db)).toBe('Conservative');
  });
});
