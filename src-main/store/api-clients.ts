import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { apiClients } from './schema';

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
