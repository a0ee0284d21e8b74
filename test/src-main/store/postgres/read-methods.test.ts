import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collateralRollups, fillCollateralFigures, FIGURES_VERSION } from '../../../../src-main/gateway/figures';
import { allDealIds, dealRow } from '../../../../src-main/store/deals';
import { componentsOfCollaterals } from '../../../../src-main/store/components';
import type { PgDb } from '../../../../src-main/store/postgres/db';
import { inTransaction } from '../../../../src-main/store/postgres/collateral-figures';
import { PG_READ_TWINS, pgReadMethods } from '../../../../src-main/store/postgres/read-methods';
import type { StorePort } from '../../../../src-main/store/port';
import { collateralFigures } from '../../../../src-main/store/schema';
import { DEAL_WITHOUT_COLLATERAL, parityStores, type ParityStores } from '../../../support/parity-stores';

// pgReadMethods: the port methods of the PostgreSQL repository functions, bound to a handle.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores({ deals: 4 });
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

/** A port made of the bound methods alone, remembering the handle it was made on. */
const handles = new WeakMap<object, PgDb>();
function portOf(pg: PgDb): StorePort {
  const port = pgReadMethods(pg, portOf) as unknown as StorePort;
  handles.set(port, pg);
  return port;
}

describe('the PostgreSQL port methods', () => {
  it('has a method for every twin, and the refill, each answering as its function on the handle', async () => {
    const methods = pgReadMethods(stores.pg, portOf);
    expect(Object.keys(methods).sort()).toEqual([...Object.keys(PG_READ_TWINS), 'refillCollateralFigures'].sort());
    for (const id of [...allDealIds(stores.sqlite), 'no-such-deal']) expect(await methods.dealRow(id)).toEqual(dealRow(stores.sqlite, id));
    expect(await methods.dealCount()).toBe(allDealIds(stores.sqlite).length);
  });

  it("refills through the port of its own read-only snapshot, whose reads are the snapshot's", async () => {
    fillCollateralFigures(stores.sqlite);
    const stored = new Map(stores.sqlite.select().from(collateralFigures).all().map((r) => [r.collateralId, r]));
    const ids = [...stored.keys()];
    const methods = pgReadMethods(stores.pg, portOf);
    let seen: { inUnit: boolean; components: unknown } | undefined;
    const result = await methods.refillCollateralFigures(ids, FIGURES_VERSION, async (tx, missing) => {
      seen = { inUnit: inTransaction(handles.get(tx)!), components: await tx.componentsOfCollaterals(missing) };
      return {
        rollups: new Map(missing.map((id) => {
          const r = stored.get(id)!;
          return [id, { netOperatingIncome: r.netOperatingIncome, netIncome: r.netIncome, incomeValuation: r.incomeValuation, alternativeValuation: r.alternativeValuation,
            salesValuation: r.salesValuation, totalSF: r.totalSF, totalUnit: r.totalUnit }];
        })),
        stress: new Map(),
      };
    });
    expect(seen).toEqual({ inUnit: true, components: componentsOfCollaterals(stores.sqlite, ids) });
    expect(result).toEqual(collateralRollups(stores.sqlite, ids));
    expect(await methods.collateralsWithoutFigures(FIGURES_VERSION, 10)).toEqual([]);
    expect(await methods.dealCollateralFigures(DEAL_WITHOUT_COLLATERAL, FIGURES_VERSION)).toEqual([]);
  });
});
