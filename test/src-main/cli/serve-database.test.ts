import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runUw, startUwServe, stop, type Running } from '../../support/cli';
import { PG_BIN, startPostgres, type PostgresCluster, type TestDatabase } from '../../support/postgres';
import { fetchToken, tempDir } from '../../support/service';

// `uw serve --database`: two servers on one PostgreSQL database, as behind a reverse proxy
// (one public URL, so a token is good at either). They run from the command's build, as
// `npm run uw` runs them (which also proves the build carries the PostgreSQL migrations; the
// test run's global setup made it, test/support/global-builds.ts):
// through tsx, a busy machine can miss tsx's 30 ms window for relaying SIGTERM, and tsx then
// kills the server (exit 143) before it can shut down.

const run = promisify(execFile);
const PUBLIC_URL = 'http://uw.test';
const CLIENT = { clientId: 'id', secret: 'team-secret-7c1' };

let cluster: PostgresCluster;
let database: TestDatabase;
let env: NodeJS.ProcessEnv;
const dirs: { remove(): void }[] = [];
const running: Running[] = [];
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase({ migrated: false });
  env = { PGPASSWORD: cluster.password };
}, 240_000);
afterEach(async () => {
  for (const r of running.splice(0)) await stop(r, 'SIGKILL');
});
afterAll(async () => {
  for (const d of dirs.splice(0)) d.remove();
  await database?.drop();
  await cluster?.stop();
});

function newDir() {
  const d = tempDir('uw-team-');
  dirs.push(d);
  return d.path;
}

const serveArgs = (url: string) => ['--port', '0', '--data-dir', newDir(), '--database', url, '--public-url', PUBLIC_URL, '--client', `${CLIENT.clientId}:${CLIENT.secret}`, '--user', 'owner@example.com', '--demo', '--demo-deals', '6'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api(origin: string, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${origin}/api/apiGateway${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

describe('uw serve --database', () => {
  it('runs two servers on one database: one seeds, a token of one works on the other, an import is processed once and read from both', async () => {
    const [a, b] = await Promise.all([startUwServe(serveArgs(database.url), env), startUwServe(serveArgs(database.url), env)]);
    running.push(a, b);
    expect([a, b].filter((r) => r.lines.some((l) => l.startsWith('demo portfolio: 6 deals')))).toHaveLength(1);

    const token = await fetchToken(a.origin, PUBLIC_URL, CLIENT);
    const idsA = (await api(a.origin, token, 'GET', '/getAllDealIds')).dealIds as string[];
    const idsB = (await api(b.origin, token, 'GET', '/getAllDealIds')).dealIds as string[];
    expect(idsA).toHaveLength(6);
    expect(idsB).toEqual(idsA);
    const info = await api(a.origin, token, 'GET', `/getDealInfo/${idsA[0]}`);
    expect(info).toMatchObject({ success: true });
    expect(await api(b.origin, token, 'GET', `/getDealInfo/${idsA[0]}`)).toEqual(info);

    const started = await api(a.origin, token, 'POST', '/importCollaterals', {
      collaterals: [
        {
          clientItemId: 'team-1',
          migrationReference: 'TEAM-MIG-1',
          collateralCreateData: { dealIds: [idsA[0]], name: 'Imported on the team server', subType: 'CBD Office', address: { fullAddress: '301 Congress Ave, Austin, TX 78701' }, propertyType: 'Office' },
        },
      ],
    });
    expect(started).toMatchObject({ success: true });
    let report;
    for (let attempt = 0; attempt < 500; attempt += 1) {
      report = await api(b.origin, token, 'GET', `/getImportReport/${started.reportId}`);
      if (report.status === 'Completed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(report).toMatchObject({ success: true, status: 'Completed' });
    expect(await api(a.origin, token, 'GET', `/getImportReport/${started.reportId}`)).toEqual(report);
    const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM collaterals WHERE migration_reference = 'TEAM-MIG-1'`);
    expect(rows[0].n).toBe(1);

    // What the README's reverse proxy checks, without a token.
    expect((await fetch(`${b.origin}/api/apiGateway/openapi.json`)).status).toBe(200);

    expect(await stop(a), a.stderr()).toBe(0);
    expect(await stop(b), b.stderr()).toBe(0);

    // The README's backup, restored into an empty database.
    const dump = join(newDir(), 'uw.dump');
    const restored = await cluster.createDatabase({ migrated: false });
    const pgEnv = { ...process.env, PGPASSWORD: cluster.password };
    const connect = ['--host', '127.0.0.1', '--port', String(cluster.port), '--username', cluster.user];
    await run(join(PG_BIN, 'pg_dump'), [...connect, '--format=custom', '--file', dump, database.name], { env: pgEnv });
    await run(join(PG_BIN, 'pg_restore'), [...connect, '--dbname', restored.name, dump], { env: pgEnv });
    const count = (pool: TestDatabase['pool']) => pool.query('SELECT count(*)::int AS n FROM deals').then((r) => r.rows[0].n as number);
    expect(await count(restored.pool)).toBe(await count(database.pool));
    await restored.drop();
    expect(a.lines.join('\n') + a.stderr() + b.stderr()).not.toContain(cluster.password);
  }, 120_000);

  it('takes the database from UW_DATABASE_URL and the password from a password file', async () => {
    const file = join(newDir(), 'pgpass');
    writeFileSync(file, `${cluster.password}\n`, { mode: 0o600 });
    const args = serveArgs(database.url).filter((arg, i, all) => arg !== '--database' && all[i - 1] !== '--database');
    const r = await startUwServe([...args, '--database-password-file', file], { PGPASSWORD: '', UW_DATABASE_URL: database.url });
    running.push(r);
    const token = await fetchToken(r.origin, PUBLIC_URL, CLIENT);
    expect((await api(r.origin, token, 'GET', '/getAllDealIds')).dealIds).toHaveLength(6);
    expect(await stop(r)).toBe(0);
  }, 60_000);

  it('refuses a URL with a password, --web, import lease options without a database or out of range, and says what is wrong with a database it cannot use', async () => {
    const withPassword = await runUw(['serve', '--port', '0', '--data-dir', newDir(), '--database', `postgres://uw:${cluster.password}@127.0.0.1:${cluster.port}/${database.name}`]);
    expect(withPassword.code).not.toBe(0);
    expect(withPassword.stderr).toMatch(/contains a password/);
    expect(withPassword.stderr + withPassword.stdout).not.toContain(cluster.password);

    const web = await runUw(['serve', '--port', '0', '--data-dir', newDir(), '--database', database.url, '--web'], env);
    expect(web.code).not.toBe(0);
    expect(web.stderr).toMatch(/--web is not available with --database/);

    const wrong = await runUw(['serve', '--port', '0', '--data-dir', newDir(), '--database', database.url], { PGPASSWORD: 'wrong-password' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/refused the credentials/);
    expect(wrong.stderr).not.toContain('wrong-password');

    const fromEnv = await runUw(['serve', '--port', '0', '--data-dir', newDir(), '--database-password-file', '/nonexistent'], env);
    expect(fromEnv.stderr).toMatch(/--database-password-file goes with --database/);

    const lease = await runUw(['serve', '--port', '0', '--data-dir', newDir(), '--import-lease-seconds', '5'], env);
    expect(lease.code).not.toBe(0);
    expect(lease.stderr).toMatch(/--import-lease-seconds goes with --database/);
    const resume = await runUw(['serve', '--port', '0', '--data-dir', newDir(), '--database', database.url, '--import-resume-seconds', '0'], env);
    expect(resume.code).not.toBe(0);
    expect(resume.stderr).toMatch(/--import-resume-seconds must be a whole number of at least 1/);
  }, 60_000);
});
