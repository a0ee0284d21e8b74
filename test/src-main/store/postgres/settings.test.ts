import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import * as sqlite from '../../../../src-main/store/settings';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import { getSetting, setSetting, settingOrInsert, settingText } from '../../../../src-main/store/postgres/settings';
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
  dir = mkdtempSync(join(tmpdir(), 'uw-settings-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

describe('settings on PostgreSQL', () => {
  it('reads back what was set, as the SQLite store does, and a second set replaces the first', async () => {
    const values: [string, unknown][] = [
      ['a.string', 'Ann'],
      ['a.number', 0.1 + 0.2],
      ['a.document', { rate: 5.5, tiers: [1, 2.25, null], nested: { z: true, a: 'x' } }],
      ['a.flag', false],
    ];
    for (const [key, value] of values) {
      await setSetting(pg, key, value);
      sqlite.setSetting(db, key, value);
      expect(await getSetting(pg, key)).toEqual(sqlite.getSetting(db, key));
      expect(await getSetting(pg, key)).toEqual(value);
    }
    await setSetting(pg, 'a.string', 'Bea');
    expect(await getSetting(pg, 'a.string')).toBe('Bea');
    expect(await getSetting(pg, 'not.set')).toBeUndefined();
  });

  it('keeps the JSON text as written (key order included)', async () => {
    await setSetting(pg, 'ordered', { z: 1, a: 2 });
    expect(await settingText(pg, 'ordered')).toBe('{"z":1,"a":2}');
    expect(await settingText(pg, 'nothing')).toBeNull();
  });

  it('stores an initial value once: a later settingOrInsert returns the stored one', async () => {
    expect(await settingOrInsert(pg, 'once', 'first')).toBe('first');
    expect(await settingOrInsert(pg, 'once', 'second')).toBe('first');
    expect(await getSetting(pg, 'once')).toBe('first');
  });

  it('gives two instances starting together the same value (one pool each, racing on 40 keys)', async () => {
    const one = pgDbOf(cluster.pool(database.name, { max: 4 }));
    const two = pgDbOf(cluster.pool(database.name, { max: 4 }));
    const keys = Array.from({ length: 40 }, (_, i) => `oauth.race.${i}`);
    const results = await Promise.all(
      keys.map(async (key) => Promise.all([settingOrInsert(one, key, `one-${key}`), settingOrInsert(two, key, `two-${key}`)])),
    );
    for (const [i, [a, b]] of results.entries()) {
      expect(a).toBe(b);
      expect(await getSetting(pg, keys[i]!)).toBe(a);
    }
  });
});
