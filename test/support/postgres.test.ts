import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from './postgres';

// The harness the PostgreSQL tests stand on: a cluster that survives what fault tests do to it,
// and that no test process leaves behind, however it ends.

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const postmasterPid = (cluster: PostgresCluster) => Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgres({ own: true });
});
afterAll(async () => {
  await cluster?.stop();
});

describe('the test PostgreSQL cluster', () => {
  it('accepts password connections on 127.0.0.1 only, to a database of its own per test', async () => {
    const [one, two] = [await cluster.createDatabase(), await cluster.createDatabase()];
    expect(one.name).not.toBe(two.name);
    expect(one.url).toBe(`postgres://uw@127.0.0.1:${cluster.port}/${one.name}`);
    const { rows } = await one.pool.query(`SELECT current_setting('listen_addresses') AS listen, inet_server_addr()::text AS addr`);
    expect(rows[0]).toEqual({ listen: '127.0.0.1', addr: '127.0.0.1/32' });
    const wrong = cluster.pool(one.name, { password: 'not-the-password' });
    await expect(wrong.query('SELECT 1')).rejects.toThrow(/password authentication failed/);
    await Promise.all([one.drop(), two.drop()]);
  });

  it('copies a seeded test database for a test that needs its own', async () => {
    const seeded = await cluster.createDatabase();
    await seeded.pool.query(`INSERT INTO users (id) VALUES ('ann@lender.test')`);
    const copy = await cluster.createDatabase({ from: seeded });
    await copy.pool.query(`INSERT INTO users (id) VALUES ('bob@lender.test')`);
    const ids = async (db: typeof seeded) => (await db.pool.query('SELECT id FROM users ORDER BY id')).rows.map((r) => r.id);
    expect(await ids(copy)).toEqual(['ann@lender.test', 'bob@lender.test']);
    expect(await ids(seeded)).toEqual(['ann@lender.test']); // its pool reconnected after the copy
    await Promise.all([seeded.drop(), copy.drop()]);
  });

  it('comes back after a crash on the same port with its committed data, and pools reconnect', async () => {
    const db = await cluster.createDatabase();
    await db.pool.query(`INSERT INTO users (id) VALUES ('ann@lender.test')`);
    const before = postmasterPid(cluster);
    await cluster.crash();
    expect(alive(before)).toBe(false);
    await expect(db.pool.query('SELECT 1')).rejects.toThrow();
    await cluster.start();
    const { rows } = await db.pool.query('SELECT id FROM users');
    expect(rows).toEqual([{ id: 'ann@lender.test' }]);
    await cluster.restart('fast');
    expect((await db.pool.query('SELECT count(*) AS n FROM users')).rows[0].n).toBe(1);
    await db.drop();
  });

  it('ends the sessions of one database on request, and the pool opens new ones', async () => {
    const db = await cluster.createDatabase();
    const client = await db.pool.connect();
    const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    try {
      expect(await cluster.terminateConnections(db.name)).toBe(1);
      // "terminating connection" when the query was sent first, "not queryable" when the news came first.
      await expect(client.query('SELECT 1')).rejects.toThrow(/terminat|not queryable/);
    } finally {
      client.release(true);
    }
    const again = (await db.pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    expect(again).not.toBe(pid);
    await db.drop();
  });

  it('is stopped and removed when its test process is killed without stopping it', async () => {
    // A plain ES module that loads the harness (TypeScript) through tsx's API, in its own
    // process; under out/ (ignored by git), where it finds tsx in the repository's node_modules.
    const root = fileURLToPath(new URL('../..', import.meta.url));
    mkdirSync(join(root, 'out'), { recursive: true });
    const scratch = mkdtempSync(join(root, 'out', 'uw-pg-harness-'));
    const script = join(scratch, 'killed.mjs');
    const harness = pathToFileURL(fileURLToPath(new URL('./postgres.ts', import.meta.url))).href;
    writeFileSync(
      script,
      `import { register } from 'tsx/esm/api';
register();
const { startPostgres } = await import(${JSON.stringify(harness)});
const cluster = await startPostgres({ own: true });
const pid = (await cluster.pool('postgres').query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
console.log(JSON.stringify({ dir: cluster.dir, backend: pid }));
process.kill(process.pid, 'SIGKILL');`,
    );
    try {
      const child = spawn(process.execPath, [script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      const [, signal] = await once(child, 'exit');
      expect(signal).toBe('SIGKILL');
      const { dir, backend } = JSON.parse(out) as { dir: string; backend: number };
      expect(await until(() => !existsSync(dir) && !alive(backend), 10_000)).toBe(true);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('leaves no server process behind when stopped, not even one waiting to be reaped', async () => {
    const other = await startPostgres({ own: true });
    const pid = postmasterPid(other);
    await other.stop();
    expect(alive(pid)).toBe(false);
    expect(existsSync(other.dir)).toBe(false);
    await other.stop(); // twice is harmless
  });
});
