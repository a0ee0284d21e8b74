import { createPostgresStore, openPostgresStore, type PostgresStore, PostgresUrlError } from '../store/postgres';
import { UsageError } from './args';

// `uw serve --database postgres://USER@HOST:PORT/DB`: the team server on PostgreSQL. Without a
// database URL (flag or UW_DATABASE_URL) the server keeps its data directory's SQLite store.

export const DATABASE_HELP = `  --database URL      serve a PostgreSQL database instead of the data directory's SQLite
                      store: postgres://USER@HOST:PORT/DATABASE (also UW_DATABASE_URL). The
                      password is never part of the URL: PGPASSWORD, ~/.pgpass, or
                      --database-password-file FILE (its first line). Several servers may
                      serve one database (behind a reverse proxy); --web needs SQLite.
  --database-password-file FILE   the database password, first line of FILE (keep it 0600)
`;

export interface DatabaseChoice {
  url: string;
  passwordFile?: string;
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
  try {
    const connection = await openPostgresStore(choice.url, {
      passwordFile: choice.passwordFile,
      onConnectionError: (message) => log(`uw: database: ${message}`),
    });
    const store = createPostgresStore(connection.pool);
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
