import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { appendFileSync, chownSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Pool, type PoolConfig } from 'pg';
import { migratePostgres } from '../../src-main/store/postgres/migrate';
import { connectionSettings } from '../../src-main/store/postgres/connection';

/**
 * A throwaway PostgreSQL 15 cluster for tests: initdb in a temporary directory, listening on
 * 127.0.0.1 only, on a free port, with settings that trade durability for speed. Each test takes
 * its own database, copied from a migrated template. Everything is removed by `stop()`, and by a
 * watchdog process when the process that started it dies without calling it (a crash, a
 * SIGKILL): no postgres process outlives the tests.
 *
 * One cluster serves the whole vitest run: its global setup (test/support/global-postgres.ts)
 * starts it and migrates the template once, and `startPostgres()` in a test file hands out that
 * cluster, not a new one (an initdb, a start and a migration saved per file). Its databases are
 * the file's own (dropped by its `stop()`, which leaves the cluster running). A file that stops,
 * crashes or restarts the server itself asks for a cluster of its own:
 * `startPostgres({ own: true })`. Outside vitest (no shared cluster), every call starts its own.
 *
 * PostgreSQL refuses to run as root, and CI runs as root: then the directory belongs to the
 * `postgres` user and every binary runs through `runuser -u postgres --`.
 */

export const PG_BIN = '/usr/lib/postgresql/15/bin';
const USER = 'uw';
const TEMPLATE = 'uw_template';
const LOG = 'server.log';

export interface TestDatabase {
  readonly name: string;
  /** postgres://uw@127.0.0.1:PORT/NAME: no password in it (PGPASSWORD-style connections). */
  readonly url: string;
  /** node-postgres settings for this database, the password included. */
  readonly config: PoolConfig;
  /** A pool on this database, with the engine's connection settings; ended by drop(). */
  readonly pool: Pool;
  /** Ends this object's pool and drops the database, ending its other sessions. */
  drop(): Promise<void>;
}

export interface PostgresCluster {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly dir: string;
  readonly logFile: string;
  /** Connection settings for a database of this cluster (the password included). */
  config(database: string): PoolConfig;
  /** postgres://uw@127.0.0.1:PORT/DATABASE, without the password. */
  url(database: string): string;
  /** A new pool on `database`, ended by stop(). Lost connections raise no uncaught error (fault tests): their queries fail. */
  pool(database: string, config?: PoolConfig): Pool;
  /**
   * A new database: a copy of the migrated template (the default), of an empty one, or of
   * another test database (`from`: e.g. one seeded once for many tests; its sessions are
   * ended first, as PostgreSQL copies only a database nobody is connected to).
   */
  createDatabase(options?: { migrated?: boolean; from?: TestDatabase }): Promise<TestDatabase>;
  /** Ends every other session on `database` (pg_terminate_backend): lost connections. Returns how many. */
  terminateConnections(database: string): Promise<number>;
  /** Stops the server the hard way (immediate shutdown: crash recovery on the next start). */
  crash(): Promise<void>;
  /** Starts the server again on the same port, with the same data. */
  start(): Promise<void>;
  /** Stops and starts the server: 'fast' ends sessions cleanly, 'immediate' is a crash. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and removes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The run's shared cluster, as JSON ({ port, password, dir }), set by the vitest global setup
 * and inherited by every test process.
 */
export const SHARED_CLUSTER_VARIABLE = 'UW_TEST_PG_SHARED';

export interface StartPostgresOptions {
  /**
   * A cluster of this file's own, started now (and stopped by its `stop()`), instead of the
   * run's shared one: for a test that crashes, stops or restarts the server, which would take
   * the other files' databases with it.
   */
  own?: boolean;
}

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** A PostgreSQL binary, as the postgres user when we are root. */
function command(binary: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN, binary);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '';
}

/** Runs a PostgreSQL binary in the cluster's directory (the postgres user may not enter ours). */
async function pgRun(binary: string, args: string[], dir: string): Promise<void> {
  const [file, argv] = command(binary, args);
  try {
    await run(file, argv, { timeout: 60_000, cwd: dir });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${binary} ${args[0]} failed: ${(error as Error).message}\n${stdout}${stderr}\nserver log:\n${tail(join(dir, LOG))}`, { cause: error });
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('Running as root, the tests run PostgreSQL as the user `postgres`, which does not exist: install the package `postgresql`.');
  }
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs after this process has gone, however it went: stops the server and removes `dir`.
 * Detached, it is its own session: a signal to the test's process group spares it.
 */
function startWatchdog(dir: string): ChildProcess {
  const [file, argv] = command('pg_ctl', ['stop', '-D', join(dir, 'data'), '-m', 'immediate']);
  const script = `parent=$1; dir=$2; shift 2
while kill -0 "$parent" 2>/dev/null && [ -d "$dir" ]; do sleep 0.5; done
if [ -d "$dir" ]; then "$@" >/dev/null 2>&1; rm -rf "$dir"; fi`;
  const child = spawn('sh', ['-c', script, 'uw-pg-watchdog', String(process.pid), dir, file, ...argv], { cwd: '/', detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresCluster> {
  const shared = process.env[SHARED_CLUSTER_VARIABLE];
  if (!options.own && shared) return sharedCluster(JSON.parse(shared) as SharedClusterInfo);
  return startOwnPostgres();
}

interface SharedClusterInfo {
  port: number;
  password: string;
  dir: string;
}

/** What the global setup hands the test processes (SHARED_CLUSTER_VARIABLE): the template is migrated already. */
export async function shareCluster(cluster: PostgresCluster): Promise<string> {
  // The first migrated copy makes the template; the copy itself is not needed.
  await (await cluster.createDatabase()).drop();
  return JSON.stringify({ port: cluster.port, password: cluster.password, dir: cluster.dir } satisfies SharedClusterInfo);
}

/** Pools, databases and sessions on a running server (its own or the run's shared one). */
function clusterClient(port: number, password: string, template: () => Promise<void>) {
  const pools = new Set<Pool>();
  const config = (database: string): PoolConfig => ({ ...connectionSettings, host: '127.0.0.1', port, user: USER, password, database });
  const pool = (database: string, extra: PoolConfig = {}) => {
    const created = new Pool({ ...config(database), ...extra });
    // A connection whose server went away (crash, terminateConnections) emits 'error', on its
    // pool when idle and on itself when checked out; its next query fails and says so. Left
    // unhandled, the event would end the test process.
    created.on('error', () => {});
    created.on('connect', (client) => client.on('error', () => {}));
    pools.add(created);
    return created;
  };
  // A pool ends once its checked-out clients are released: a failed test may never release
  // one. Dropping the database or stopping the server ends those sessions anyway.
  const endPool = async (p: Pool) => {
    pools.delete(p);
    await Promise.race([p.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  };
  const admin = pool('postgres', { max: 2 });
  const url = (database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}`;
  const created = new Set<string>();
  let databases = 0;
  const terminateConnections = async (database: string) => {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows[0]!.n;
  };
  const createDatabase = async ({ migrated = true, from }: { migrated?: boolean; from?: TestDatabase } = {}): Promise<TestDatabase> => {
    if (from) await terminateConnections(from.name);
    else if (migrated) await template();
    databases += 1;
    // Unique on a cluster many test processes share.
    const name = `test_${process.pid}_${databases}_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${from?.name ?? (migrated ? TEMPLATE : 'template0')}`);
    created.add(name);
    const own = pool(name);
    return {
      name,
      url: url(name),
      config: config(name),
      pool: own,
      async drop() {
        await endPool(own);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        created.delete(name);
      },
    };
  };
  return { pools, config, pool, endPool, admin, url, createDatabase, terminateConnections, created };
}

/**
 * The run's shared cluster, seen from one test process: databases and pools of its own; its
 * `stop()` ends them and drops the databases it made, and leaves the server to the global setup.
 */
function sharedCluster({ port, password, dir }: SharedClusterInfo): PostgresCluster {
  const client = clusterClient(port, password, async () => {});
  let stopped = false;
  const refuse = (what: string) => async () => {
    throw new Error(`${what}: this is the test run's shared PostgreSQL cluster; a test that ${what}s the server starts its own with startPostgres({ own: true })`);
  };
  return {
    host: '127.0.0.1',
    port,
    user: USER,
    password,
    dir,
    logFile: join(dir, LOG),
    config: client.config,
    url: client.url,
    pool: client.pool,
    createDatabase: client.createDatabase,
    terminateConnections: client.terminateConnections,
    crash: refuse('crash'),
    start: refuse('start'),
    restart: refuse('restart'),
    async stop() {
      if (stopped) return;
      stopped = true;
      const names = [...client.created];
      await Promise.all([...client.pools].filter((p) => p !== client.admin).map(client.endPool));
      for (const name of names) await client.admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await client.endPool(client.admin);
    },
  };
}

async function startOwnPostgres(): Promise<PostgresCluster> {
  if (!existsSync(join(PG_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 is not installed: ${PG_BIN}/initdb is missing. ` +
        `Install Debian's package \`postgresql\` (apt-get install postgresql); the tests start their own clusters.`,
    );
  }
  const owner = asRoot ? postgresUser() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'uw-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, LOG);
  const password = randomBytes(18).toString('base64url');
  const pwfile = join(dir, 'pwfile');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) for (const path of [dir, pwfile]) chownSync(path, owner.uid, owner.gid);
  const watchdog = startWatchdog(dir);
  let removed = false;
  const removeNow = () => {
    if (removed) return;
    removed = true;
    const [file, argv] = command('pg_ctl', ['stop', '-D', data, '-m', 'immediate']);
    if (existsSync(join(data, 'postmaster.pid'))) spawnSync(file, argv, { cwd: '/', stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeNow);

  // The server runs in the foreground as our child (through runuser when root), not daemonized
  // by pg_ctl: its process is then reaped as soon as it stops, never left to init as a zombie.
  let server: { process: ChildProcess; exited: Promise<unknown> } | undefined;
  const startServer = async () => {
    const log = openSync(logFile, 'a');
    const [file, argv] = command('postgres', ['-D', data]);
    const child = spawn(file, argv, { cwd: dir, stdio: ['ignore', log, log] });
    closeSync(log);
    let gone = false;
    const exited = once(child, 'exit').then(() => (gone = true));
    server = { process: child, exited };
    // postmaster.pid's eighth line says 'ready' once connections are accepted.
    for (let waited = 0; waited < 60_000; waited += 25) {
      if (gone) throw new Error(`PostgreSQL did not start:\n${tail(logFile)}`);
      const pidFile = join(data, 'postmaster.pid');
      if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').split('\n')[7]?.trim() === 'ready') return;
      await sleep(25);
    }
    throw new Error(`PostgreSQL did not get ready in 60 s:\n${tail(logFile)}`);
  };
  const stopServer = async (mode: 'fast' | 'immediate') => {
    if (!server) return;
    await pgRun('pg_ctl', ['stop', '-D', data, '-m', mode, '-w'], dir);
    await server.exited;
    server = undefined;
  };

  let port!: number;
  try {
    await pgRun('initdb', ['-D', data, '-U', USER, `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync'], dir);
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        '# Throwaway test cluster (test/support/postgres.ts): loopback only, speed over durability.',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        // Only an operating-system crash loses data without these, and the cluster would not
        // outlive one. synchronous_commit stays on: with it off, a server crash (crash())
        // would lose commits already acknowledged, which the fault tests must not see.
        'fsync = off',
        'full_page_writes = off',
        // The run's shared cluster serves two test files at a time, each with pools of its own.
        'max_connections = 200',
        'shared_buffers = 32MB',
        'max_wal_size = 1GB',
        'autovacuum = off',
        'jit = off',
        '',
      ].join('\n'),
    );
    // The port is free when chosen, but another process may bind it before the server does.
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      appendFileSync(join(data, 'postgresql.conf'), `port = ${port}\n`);
      try {
        await startServer();
        break;
      } catch (error) {
        if (attempt === 3 || !/could not bind|Address already in use/.test(tail(logFile))) throw error;
      }
    }
  } catch (error) {
    removeNow();
    throw error;
  }

  let template: Promise<void> | undefined;
  const client = clusterClient(port, password, () =>
    (template ??= (async () => {
      await client.admin.query(`CREATE DATABASE ${TEMPLATE}`);
      const templatePool = client.pool(TEMPLATE, { max: 1 });
      try {
        await migratePostgres(templatePool);
      } finally {
        await client.endPool(templatePool);
      }
      // A template being copied must have no session: this keeps every later one out.
      await client.admin.query(`ALTER DATABASE ${TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    })()),
  );
  const { pools, endPool } = client;
  const cluster: PostgresCluster = {
    host: '127.0.0.1',
    port,
    user: USER,
    password,
    dir,
    logFile,
    config: client.config,
    url: client.url,
    pool: client.pool,
    createDatabase: client.createDatabase,
    terminateConnections: client.terminateConnections,
    crash: () => stopServer('immediate'),
    start: startServer,
    async restart(mode = 'fast') {
      await stopServer(mode);
      await startServer();
    },
    async stop() {
      if (removed) return;
      await Promise.all([...pools].map(endPool));
      await stopServer('fast').catch(() => {});
      removeNow();
      process.removeListener('exit', removeNow);
      watchdog.kill();
    },
  };
  return cluster;
}
