import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDealIds } from '../../../../src-main/store/deals';
import * as lite from '../../../../src-main/store/funds';
import * as pgFunds from '../../../../src-main/store/postgres/funds';
import { DEAL_WITHOUT_COLLATERAL, parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of store/postgres/funds.ts with store/funds.ts.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores({ deals: 4 });
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

describe('the funds repository on PostgreSQL', () => {
  it("reads every deal's sources and uses of funds in position order as SQLite does", async () => {
    let withFunds = 0;
    for (const id of allDealIds(stores.sqlite)) {
      const expected = lite.fundsOfDeal(stores.sqlite, id);
      if (expected) withFunds += 1;
      expect(await pgFunds.fundsOfDeal(stores.pg, id)).toEqual(expected);
    }
    expect(withFunds).toBeGreaterThan(0);
  });

  it('reads nothing for a deal without funds analysis or an unknown deal', async () => {
    expect(await pgFunds.fundsOfDeal(stores.pg, DEAL_WITHOUT_COLLATERAL)).toBeUndefined();
    expect(await pgFunds.fundsOfDeal(stores.pg, 'no-such-deal')).toBeUndefined();
  });
});
