import type { PostgresStore } from '../store/postgres';
import { UsageError } from './args';

// `uw serve --database postgres://USER@HOST:PORT/DB`: the team server on PostgreSQL. Without a
// database URL (flag or UW_DATABASE_URL) the server keeps its data directory's SQLite store.

export const DATABASE_HELP = `  --database URL      serve a PostgreSQL database instead of the data directory's SQLite
                      store: postgres://USER@HOST:PORT/DATABASE (also UW_DATABASE_URL). The
                      password is never part of the URL: PGPASSWORD, ~/.pgpass, or
                      --database-password-file FILE (its first line). Several servers may
                      serve one database (behind a reverse proxy); --web needs SQLite.
  --database-password-file FILE   the database password, first line of FILE (keep it 0600)
  --import-lease-seconds N   how long an instance's claim on an import holds without renewal
                      before another instance may take the import over (default 120)
  --import-resume-seconds N  how often an instance looks for imports it may take over
                      (default 30)
`;

/** An import claim's lease and the resume interval, unless --import-lease-seconds / --import-resume-seconds say otherwise. */
export const DEFAULT_IMPORT_LEASE_SECONDS = 120;
export const DEFAULT_IMPORT_RESUME_SECONDS = 30;

export interface DatabaseChoice {
  url: string;
  passwordFile?: string;
  /** How long this instance's claim on an import holds without renewal (the store's default when absent). */
  importLeaseMs?: number;
}

/** The database the server is to use, or undefined for the data directory's SQLite store. */
export function databaseChoice(flag: string | undefined, passwordFile: string | undefined, env: NodeJS.ProcessEnv = process.env): DatabaseChoice | undefined {
  const url = flag ?? (env.UW_DATABASE_URL || undefined);
  if (url === undefined) {
    if (passwordFile !== undefined) throw new UsageError('--database-password-file goes with --database (or UW_DATABASE_URL)');
    return undefined;
  }
  return { url, ...(passwordFile !== undefined ? { passwordFile } : {}) };
}

/**
 * Opens and migrates the database, as the storage port. Errors say what to check and never
 * repeat a password; a lost connection later is reported on stderr, not fatal.
 */
export async function openServerDatabase(choice: DatabaseChoice, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<PostgresStore & { close(): Promise<void> }> {
  // The engine (pg, drizzle's PostgreSQL dialect) is loaded only here: a SQLite server never loads it.
  const { createPostgresStore, openPostgresStore, PostgresUrlError } = await import('../store/postgres');
  try {
    const connection = await openPostgresStore(choice.url, {
      passwordFile: choice.passwordFile,
      onConnectionError: (message) => log(`uw: database: ${message}`),
    });
    const store = createPostgresStore(connection.pool, choice.importLeaseMs === undefined ? {} : { importLeaseMs: choice.importLeaseMs });
    const close = async () => {
      await store.releaseImportClaims();
      await connection.close();
    };
    return Object.assign(store, { close });
  } catch (err) {
    if (err instanceof PostgresUrlError) throw new UsageError(`--database: ${err.message}`);
    throw err;
  }
}
