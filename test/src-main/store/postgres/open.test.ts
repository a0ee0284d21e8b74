import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabaseUrl, databaseErrorMessage, openPostgresStore, type PostgresStoreConnection } from '../../../../src-main/store/postgres/open';
import { getSetting, setSetting } from '../../../../src-main/store/postgres/settings';
import { startPostgres, type PostgresCluster } from '../../../support/postgres';

let cluster: PostgresCluster;
let dir: string;
let passwordFile: string;
const opened: PostgresStoreConnection[] = [];
beforeAll(async () => {
  cluster = await startPostgres({ own: true });
  dir = mkdtempSync(join(tmpdir(), 'uw-open-'));
  passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, `${cluster.password}\n`, { mode: 0o600 });
}, 120_000);
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close().catch(() => {});
  delete process.env.PGPASSWORD;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await cluster?.stop();
});

async function open(url: string, options: Parameters<typeof openPostgresStore>[1] = {}) {
  const store = await openPostgresStore(url, { passwordFile, ...options });
  opened.push(store);
  return store;
}

describe('opening the PostgreSQL engine', () => {
  it('migrates an empty database, and a second instance opening it migrates nothing more', async () => {
    const fresh = await cluster.createDatabase({ migrated: false });
    const [one, two] = await Promise.all([open(fresh.url), open(fresh.url)]);
    await setSetting(one.db, 'k', 'v');
    expect(await getSetting(two.db, 'k')).toBe('v');
    const { rows } = await one.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0].n).toBeGreaterThan(5);
  });

  it('takes the password from PGPASSWORD when no password file is given', async () => {
    const database = await cluster.createDatabase();
    process.env.PGPASSWORD = cluster.password;
    const store = await open(database.url, { passwordFile: undefined });
    expect((await store.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });

  it('refuses a URL with a password in it without repeating the password', () => {
    const secret = 'hunter2-Secret';
    for (const url of [`postgres://uw:${secret}@127.0.0.1:5432/uw`, `postgresql://uw:${secret}@db.example/uw`]) {
      let message = '';
      try {
        checkDatabaseUrl(url);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/contains a password.*PGPASSWORD/);
      expect(message).not.toContain(secret);
    }
    expect(() => checkDatabaseUrl('mysql://uw@host/db')).toThrow(/must start with postgres:\/\//);
    expect(() => checkDatabaseUrl('not a url')).toThrow(/not a URL/);
    expect(() => checkDatabaseUrl('postgres://uw@127.0.0.1:5432/')).toThrow(/needs a host and a database/);
  });

  it('says clearly what is wrong when the database cannot be used, naming no password', async () => {
    const wrong = join(dir, 'wrong');
    writeFileSync(wrong, 'not-the-password\n');
    await expect(open(cluster.url('postgres'), { passwordFile: wrong })).rejects.toThrow(/refused the credentials/);
    await expect(open(cluster.url('no_such_database'))).rejects.toThrow(/does not exist: create it first/);
    await expect(open(`postgres://uw@127.0.0.1:1/uw`)).rejects.toThrow(/cannot be reached/);
    await expect(open(cluster.url('postgres'), { passwordFile: join(dir, 'missing') })).rejects.toThrow(/password file .* cannot be read \(ENOENT\)/);
    await expect(open(cluster.url('postgres'), { passwordFile: wrong })).rejects.not.toThrow(/not-the-password/);
  });

  it('lives through a server restart: the lost connections are reported, not fatal, and the next query works', async () => {
    const database = await cluster.createDatabase();
    const lost: string[] = [];
    const store = await open(database.url, { onConnectionError: (message) => lost.push(message) });
    await Promise.all([1, 2, 3].map(() => store.pool.query('SELECT pg_sleep(0.01)')));
    expect(store.pool.idleCount).toBeGreaterThan(0);
    await cluster.restart('fast');
    // The idle connections were ended by the server: their errors reached the handler.
    await expect.poll(() => lost.length).toBeGreaterThan(0);
    expect(lost[0]).toMatch(/restarting or shutting down|connection to the database server was lost/);
    expect(await getSetting(store.db, 'nothing')).toBeUndefined();
  });

  it('maps the errors of a server that went away to a message for the client', async () => {
    const database = await cluster.createDatabase();
    const store = await open(database.url);
    const client = await store.pool.connect();
    client.on('error', () => {});
    await cluster.terminateConnections(database.name);
    const error = await client.query('SELECT 1').then(() => undefined, (err: unknown) => err);
    client.release(true);
    expect(databaseErrorMessage(error)).toMatch(/restarting or shutting down|connection to the database server was lost/);
    expect(databaseErrorMessage(new Error('duplicate key value violates unique constraint'))).toBeUndefined();
  });
});
