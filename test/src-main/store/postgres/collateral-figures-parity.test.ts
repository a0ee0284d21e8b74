import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollateralRollupFigures } from '../../../../src-main/domain';
import { collateralRollups, fillCollateralFigures, FIGURES_VERSION } from '../../../../src-main/gateway/figures';
import * as lite from '../../../../src-main/store/collateral-figures';
import { allDealIds } from '../../../../src-main/store/deals';
import * as pgFigures from '../../../../src-main/store/postgres/collateral-figures';
import { componentsOfCollaterals } from '../../../../src-main/store/postgres/components';
import * as pgSchema from '../../../../src-main/store/postgres/schema';
import { alternativeValuations, collateralFigures, collaterals, components, livingUnits } from '../../../../src-main/store/schema';
import { analysisCollateralLinks } from '../../../../src-main/store/stress-inputs';
import { DEAL_WITHOUT_COLLATERAL, parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of the roll-up cache's reads (store/postgres/collateral-figures.ts against
// store/collateral-figures.ts), before and after a refill, and after a write to an input. The
// PostgreSQL refill (collateralRollupsWith) is given, as its computation, the figures the
// gateway computed and stored on SQLite for the same inputs: what is under test here is what
// the engine stores, reads back and refuses, not the arithmetic (the same domain functions).

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores();
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const V = FIGURES_VERSION;
const dealIds = () => [...allDealIds(stores.sqlite), 'no-such-deal'];
/** A deal of the demo portfolio (the first listed is the one without collateral). */
const demoDeal = () => allDealIds(stores.sqlite).find((id) => id !== DEAL_WITHOUT_COLLATERAL)!;
const collateralIds = () => stores.sqlite.select({ id: collaterals.id }).from(collaterals).all().map((r) => r.id);

async function expectSameReads(): Promise<void> {
  for (const id of dealIds()) expect(await pgFigures.dealCollateralFigures(stores.pg, id, V)).toEqual(lite.dealCollateralFigures(stores.sqlite, id, V));
  expect(await pgFigures.dealsCollateralFigures(stores.pg, dealIds(), V)).toEqual(lite.dealsCollateralFigures(stores.sqlite, dealIds(), V));
  const ids = [...collateralIds(), 'no-such-collateral'];
  expect(await pgFigures.storedCollateralFigures(stores.pg, ids, V)).toEqual(lite.storedCollateralFigures(stores.sqlite, ids, V));
  expect(await pgFigures.allStoredCollateralFigures(stores.pg, V)).toEqual(lite.allStoredCollateralFigures(stores.sqlite, V));
  // The fill's walk, page by page.
  let after = '';
  for (;;) {
    const page = lite.collateralsWithoutFigures(stores.sqlite, V, 3, after);
    expect(await pgFigures.collateralsWithoutFigures(stores.pg, V, 3, after)).toEqual(page);
    if (page.length === 0) break;
    after = page.at(-1)!;
  }
}

/** What the gateway stored on SQLite for these collaterals: the roll-ups and the stress figures. */
function sqliteComputed(ids: readonly string[]): pgFigures.ComputedRollups {
  const rows = new Map(stores.sqlite.select().from(collateralFigures).all().map((r) => [r.collateralId, r]));
  const rollups = new Map<string, CollateralRollupFigures>();
  const stress = new Map<string, lite.CollateralStressFigures>();
  for (const id of ids) {
    const r = rows.get(id);
    if (!r) continue;
    rollups.set(id, { netOperatingIncome: r.netOperatingIncome, netIncome: r.netIncome, incomeValuation: r.incomeValuation,
      alternativeValuation: r.alternativeValuation, salesValuation: r.salesValuation, totalSF: r.totalSF, totalUnit: r.totalUnit });
    stress.set(id, { revenue: r.yearOneRevenue!, vacancyAndConcessions: r.yearOneVacancyAndConcessions!, otherIncome: r.yearOneOtherIncome!,
      operatingExpenses: r.yearOneOperatingExpenses!, belowTheLineExpense: r.yearOneBelowTheLineExpense!, capRate: r.mainCapRate! });
  }
  return { rollups, stress };
}

describe('the roll-up cache on PostgreSQL, beside SQLite', () => {
  it('reads no figures, and lists every collateral as without figures, before any refill, as SQLite', async () => {
    expect((await pgFigures.collateralsWithoutFigures(stores.pg, V, 1000)).length).toBe(collateralIds().length);
    await expectSameReads();
  });

  it('refills in one read-only snapshot, stores what it computed with the stress figures, and reads it all back as SQLite does', async () => {
    fillCollateralFigures(stores.sqlite);
    const readers: boolean[] = [];
    let computedFor = 0;
    for (;;) {
      const ids = await pgFigures.collateralsWithoutFigures(stores.pg, V, 5);
      if (ids.length === 0) break;
      const result = await pgFigures.collateralRollupsWith(stores.pg, ids, V, async (reader, missing) => {
        readers.push(pgFigures.inTransaction(reader));
        // The inputs are read through the snapshot's handle.
        expect((await componentsOfCollaterals(reader, missing)).map((c) => c.collateralId).every((id) => missing.includes(id))).toBe(true);
        computedFor += missing.length;
        return sqliteComputed(missing);
      });
      expect(result).toEqual(collateralRollups(stores.sqlite, ids));
    }
    expect(computedFor).toBe(collateralIds().length);
    expect(readers.every(Boolean)).toBe(true);
    await expectSameReads();
    const [stored] = await stores.pg.select().from(pgSchema.collateralFigures).limit(1);
    expect(stored?.yearOneRevenue).toEqual(expect.any(Number));
    expect(analysisCollateralLinks(stores.sqlite, dealIds(), V).get(demoDeal())?.[0]?.stress).toEqual(expect.objectContaining({ revenue: expect.any(Number) }));
  });

  it('answers from the cache without computing once every figure is current', async () => {
    const ids = collateralIds();
    const result = await pgFigures.collateralRollupsWith(stores.pg, ids, V, () => Promise.reject(new Error('nothing to compute')));
    expect(result).toEqual(collateralRollups(stores.sqlite, ids));
  });

  it('stops counting a figure whose inputs changed, as SQLite stops (its triggers delete it), and refills it', async () => {
    const collateralId = lite.dealCollateralFigures(stores.sqlite, demoDeal(), V)[0]!.collateralId;
    const [unit] = stores.sqlite.select().from(livingUnits).all().filter((u) => componentsOf(collateralId).includes(u.componentId));
    expect(unit).toBeDefined();
    stores.sqlite.update(livingUnits).set({ numUnits: unit!.numUnits + 3 }).where(eq(livingUnits.id, unit!.id)).run();
    await stores.pg.update(pgSchema.livingUnits).set({ numUnits: unit!.numUnits + 3 }).where(eq(pgSchema.livingUnits.id, unit!.id));
    expect(await pgFigures.collateralsWithoutFigures(stores.pg, V, 10)).toEqual([collateralId]);
    await expectSameReads();

    const sqliteFigures = collateralRollups(stores.sqlite, [collateralId]);
    const pgResult = await pgFigures.collateralRollupsWith(stores.pg, [collateralId], V, async (_reader, missing) => sqliteComputed(missing));
    expect(pgResult).toEqual(sqliteFigures);
    await expectSameReads();
  });

  it('keeps no figure of a collateral whose inputs another connection changed after the refill read them', async () => {
    const [first, second] = collateralIds();
    await stores.pg.delete(pgSchema.collateralFigures).where(inArray(pgSchema.collateralFigures.collateralId, [first!, second!]));
    const result = await pgFigures.collateralRollupsWith(stores.pg, [first!, second!], V, async (_reader, missing) => {
      // Committed by another connection while the refill's snapshot is open.
      await stores.database.pool.query(`UPDATE alternative_valuations SET valuation = valuation + 1 WHERE collateral_id = $1`, [first]);
      return sqliteComputed(missing);
    });
    expect([...result.keys()]).toEqual([first, second]);
    // The second's figure is kept; the first's was computed from inputs that are no longer current.
    expect(await pgFigures.collateralsWithoutFigures(stores.pg, V, 10)).toEqual([first]);
    expect((await pgFigures.storedCollateralFigures(stores.pg, [first!, second!], V)).has(second!)).toBe(true);
    // Back to SQLite's values (the version moves on again).
    for (const row of stores.sqlite.select().from(alternativeValuations).where(eq(alternativeValuations.collateralId, first!)).all()) {
      await stores.pg.update(pgSchema.alternativeValuations).set({ valuation: row.valuation }).where(eq(pgSchema.alternativeValuations.id, row.id));
    }
    await pgFigures.collateralRollupsWith(stores.pg, [first!], V, async (_reader, missing) => sqliteComputed(missing));
    await expectSameReads();
  });

  it("computes but stores nothing inside a caller's transaction", async () => {
    const [first] = collateralIds();
    await stores.pg.delete(pgSchema.collateralFigures).where(eq(pgSchema.collateralFigures.collateralId, first!));
    await stores.pg.transaction(async (tx) => {
      const result = await pgFigures.collateralRollupsWith(tx, [first!], V, async (reader, missing) => {
        expect(reader).toBe(tx);
        return sqliteComputed(missing);
      });
      expect(result.get(first!)).toEqual(lite.storedCollateralFigures(stores.sqlite, [first!], V).get(first!));
    });
    expect(await pgFigures.collateralsWithoutFigures(stores.pg, V, 10)).toEqual([first]);
  });

  it('returns what it computed for an unknown collateral and stores nothing; a deal without collateral has no entries', async () => {
    const zero: CollateralRollupFigures = { netOperatingIncome: 0, netIncome: 0, incomeValuation: 0, alternativeValuation: 0, salesValuation: 0, totalSF: 0, totalUnit: 0 };
    const result = await pgFigures.collateralRollupsWith(stores.pg, ['no-such-collateral'], V, async () => ({ rollups: new Map([['no-such-collateral', zero]]), stress: new Map() }));
    expect(result).toEqual(new Map([['no-such-collateral', zero]]));
    expect(await pgFigures.storedCollateralFigures(stores.pg, ['no-such-collateral'], V)).toEqual(new Map());
    expect(await pgFigures.dealCollateralFigures(stores.pg, DEAL_WITHOUT_COLLATERAL, V)).toEqual([]);
    expect((await pgFigures.dealsCollateralFigures(stores.pg, [DEAL_WITHOUT_COLLATERAL], V)).get(DEAL_WITHOUT_COLLATERAL)).toEqual([]);
    expect(await pgFigures.dealsCollateralFigures(stores.pg, [], V)).toEqual(new Map());
    expect(await pgFigures.storedCollateralFigures(stores.pg, [], V)).toEqual(new Map());
  });
});

function componentsOf(collateralId: string): string[] {
  return stores.sqlite.select({ id: components.id }).from(components).where(eq(components.collateralId, collateralId)).all().map((r) => r.id);
}
