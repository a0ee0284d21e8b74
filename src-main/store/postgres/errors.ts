// What a database error means for a client, read from the driver's error codes and messages
// alone. Apart from open.ts so that the server can answer 503 for an unreachable database
// (store/unavailable.ts) without loading the driver: a SQLite server never loads `pg`.

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/**
 * A clear message for an error that means the database cannot be reached or refused us, or
 * undefined for any other error (a statement's own failure). Names no password.
 */
export function databaseErrorMessage(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  // drizzle wraps the driver's error (DrizzleQueryError): the code is on its cause.
  const code = pgErrorCode(err) ?? '';
  if (NETWORK_CODES.has(code)) return 'The database server cannot be reached. Check that PostgreSQL is running and the host and port of the database URL.';
  if (code === '28P01' || code === '28000') return 'The database refused the credentials: check the user name of the database URL and its password (PGPASSWORD, ~/.pgpass or the password file).';
  if (code === '3D000') return 'The database named in the database URL does not exist: create it first (createdb).';
  if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08')) {
    return 'The database server is restarting or shutting down: try again in a moment.';
  }
  const messages = causes(err).map((e) => e.message).join('\n');
  if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(messages)) {
    return 'The connection to the database server was lost: try again in a moment.';
  }
  return undefined;
}

function causes(err: Error): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
}

/** The SQLSTATE or system error code of an error or of what it wraps (drizzle's query errors). */
export function pgErrorCode(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  return causes(err).map((e) => (e as { code?: unknown }).code).find((c): c is string => typeof c === 'string');
}
