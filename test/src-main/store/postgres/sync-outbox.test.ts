import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import type { NewDealGraph } from '../../../../src-main/store/deal-graph';
import * as sqliteHistory from '../../../../src-main/store/deal-history';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { dealHistory } from '../../../../src-main/store/postgres/deal-history';
import { pgDbOf } from '../../../../src-main/store/postgres/open';
import * as pgSchema from '../../../../src-main/store/postgres/schema';
import { insertDealGraphForSync } from '../../../../src-main/store/postgres/sync-outbox';
import * as schema from '../../../../src-main/store/schema';
import * as sqlite from '../../../../src-main/store/sync-outbox';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

let cluster: PostgresCluster;
let database: TestDatabase;
let pg: PgDb;
let dir: string;
let db: Db;
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
  pg = pgDbOf(database.pool);
  dir = mkdtempSync(join(tmpdir(), 'uw-graph-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await database.pool.query(`INSERT INTO users (id) VALUES ('ann@lender.test')`);
  db.$client.exec(`INSERT INTO users (id) VALUES ('ann@lender.test')`);
}, 120_000);
afterAll(async () => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
  await cluster?.stop();
});

const now = '2026-11-26T10:00:00.000Z';

function graph(n: number, place = `place-${n}`): NewDealGraph {
  const [dealId, collateralId, componentId, fundsId] = [`d${n}`, `c${n}`, `k${n}`, `f${n}`];
  return {
    deal: { id: dealId, seedName: `Deal ${n}`, loanType: 'Bridge', propertyType: 'Multifamily', ownerId: 'ann@lender.test', grossLoan: 12_500_000.5, requestedLoanAmount: 12_500_000.5, loanTerm: 36, createdAt: now, updatedAt: now },
    collateral: { id: collateralId, name: `Deal ${n}`, propertyType: 'Multifamily', placeId: place, addressKey: `address of ${place}`, fullAddress: `${n} Harbor St` },
    component: { id: componentId, collateralId, componentType: 'Residential', assetType: 'Multifamily', saleValueComputationType: 'ByUnit', hotelTotalRooms: 0, hotelAverageDailyRate: 0, hotelOccupancy: 0, hotelTotalSf: 0 },
    livingUnits: [1, 2].map((u) => ({ id: `${componentId}-u${u}`, componentId, unitSize: 850.5 + u, numUnits: 1, floor: null })),
    funds: { id: fundsId, dealId, balanceName: 'Balance' },
    fundSources: [{ id: `${fundsId}-s`, fundsId, sourcesOfFunds: 'Senior Loan', amount: 12_500_000.5, isLoan: true, isDefault: true }],
    fundUses: [],
  } as NewDealGraph;
}

const history = (n: number) => ({ actor: { who: 'ann@lender.test', source: 'api' as const }, at: now, change: { dealId: `d${n}`, field: '$created', newValue: { name: `Deal ${n}` } } });

describe('creating a deal on PostgreSQL', () => {
  it('inserts the graph with its history entry, read back as the SQLite store holds it', async () => {
    expect(await insertDealGraphForSync(pg, graph(1), { kind: 'multifamily' }, history(1))).toEqual({ inserted: true });
    expect(sqlite.insertDealGraphForSync(db, graph(1), { kind: 'multifamily' }, history(1))).toEqual({ inserted: true });
    for (const name of ['deals', 'collaterals', 'dealCollaterals', 'components', 'livingUnits', 'fundsAnalyses', 'fundSources'] as const) {
      // Timestamps the graph leaves out are each engine's time of the insert.
      const undated = (rows: object[]) => rows.map((r) => ({ ...r, createdAt: name === 'deals' ? (r as { createdAt: string }).createdAt : 'now', updatedAt: name === 'deals' ? (r as { updatedAt: string }).updatedAt : 'now' }));
      expect(undated(await pg.select().from(pgSchema[name])), name).toEqual(undated(db.select().from(schema[name]).all()));
    }
    const strip = <T extends { id: number }>(entries: T[]) => entries.map(({ id: _id, ...rest }) => rest);
    expect(strip(await dealHistory(pg, 'd1'))).toEqual(strip(sqliteHistory.dealHistory(db, 'd1')));
    // The platform queues nothing for a push.
    expect((await database.pool.query('SELECT count(*)::int AS n FROM outbox')).rows[0].n).toBe(0);
  });

  it('refuses a second deal at the same place, and of two created at once inserts one', async () => {
    expect(await insertDealGraphForSync(pg, graph(2, 'place-1'), {}, history(2))).toEqual({ inserted: false, existingCollateralId: 'c1' });
    expect(await dealHistory(pg, 'd2')).toEqual([]);
    const a = pgDbOf(cluster.pool(database.name, { max: 2 }));
    const b = pgDbOf(cluster.pool(database.name, { max: 2 }));
    for (let round = 0; round < 5; round += 1) {
      const place = `contested-${round}`;
      const results = await Promise.all([
        insertDealGraphForSync(a, graph(10 + 2 * round, place), {}, history(10 + 2 * round)),
        insertDealGraphForSync(b, graph(11 + 2 * round, place), {}, history(11 + 2 * round)),
      ]);
      expect(results.filter((r) => r.inserted), place).toHaveLength(1);
      expect((await database.pool.query('SELECT count(*)::int AS n FROM collaterals WHERE place_id = $1', [place])).rows[0].n).toBe(1);
    }
  });
});
