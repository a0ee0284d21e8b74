import { eq, sql } from 'drizzle-orm';
import type { ApiClientEntry } from '../api-clients';
import type { PgDb } from './db';
import { apiClients } from './schema';
import { preparedPerHandle } from './statements';

// The API clients on PostgreSQL: the twin of store/api-clients.ts.

/** Stores a client's secret hash (never the secret), replacing an earlier one. */
export async function upsertApiClient(pg: PgDb, clientId: string, secretHash: string): Promise<void> {
  await pg
    .insert(apiClients)
    .values({ clientId, secretHash })
    .onConflictDoUpdate({ target: apiClients.clientId, set: { secretHash, updatedAt: new Date().toISOString() } });
}

export async function apiClientSecretHash(pg: PgDb, clientId: string): Promise<string | undefined> {
  const rows = await pg.select({ h: apiClients.secretHash }).from(apiClients).where(eq(apiClients.clientId, clientId)).limit(1);
  return rows[0]?.h;
}

// Asked on every authenticated request (a removed client's tokens are refused at once): a named statement.
const createdAtStatement = preparedPerHandle((pg: PgDb) =>
  pg.select({ createdAt: apiClients.createdAt }).from(apiClients).where(eq(apiClients.clientId, sql.placeholder('clientId'))).limit(1).prepare('uw_api_client_created_at'),
);

/** When the client was provisioned (ISO 8601), or undefined when there is no such client. */
export async function apiClientCreatedAt(pg: PgDb, clientId: string): Promise<string | undefined> {
  const rows = await createdAtStatement(pg).execute({ clientId });
  return rows[0]?.createdAt;
}

/** The provisioned clients, by id; their secret hashes are not part of the list. */
export async function listApiClients(pg: PgDb): Promise<ApiClientEntry[]> {
  return pg
    .select({ clientId: apiClients.clientId, createdAt: apiClients.createdAt, updatedAt: apiClients.updatedAt })
    .from(apiClients)
    // COLLATE "C": byte order, as SQLite's BINARY collation sorts the same ids.
    .orderBy(sql`${apiClients.clientId} COLLATE "C"`);
}

/** Removes a client; false when there was none. Its tokens are refused from then on. */
export async function removeApiClient(pg: PgDb, clientId: string): Promise<boolean> {
  const removed = await pg.delete(apiClients).where(eq(apiClients.clientId, clientId)).returning({ id: apiClients.clientId });
  return removed.length > 0;
}
