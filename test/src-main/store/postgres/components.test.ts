import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lite from '../../../../src-main/store/components';
import * as pgComponents from '../../../../src-main/store/postgres/components';
import { collaterals, components, rentRolls } from '../../../../src-main/store/schema';
import { parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of store/postgres/components.ts with store/components.ts.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores();
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const ids = (table: typeof collaterals | typeof components | typeof rentRolls) => stores.sqlite.select({ id: table.id }).from(table).all().map((r) => r.id);
const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('the components repository on PostgreSQL', () => {
  it('reads every component, its market data and rent rolls row for row as SQLite, and nothing for unknown ids', async () => {
    for (const id of [...ids(components), 'no-such-component']) {
      expect(await pgComponents.componentRow(stores.pg, id)).toEqual(lite.componentRow(stores.sqlite, id));
      expect(await pgComponents.marketDataOf(stores.pg, id)).toEqual(lite.marketDataOf(stores.sqlite, id));
    }
    for (const id of [...ids(rentRolls), 'no-such-roll']) expect(await pgComponents.rentRollRow(stores.pg, id)).toEqual(lite.rentRollRow(stores.sqlite, id));
  });

  it('lists the components of collaterals, their units, rent rolls and rent roll items in the same order as SQLite', async () => {
    const collateralIds = [...ids(collaterals), 'no-such-collateral'];
    const found = lite.componentsOfCollaterals(stores.sqlite, collateralIds);
    expect(found.length).toBeGreaterThan(0);
    expect(await pgComponents.componentsOfCollaterals(stores.pg, collateralIds)).toEqual(found);
    const componentIds = found.map((c) => c.id);
    expect((await pgComponents.livingUnitsOf(stores.pg, componentIds)).length).toBeGreaterThan(0);
    expect(await pgComponents.livingUnitsOf(stores.pg, componentIds)).toEqual(lite.livingUnitsOf(stores.sqlite, componentIds));
    expect(byId(await pgComponents.salesCompsOf(stores.pg, componentIds))).toEqual(byId(lite.salesCompsOf(stores.sqlite, componentIds)));
    const rolls = lite.rentRollsOfComponents(stores.sqlite, componentIds);
    expect(await pgComponents.rentRollsOfComponents(stores.pg, componentIds)).toEqual(rolls);
    const rollIds = rolls.map((r) => r.id);
    expect(await pgComponents.itemsOfRentRolls(stores.pg, rollIds)).toEqual(lite.itemsOfRentRolls(stores.sqlite, rollIds));
  });

  it('answers each collateral on its own as SQLite does, and empty lists for empty or unknown ids', async () => {
    for (const id of ids(collaterals)) expect(await pgComponents.componentsOfCollaterals(stores.pg, [id])).toEqual(lite.componentsOfCollaterals(stores.sqlite, [id]));
    expect(await pgComponents.componentsOfCollaterals(stores.pg, [])).toEqual([]);
    expect(await pgComponents.livingUnitsOf(stores.pg, [])).toEqual([]);
    expect(await pgComponents.salesCompsOf(stores.pg, [])).toEqual([]);
    expect(await pgComponents.rentRollsOfComponents(stores.pg, [])).toEqual([]);
    expect(await pgComponents.itemsOfRentRolls(stores.pg, [])).toEqual([]);
    expect(await pgComponents.livingUnitsOf(stores.pg, ['no-such-component'])).toEqual([]);
  });
});
