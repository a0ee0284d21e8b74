import { databaseErrorMessage } from './postgres/open';

/**
 * A message for the client when a request failed because the store cannot be reached (a
 * database server restarting, a lost connection, refused credentials), or undefined for any
 * other failure. Engine-neutral for the layers above: SQLite, in process, has no such failure.
 */
export function storeUnavailableMessage(error: unknown): string | undefined {
  return databaseErrorMessage(error);
}
