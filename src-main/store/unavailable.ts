import { databaseErrorMessage } from './postgres/errors';

/**
 * A message for the client when a request failed because the store cannot be reached (a
 * database server restarting, a lost connection, refused credentials), or undefined for any
 * other failure. Engine-neutral for the layers above: SQLite, in process, has no such failure.
 * It reads error codes only (postgres/errors.ts), so the store entry exports it without `pg`.
 */
export function storeUnavailableMessage(error: unknown): string | undefined {
  return databaseErrorMessage(error);
}
