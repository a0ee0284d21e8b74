import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { seedDemoPortfolio } from '../../src-main/demo/seed';
import { closeDb, openDb, type Db } from '../../src-main/store/db';
import * as pgSchema from '../../src-main/store/postgres/schema';
import * as sqliteSchema from '../../src-main/store/schema';
import { setUnderwritingSettings } from '../../src-main/store/system-config';
import { copyToPostgres } from './copy-to-postgres';
import { startPostgres, type PostgresCluster, type TestDatabase } from './postgres';

/** A deal of the parity stores that has no collateral (nor people, companies or funds). */
export const DEAL_WITHOUT_COLLATERAL = 'deal-without-collateral';

export interface ParityStores {
  /** The SQLite store: the demo portfolio, one deal without collateral, stored underwriting settings. */
  sqlite: Db;
  /** A PostgreSQL database holding a copy of every row of `sqlite` (copyToPostgres). */
  pg: NodePgDatabase<typeof pgSchema>;
  database: TestDatabase;
  cluster: PostgresCluster;
  close(): Promise<void>;
}

/**
 * The same data on both engines, for engine-parity tests: a SQLite store on a temporary file
 * seeded with the demo portfolio, and a throwaway PostgreSQL database it is copied into.
 */
export async function parityStores(options: { deals?: number } = {}): Promise<ParityStores> {
  const dir = mkdtempSync(join(tmpdir(), 'uw-parity-'));
  const sqlite = openDb({ file: join(dir, 'uw.sqlite') });
  seedDemoPortfolio(sqlite, { deals: options.deals ?? 8 });
  const first = sqlite.select().from(sqliteSchema.deals).limit(1).get()!;
  sqlite.insert(sqliteSchema.deals).values({ ...first, id: DEAL_WITHOUT_COLLATERAL, seedName: 'No collateral', loanId: null }).run();
  setUnderwritingSettings(sqlite, {});
  // Timestamps of the copied rows are SQLite's: the copy writes every column.
  sqlite.update(sqliteSchema.deals).set({ createdAt: '2020-01-01T00:00:00.000Z' }).where(eq(sqliteSchema.deals.id, DEAL_WITHOUT_COLLATERAL)).run();
  const cluster = await startPostgres();
  const database = await cluster.createDatabase();
  const pg = drizzle({ client: database.pool, schema: pgSchema });
  await copyToPostgres(sqlite, pg);
  return {
    sqlite,
    pg,
    database,
    cluster,
    async close() {
      closeDb(sqlite);
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
