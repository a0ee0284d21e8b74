import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCollateralFigures, FIGURES_VERSION } from '../../../../src-main/figures';
import * as lite from '../../../../src-main/store/report-query';
import { collateralRollupsWith } from '../../../../src-main/store/postgres/collateral-figures';
import * as pgReport from '../../../../src-main/store/postgres/report-query';
import * as pgSchema from '../../../../src-main/store/postgres/schema';
import { alternativeValuations, collateralFigures, collaterals, deals } from '../../../../src-main/store/schema';
import { parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of the cross-deal report's queries (store/postgres/report-query.ts): the same
// selections, in the same orders, with the same rows and stored figures as on SQLite. Link ids
// are each engine's own (a rowid, a row address): rows are compared without them.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores({ deals: 24 });
  // Mixed case and padding, for the case-insensitive order and the trimmed filters.
  const [first, second] = stores.sqlite.select().from(collaterals).limit(2).all();
  for (const [id, set] of [[first!.id, { name: 'alpha lower', city: ' chicago ' }], [second!.id, { name: 'Alpha Upper', city: 'CHICAGO' }]] as const) {
    stores.sqlite.update(collaterals).set(set).where(eq(collaterals.id, id)).run();
    await stores.pg.update(pgSchema.collaterals).set(set).where(eq(pgSchema.collaterals.id, id));
  }
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const withoutLink = ({ linkId: _l, ...row }: lite.ReportRowInputs) => row;
const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

function selections(): lite.ReportSelection[] {
  const d = stores.sqlite.select().from(deals).all();
  const c = stores.sqlite.select().from(collaterals).all();
  const loans = d.map((x) => x.grossLoan).sort((a, b) => a - b);
  return [
    {},
    { dealIds: [d[0]!.id, d[3]!.id, 'no-such-deal'] },
    { states: distinct(d.map((x) => x.state)).slice(0, 2) },
    { propertyTypes: distinct(c.map((x) => x.propertyType)).slice(0, 2) },
    { loanTypes: distinct(d.map((x) => x.loanType)).slice(0, 1), riskRatings: distinct(d.map((x) => x.riskRating)) },
    { owners: distinct(d.map((x) => x.ownerId)).slice(0, 1) },
    { city: 'Chicago' },
    { usState: (c.find((x) => x.state)?.state ?? 'IL').toLowerCase() + ' ' },
    { minGrossLoan: loans[5], maxGrossLoan: loans[15] },
    { dealIds: [], states: [], city: 'Nowhere' },
  ];
}

function orders(): (lite.ReportOrder | undefined)[] {
  const fields = Object.keys(lite.REPORT_STORED_SORT) as lite.ReportStoredSortField[];
  return [undefined, ...fields.flatMap((field) => (['asc', 'desc'] as const).map((direction) => ({ field, direction })))];
}

/** The rows of every batch, in order; every batch must hold between 1 and `most` rows. */
async function collectBatches<T>(batches: AsyncIterable<T[]>, most = Infinity): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of batches) {
    expect(batch.length).toBeGreaterThan(0);
    expect(batch.length).toBeLessThanOrEqual(most);
    out.push(...batch);
  }
  return out;
}

describe('the cross-deal report on PostgreSQL', () => {
  it('selects the same rows in the same order as SQLite for every filter and every stored sort', async () => {
    for (const selection of selections()) {
      for (const order of orders()) {
        const expected = lite.reportRowInputs(stores.sqlite, lite.selectReportLinks(stores.sqlite, selection, order)).map(withoutLink);
        const links = await pgReport.selectReportLinks(stores.pg, selection, order);
        expect((await pgReport.reportRowInputs(stores.pg, links)).map(withoutLink), JSON.stringify({ selection, order })).toEqual(expected);
      }
      expect(await pgReport.countReportLinks(stores.pg, selection)).toBe(lite.countReportLinks(stores.sqlite, selection));
      expect(await pgReport.selectReportDealIds(stores.pg, selection)).toEqual(lite.selectReportDealIds(stores.sqlite, selection));
    }
    expect(await pgReport.countReportLinks(stores.pg, {})).toBeGreaterThan(24);
    expect(await pgReport.countReportLinks(stores.pg, { city: 'chicago' })).toBeGreaterThanOrEqual(2);
  });

  it('reads the inputs of the links asked, in the order asked, skipping ids that name no link', async () => {
    const links = await pgReport.selectReportLinks(stores.pg, {});
    const asked = [links[3]!, 2 ** 40 + 1, links[0]!, links[3]!];
    const rows = await pgReport.reportRowInputs(stores.pg, asked);
    expect(rows.map((r) => r.linkId)).toEqual([links[3], links[0], links[3]]);
    expect(await pgReport.reportRowInputs(stores.pg, [])).toEqual([]);
  });

  it('streams every row with its current stored figures as SQLite iterates them, in batches through a cursor, on the pool and in a unit', async () => {
    await fillCollateralFigures(stores.sqliteStore);
    const stored = new Map(stores.sqlite.select().from(collateralFigures).all().map((r) => [r.collateralId, r]));
    await collateralRollupsWith(stores.pg, [...stored.keys()], FIGURES_VERSION, async (_reader, ids) => ({
      rollups: new Map(ids.map((id) => {
        const r = stored.get(id)!;
        return [id, { netOperatingIncome: r.netOperatingIncome, netIncome: r.netIncome, incomeValuation: r.incomeValuation, alternativeValuation: r.alternativeValuation,
          salesValuation: r.salesValuation, totalSF: r.totalSF, totalUnit: r.totalUnit }];
      })),
      stress: new Map(),
    }));
    // One collateral's inputs change on both: its figures are no longer current on either.
    const changed = [...stored.keys()][0]!;
    stores.sqlite.update(alternativeValuations).set({ valuation: 4_321_000.25 }).where(eq(alternativeValuations.collateralId, changed)).run();
    await stores.pg.update(pgSchema.alternativeValuations).set({ valuation: 4_321_000.25 }).where(eq(pgSchema.alternativeValuations.collateralId, changed));

    for (const selection of selections().slice(0, 4)) {
      for (const order of [undefined, { field: 'collateralName', direction: 'desc' } as const, { field: 'grossLoan', direction: 'asc' } as const]) {
        const expected = [...lite.iterateReportRows(stores.sqlite, selection, order, FIGURES_VERSION)];
        expect(await collectBatches(pgReport.iterateReportRowBatchesBy(stores.pg, selection, order, FIGURES_VERSION, 7), 7)).toEqual(expected);
        expect(await stores.pg.transaction((tx) => collectBatches(pgReport.iterateReportRowBatchesBy(tx, selection, order, FIGURES_VERSION, 5), 5), { isolationLevel: 'repeatable read', accessMode: 'read only' })).toEqual(expected);
      }
    }
    const all = await collectBatches(pgReport.iterateReportRowBatches(stores.pg, {}, undefined, FIGURES_VERSION));
    expect(all.filter((r) => r.hasFigures).length).toBe(all.length - all.filter((r) => r.collateralId === changed).length);
    expect(all.some((r) => !r.hasFigures)).toBe(true);
  });

  it('ends its snapshot when a reader leaves the stream early, leaving the pool usable', async () => {
    for (let i = 0; i < 15; i++) {
      for await (const batch of pgReport.iterateReportRowBatchesBy(stores.pg, {}, undefined, FIGURES_VERSION, 2)) {
        expect(batch[0]!.id).toEqual(expect.any(String));
        break;
      }
    }
    const { rows } = await stores.database.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
    expect(rows[0].n).toBe(0);
  });

  it('keeps its version token while nothing commits, within a snapshot too, and changes it with a commit', async () => {
    const before = await pgReport.storeVersion(stores.pg);
    expect(await pgReport.storeVersion(stores.pg)).toBe(before);
    await stores.pg.transaction(async (tx) => {
      const inside = await pgReport.storeVersion(tx);
      await stores.database.pool.query(`UPDATE deals SET note = 'version test' WHERE id = (SELECT min(id) FROM deals)`);
      expect(await pgReport.storeVersion(tx)).toBe(inside);
    }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    expect(await pgReport.storeVersion(stores.pg)).not.toBe(before);
  });
});
