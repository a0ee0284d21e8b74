import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { apiClients } from './schema';
import { prepared } from './statements';

/** Stores a client's secret hash (never the secret), replacing an earlier one. */
export function upsertApiClient(db: Db, clientId: string, secretHash: string): void {
  db.insert(apiClients)
    .values({ clientId, secretHash })
    .onConflictDoUpdate({ target: apiClients.clientId, set: { secretHash, updatedAt: new Date().toISOString() } })
    .run();
}

export function apiClientSecretHash(db: Db, clientId: string): string | undefined {
  return db.select({ h: apiClients.secretHash }).from(apiClients).where(eq(apiClients.clientId, clientId)).get()?.h;
}

/**
 * When the client was provisioned (ISO 8601), or undefined when there is no such client. Asked
 * on every API request (a token is honoured only while its client exists): one compiled lookup.
 */
export function apiClientCreatedAt(db: Db, clientId: string): string | undefined {
  const row = prepared(db, 'SELECT created_at AS createdAt FROM api_clients WHERE client_id = ?').get(clientId) as { createdAt: string } | undefined;
  return row?.createdAt;
}

export interface ApiClientEntry {
  clientId: string;
  createdAt: string;
  updatedAt: string;
}

/** The provisioned clients, by id; their secret hashes are not part of the list. */
export function listApiClients(db: Db): ApiClientEntry[] {
  return db
    .select({ clientId: apiClients.clientId, createdAt: apiClients.createdAt, updatedAt: apiClients.updatedAt })
    .from(apiClients)
    .orderBy(apiClients.clientId)
    .all();
}

/** Removes a client; false when there was none. Its tokens are refused from then on. */
export function removeApiClient(db: Db, clientId: string): boolean {
  return db.delete(apiClients).where(eq(apiClients.clientId, clientId)).run().changes > 0;
}
