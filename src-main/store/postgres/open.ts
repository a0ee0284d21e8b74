import { drizzle } from 'drizzle-orm/node-postgres';
import { readFileSync } from 'node:fs';
import { Pool, type PoolConfig } from 'pg';
import { connectionSettings } from './connection';
import type { PgDb } from './db';
import { databaseErrorMessage } from './errors';
import { migratePostgres } from './migrate';
import * as schema from './schema';

// Re-exported: the errors' reading lives in errors.ts, which loads no driver (the server's 503).
export { databaseErrorMessage, pgErrorCode } from './errors';

// The engine's connection: a pool with the engine's settings, migrated before first use.
// The password never travels on a command line (every user of the machine can read one):
// node-postgres reads PGPASSWORD (or ~/.pgpass) itself, or it comes from a password file.

/** drizzle over a pool: what the engine's repository functions run on. */
export function pgDbOf(pool: Pool): PgDb {
  return drizzle({ client: pool, schema });
}

export class PostgresUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostgresUrlError';
  }
}

/**
 * Checks a database URL (postgres://USER@HOST:PORT/DB) without ever putting its password in
 * an error: a URL carrying one is refused outright.
 */
export function checkDatabaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PostgresUrlError('The database URL is not a URL: give it as postgres://USER@HOST:PORT/DATABASE.');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new PostgresUrlError(`The database URL must start with postgres:// (it starts with ${parsed.protocol}//).`);
  }
  if (parsed.password !== '') {
    throw new PostgresUrlError(
      'The database URL contains a password. Remove it from the URL and give it in the environment variable PGPASSWORD, ' +
        'in ~/.pgpass, or in a password file (--database-password-file): a command line is visible to every user of the machine.',
    );
  }
  if (parsed.hostname === '' || parsed.pathname.length <= 1) {
    throw new PostgresUrlError('The database URL needs a host and a database: postgres://USER@HOST:PORT/DATABASE.');
  }
  return parsed;
}

/** The first line of a password file (a file readable by the server's user only). */
export function readPasswordFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new PostgresUrlError(`The database password file ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const password = text.split(/\r?\n/)[0]!;
  if (password === '') throw new PostgresUrlError(`The database password file ${file} is empty.`);
  return password;
}

export interface OpenPostgresOptions {
  /** A file whose first line is the password; otherwise PGPASSWORD or ~/.pgpass. */
  passwordFile?: string;
  /** Connections in the pool (node-postgres' default: 10). */
  max?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  migrationsFolder?: string;
  /**
   * Told about a connection the server dropped while it sat idle in the pool (a restart, an
   * administrator's pg_terminate_backend). The pool replaces it; the error never ends the process.
   */
  onConnectionError?: (message: string) => void;
}

export interface PostgresStoreConnection {
  pool: Pool;
  db: PgDb;
  close(): Promise<void>;
}

/** URL parameters the engine understands: a socket directory (`host`) and TLS (`sslmode`). */
const SSL_MODES: Record<string, PoolConfig['ssl']> = { disable: false, require: true, 'verify-full': true };

/**
 * The pool's settings for a URL: the engine's settings, the password from a file when given.
 * The URL is taken apart here rather than handed over as node-postgres' connectionString,
 * whose values (an empty password, `options`) would replace the password file's and the
 * engine's own settings.
 */
export function postgresPoolConfig(url: string, options: Pick<OpenPostgresOptions, 'passwordFile' | 'max' | 'applicationName'> = {}): PoolConfig {
  const parsed = checkDatabaseUrl(url);
  const config: PoolConfig = {
    ...connectionSettings,
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? 5432 : Number(parsed.port),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    application_name: options.applicationName ?? 'uw serve',
    // A server that does not answer is reported, not waited for forever.
    connectionTimeoutMillis: 10_000,
  };
  if (parsed.username !== '') config.user = decodeURIComponent(parsed.username);
  for (const [key, value] of parsed.searchParams) {
    if (key === 'host') config.host = value;
    else if (key === 'sslmode' && value in SSL_MODES) config.ssl = SSL_MODES[value];
    else throw new PostgresUrlError(`The database URL parameter ${key}=${value} is not supported (supported: host=/socket/directory, sslmode=disable|require|verify-full).`);
  }
  if (options.passwordFile !== undefined) config.password = readPasswordFile(options.passwordFile);
  if (options.max !== undefined) config.max = options.max;
  return config;
}

/**
 * Opens the engine on `url`: the pool, then the migrations (under the advisory lock, so that
 * instances starting together migrate once). A connection failure is thrown as an Error whose
 * message says what to check (databaseErrorMessage), never with the password.
 */
export async function openPostgresStore(url: string, options: OpenPostgresOptions = {}): Promise<PostgresStoreConnection> {
  const pool = new Pool(postgresPoolConfig(url, options));
  const report = (err: Error) => options.onConnectionError?.(databaseErrorMessage(err) ?? 'The database connection failed.');
  // Unhandled, an idle connection's 'error' (the server went away) would end the process.
  pool.on('error', report);
  // A checked-out client emits its own 'error' when its connection drops: its query fails and
  // the caller hears of it; without a listener the event would end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await migratePostgres(pool, options.migrationsFolder ? { migrationsFolder: options.migrationsFolder } : {});
  } catch (err) {
    await pool.end().catch(() => {});
    const message = databaseErrorMessage(err);
    throw message ? new Error(message, { cause: err }) : err;
  }
  let closed: Promise<void> | undefined;
  return {
    pool,
    db: pgDbOf(pool),
    close: () => (closed ??= pool.end()),
  };
}
