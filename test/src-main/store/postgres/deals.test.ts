import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lite from '../../../../src-main/store/deals';
import * as pgDeals from '../../../../src-main/store/postgres/deals';
import { collaterals } from '../../../../src-main/store/schema';
import { DEAL_WITHOUT_COLLATERAL, parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity: every function of store/postgres/deals.ts answers what its SQLite twin in
// store/deals.ts answers on the same data (the demo portfolio copied into PostgreSQL).

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores();
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const dealIds = () => lite.allDealIds(stores.sqlite);
const collateralIds = () => stores.sqlite.select({ id: collaterals.id }).from(collaterals).all().map((r) => r.id);
const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('the deals repository on PostgreSQL', () => {
  it('lists every deal id in the same order as SQLite (created_at, then id) and counts the same deals', async () => {
    expect(dealIds().length).toBeGreaterThan(2);
    expect(await pgDeals.allDealIds(stores.pg)).toEqual(dealIds());
    expect(await pgDeals.dealCount(stores.pg)).toBe(lite.dealCount(stores.sqlite));
  });

  it('reads every deal row exactly as SQLite reads it, and nothing for an unknown id', async () => {
    for (const id of dealIds()) expect(await pgDeals.dealRow(stores.pg, id)).toEqual(lite.dealRow(stores.sqlite, id));
    expect(await pgDeals.dealRow(stores.pg, 'no-such-deal')).toBeUndefined();
  });

  it('reads several deals at once, skipping unknown ids, and none for an empty list', async () => {
    const ids = [...dealIds(), 'no-such-deal'];
    expect(byId(await pgDeals.dealRows(stores.pg, ids))).toEqual(byId(lite.dealRows(stores.sqlite, ids)));
    expect(await pgDeals.dealRows(stores.pg, [])).toEqual([]);
  });

  it("reads each deal's collaterals in the same order, none for a deal without collateral or an unknown deal", async () => {
    for (const id of [...dealIds(), 'no-such-deal']) expect(await pgDeals.collateralsOfDeal(stores.pg, id)).toEqual(lite.collateralsOfDeal(stores.sqlite, id));
    expect(await pgDeals.collateralsOfDeal(stores.pg, DEAL_WITHOUT_COLLATERAL)).toEqual([]);
  });

  it('reads every collateral row and the deals it secures as SQLite does', async () => {
    for (const id of [...collateralIds(), 'no-such-collateral']) {
      expect(await pgDeals.collateralRow(stores.pg, id)).toEqual(lite.collateralRow(stores.sqlite, id));
      expect((await pgDeals.dealIdsOfCollateral(stores.pg, id)).sort()).toEqual(lite.dealIdsOfCollateral(stores.sqlite, id).sort());
    }
  });

  it('finds a collateral at a place by place id, else by address key, as SQLite does', async () => {
    const rows = stores.sqlite.select().from(collaterals).all();
    const withPlace = rows.find((r) => r.placeId)!;
    const withKey = rows.find((r) => r.addressKey)!;
    const cases: [string, string][] = [
      [withPlace.placeId!, 'no-such-key'],
      ['no-such-place', withKey.addressKey!],
      ['no-such-place', 'no-such-key'],
    ];
    for (const [placeId, key] of cases) expect(await pgDeals.collateralAtPlace(stores.pg, placeId, key)).toEqual(lite.collateralAtPlace(stores.sqlite, placeId, key));
    expect(await pgDeals.collateralAtPlace(stores.pg, withPlace.placeId!, 'no-such-key')).toEqual({ id: withPlace.id });
  });
});
