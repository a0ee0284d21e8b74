import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * What the engine's repository functions run their statements on: drizzle over the pool, or
 * over one pooled client inside a transaction (drizzle's transaction object has the same query
 * API). A repository function never opens a transaction itself: the caller's unit of work does.
 */
export type PgDb = PgDatabase<NodePgQueryResultHKT, typeof schema>;
