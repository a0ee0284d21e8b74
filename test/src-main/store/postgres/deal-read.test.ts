import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCollateralFigures, FIGURES_VERSION } from '../../../../src-main/figures';
import * as lite from '../../../../src-main/store/deal-read';
import { allDealIds } from '../../../../src-main/store/deals';
import * as pgRead from '../../../../src-main/store/postgres/deal-read';
import { collateralRollupsWith } from '../../../../src-main/store/postgres/collateral-figures';
import * as pgSchema from '../../../../src-main/store/postgres/schema';
import { alternativeValuations, collateralFigures, settings } from '../../../../src-main/store/schema';
import { UNDERWRITING_SETTINGS_KEY } from '../../../../src-main/store/system-config';
import { DEAL_WITHOUT_COLLATERAL, parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of the one-statement deal read (store/postgres/deal-read.ts).

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores();
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const ids = () => [...allDealIds(stores.sqlite), 'no-such-deal'];

async function expectSameReads(): Promise<void> {
  for (const id of ids()) expect(await pgRead.dealRead(stores.pg, id, FIGURES_VERSION)).toEqual(lite.dealRead(stores.sqlite, id, FIGURES_VERSION));
}

/** Fills both caches: SQLite through the gateway, PostgreSQL through the refill protocol with SQLite's figures. */
async function fillBoth(): Promise<void> {
  await fillCollateralFigures(stores.sqliteStore);
  const stored = stores.sqlite.select().from(collateralFigures).all();
  const rollups = new Map(stored.map((r) => [r.collateralId, { netOperatingIncome: r.netOperatingIncome, netIncome: r.netIncome, incomeValuation: r.incomeValuation,
    alternativeValuation: r.alternativeValuation, salesValuation: r.salesValuation, totalSF: r.totalSF, totalUnit: r.totalUnit }]));
  await collateralRollupsWith(stores.pg, [...rollups.keys()], FIGURES_VERSION, async (_reader, missing) => ({
    rollups: new Map(missing.map((id) => [id, rollups.get(id)!])),
    stress: new Map(),
  }));
}

describe('the one-statement deal read on PostgreSQL', () => {
  it('reads every deal with its people, companies, settings and (not yet cached) figures as SQLite does', async () => {
    const read = await pgRead.dealRead(stores.pg, allDealIds(stores.sqlite)[1]!, FIGURES_VERSION);
    expect(read?.personIds.length).toBeGreaterThan(0);
    expect(read?.figures.length).toBeGreaterThan(0);
    expect(read?.figures.every((f) => f.figures === null)).toBe(true);
    expect(read?.settings).not.toBeNull();
    await expectSameReads();
  });

  it('reads the cached figures, bit for bit, once both caches are filled', async () => {
    await fillBoth();
    const read = await pgRead.dealRead(stores.pg, allDealIds(stores.sqlite)[1]!, FIGURES_VERSION);
    expect(read?.figures.every((f) => f.figures !== null)).toBe(true);
    await expectSameReads();
  });

  it('is a named statement, prepared once per connection: a unit reads through it as the pool does, whatever the version asked', async () => {
    const id = allDealIds(stores.sqlite)[1]!;
    await stores.pg.transaction(async (tx) => {
      for (const version of [FIGURES_VERSION, FIGURES_VERSION + 1, FIGURES_VERSION]) {
        expect(await pgRead.dealRead(tx, id, version)).toEqual(lite.dealRead(stores.sqlite, id, version));
      }
      const { rows } = await tx.execute<{ name: string }>(sql`SELECT name FROM pg_prepared_statements`);
      expect(rows.map((r) => r.name)).toContain('uw_deal_read');
    });
  });

  it('takes no cached figure of another formula version', async () => {
    const id = allDealIds(stores.sqlite)[1]!;
    expect(await pgRead.dealRead(stores.pg, id, FIGURES_VERSION + 1)).toEqual(lite.dealRead(stores.sqlite, id, FIGURES_VERSION + 1));
    expect((await pgRead.dealRead(stores.pg, id, FIGURES_VERSION + 1))?.figures.every((f) => f.figures === null)).toBe(true);
  });

  it('takes no cached figure whose inputs changed since, as SQLite (whose triggers delete it)', async () => {
    const id = allDealIds(stores.sqlite)[1]!;
    const collateralId = lite.dealRead(stores.sqlite, id, FIGURES_VERSION)!.figures[0]!.collateralId;
    stores.sqlite.update(alternativeValuations).set({ valuation: 1234567.5 }).where(eq(alternativeValuations.collateralId, collateralId)).run();
    await stores.pg.update(pgSchema.alternativeValuations).set({ valuation: 1234567.5 }).where(eq(pgSchema.alternativeValuations.collateralId, collateralId));
    const read = await pgRead.dealRead(stores.pg, id, FIGURES_VERSION);
    expect(read?.figures.find((f) => f.collateralId === collateralId)?.figures).toBeNull();
    await expectSameReads();
  });

  it('reads a deal without collateral with empty lists, and null settings when none are stored', async () => {
    const read = await pgRead.dealRead(stores.pg, DEAL_WITHOUT_COLLATERAL, FIGURES_VERSION);
    expect(read).toMatchObject({ personIds: [], companyIds: [], figures: [] });
    stores.sqlite.delete(settings).where(eq(settings.key, UNDERWRITING_SETTINGS_KEY)).run();
    await stores.pg.delete(pgSchema.settings).where(eq(pgSchema.settings.key, UNDERWRITING_SETTINGS_KEY));
    expect((await pgRead.dealRead(stores.pg, DEAL_WITHOUT_COLLATERAL, FIGURES_VERSION))?.settings).toBeNull();
    await expectSameReads();
  });
});
