import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pgValuations from '../../../../src-main/store/postgres/valuations';
import { collaterals } from '../../../../src-main/store/schema';
import * as lite from '../../../../src-main/store/valuations';
import { parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of store/postgres/valuations.ts with store/valuations.ts.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores();
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const collateralIds = () => stores.sqlite.select({ id: collaterals.id }).from(collaterals).all().map((r) => r.id);

describe('the valuations repository on PostgreSQL', () => {
  it('reads the revenue and alternative valuations of collaterals in the same order with the same doubles', async () => {
    const ids = [...collateralIds(), 'no-such-collateral'];
    const revenue = lite.revenueValuationsOf(stores.sqlite, ids);
    expect(revenue.length).toBeGreaterThan(0);
    expect(await pgValuations.revenueValuationsOf(stores.pg, ids)).toEqual(revenue);
    expect(await pgValuations.alternativeValuationsOf(stores.pg, ids)).toEqual(lite.alternativeValuationsOf(stores.sqlite, ids));
    for (const id of ids) expect(await pgValuations.revenueValuationsOf(stores.pg, [id])).toEqual(lite.revenueValuationsOf(stores.sqlite, [id]));
  });

  it("reads every valuation's cash-flow lines in the same order, their yearly figures bit for bit", async () => {
    const valuationIds = lite.revenueValuationsOf(stores.sqlite, collateralIds()).map((v) => v.id);
    const lines = lite.transactionsOf(stores.sqlite, valuationIds);
    expect(lines.length).toBeGreaterThan(0);
    expect(await pgValuations.transactionsOf(stores.pg, valuationIds)).toEqual(lines);
  });

  it('answers empty lists for empty or unknown ids', async () => {
    expect(await pgValuations.revenueValuationsOf(stores.pg, [])).toEqual([]);
    expect(await pgValuations.transactionsOf(stores.pg, [])).toEqual([]);
    expect(await pgValuations.alternativeValuationsOf(stores.pg, [])).toEqual([]);
    expect(await pgValuations.transactionsOf(stores.pg, ['no-such-valuation'])).toEqual([]);
  });
});
