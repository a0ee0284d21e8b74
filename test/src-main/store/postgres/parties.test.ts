import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lite from '../../../../src-main/store/parties';
import * as pgParties from '../../../../src-main/store/postgres/parties';
import { companies, people } from '../../../../src-main/store/schema';
import { parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of store/postgres/parties.ts with store/parties.ts.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores({ deals: 4 });
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

describe('the parties repository on PostgreSQL', () => {
  it('reads every person and company as SQLite does, and nothing for unknown ids', async () => {
    const personIds = stores.sqlite.select({ id: people.id }).from(people).all().map((r) => r.id);
    const companyIds = stores.sqlite.select({ id: companies.id }).from(companies).all().map((r) => r.id);
    expect(personIds.length).toBeGreaterThan(0);
    expect(companyIds.length).toBeGreaterThan(0);
    for (const id of [...personIds, 'no-such-person']) expect(await pgParties.personRow(stores.pg, id)).toEqual(lite.personRow(stores.sqlite, id));
    for (const id of [...companyIds, 'no-such-company']) expect(await pgParties.companyRow(stores.pg, id)).toEqual(lite.companyRow(stores.sqlite, id));
    expect(await pgParties.personRow(stores.pg, 'no-such-person')).toBeUndefined();
  });
});
