import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCollateralFigures, FIGURES_VERSION } from '../../../../src-main/gateway/figures';
import { allDealIds } from '../../../../src-main/store/deals';
import { collateralRollupsWith } from '../../../../src-main/store/postgres/collateral-figures';
import * as pgStress from '../../../../src-main/store/postgres/stress-inputs';
import * as pgSchema from '../../../../src-main/store/postgres/schema';
import { cashFlowTransactions, collateralFigures, collaterals, revenueValuations } from '../../../../src-main/store/schema';
import * as lite from '../../../../src-main/store/stress-inputs';
import { DEAL_WITHOUT_COLLATERAL, parityStores, type ParityStores } from '../../../support/parity-stores';

// Engine parity of store/postgres/stress-inputs.ts with store/stress-inputs.ts: every double a
// portfolio stress reads, bit for bit (toEqual tells 0 from -0 and compares doubles exactly).

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores({ deals: 12 });
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const collateralIds = () => [...stores.sqlite.select({ id: collaterals.id }).from(collaterals).all().map((r) => r.id), 'no-such-collateral'];
const dealIds = () => [...allDealIds(stores.sqlite), 'no-such-deal'];
const valuationIds = () => [...lite.valuationHeadsOf(stores.sqlite, collateralIds()).map((v) => v.id), 'no-such-valuation'];
const byKey = (a: lite.YearOneTotal, b: lite.YearOneTotal) => (a.valuationId + '\u0000' + a.section < b.valuationId + '\u0000' + b.section ? -1 : 1);

describe('the stress inputs on PostgreSQL', () => {
  it('reads the valuation heads in the same order as SQLite', async () => {
    const heads = lite.valuationHeadsOf(stores.sqlite, collateralIds());
    expect(heads.length).toBeGreaterThan(0);
    expect(await pgStress.valuationHeadsOf(stores.pg, collateralIds())).toEqual(heads);
  });

  it("reads every line's year-one figure, in cash-flow order, as SQLite does", async () => {
    const lines = lite.yearOneLinesOf(stores.sqlite, valuationIds());
    expect(lines.size).toBeGreaterThan(0);
    expect(await pgStress.yearOneLinesOf(stores.pg, valuationIds())).toEqual(lines);
  });

  it("adds each section's year-one figures to the very doubles SQLite's in-order sum gives", async () => {
    const totals = lite.yearOneTotalsOf(stores.sqlite, valuationIds()).sort(byKey);
    expect(totals.length).toBeGreaterThan(0);
    expect((await pgStress.yearOneTotalsOf(stores.pg, valuationIds())).sort(byKey)).toEqual(totals);
  });

  it("reads the deals' analysis columns as SQLite does, unknown ids absent", async () => {
    const byId = (rows: lite.AnalysisDealRow[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(await pgStress.analysisDealRows(stores.pg, dealIds()))).toEqual(byId(lite.analysisDealRows(stores.sqlite, dealIds())));
  });

  it("reads each deal's collaterals with their stored roll-up and stress figures as SQLite does, before and after a refill", async () => {
    expect(await pgStress.analysisCollateralLinks(stores.pg, dealIds(), FIGURES_VERSION)).toEqual(lite.analysisCollateralLinks(stores.sqlite, dealIds(), FIGURES_VERSION));
    fillCollateralFigures(stores.sqlite);
    const rows = new Map(stores.sqlite.select().from(collateralFigures).all().map((r) => [r.collateralId, r]));
    await collateralRollupsWith(stores.pg, [...rows.keys()], FIGURES_VERSION, async (_reader, ids) => ({
      rollups: new Map(ids.map((id) => {
        const r = rows.get(id)!;
        return [id, { netOperatingIncome: r.netOperatingIncome, netIncome: r.netIncome, incomeValuation: r.incomeValuation, alternativeValuation: r.alternativeValuation,
          salesValuation: r.salesValuation, totalSF: r.totalSF, totalUnit: r.totalUnit }];
      })),
      stress: new Map(ids.map((id) => {
        const r = rows.get(id)!;
        return [id, { revenue: r.yearOneRevenue!, vacancyAndConcessions: r.yearOneVacancyAndConcessions!, otherIncome: r.yearOneOtherIncome!,
          operatingExpenses: r.yearOneOperatingExpenses!, belowTheLineExpense: r.yearOneBelowTheLineExpense!, capRate: r.mainCapRate! }];
      })),
    }));
    const links = lite.analysisCollateralLinks(stores.sqlite, dealIds(), FIGURES_VERSION);
    expect([...links.values()].flat().every((l) => l.stress !== null)).toBe(true);
    expect(await pgStress.analysisCollateralLinks(stores.pg, dealIds(), FIGURES_VERSION)).toEqual(links);
    expect((await pgStress.analysisCollateralLinks(stores.pg, [DEAL_WITHOUT_COLLATERAL], FIGURES_VERSION)).get(DEAL_WITHOUT_COLLATERAL)).toEqual([]);
  });

  it('reads lines without years as undefined, breaks position ties by id, and adds each section in cash-flow order, as SQLite', async () => {
    const valuation = stores.sqlite.select().from(revenueValuations).limit(1).get()!;
    const line = stores.sqlite.select().from(cashFlowTransactions).limit(1).get()!;
    const id = 'edge-valuation';
    const lines = [
      { ...line, id: 'edge-c', valuationId: id, section: 'revenue', position: 1, annualizedByYear: [0.2] },
      { ...line, id: 'edge-a', valuationId: id, section: 'revenue', position: 0, annualizedByYear: [0.1, 5] },
      { ...line, id: 'edge-b', valuationId: id, section: 'revenue', position: 1, annualizedByYear: [] },
      { ...line, id: 'edge-d', valuationId: id, section: 'otherIncome', position: 2, annualizedByYear: [-0] },
      { ...line, id: 'edge-e', valuationId: id, section: 'revenue', position: 3, annualizedByYear: [1e-17] },
    ];
    stores.sqlite.insert(revenueValuations).values({ ...valuation, id }).run();
    stores.sqlite.insert(cashFlowTransactions).values(lines).run();
    await stores.pg.insert(pgSchema.revenueValuations).values({ ...valuation, id });
    await stores.pg.insert(pgSchema.cashFlowTransactions).values(lines);
    const expectedLines = lite.yearOneLinesOf(stores.sqlite, [id]);
    expect(expectedLines.get(id)?.map((l) => l.yearOne)).toEqual([0.1, undefined, 0.2, 0, 1e-17]); // JSON has no -0: it is written as 0
    expect(await pgStress.yearOneLinesOf(stores.pg, [id])).toEqual(expectedLines);
    const totals = lite.yearOneTotalsOf(stores.sqlite, [id]).sort(byKey);
    expect(totals).toEqual([
      { valuationId: id, section: 'otherIncome', total: 0 },
      { valuationId: id, section: 'revenue', total: 0 + 0.1 + 0 + 0.2 + 1e-17 },
    ]);
    expect((await pgStress.yearOneTotalsOf(stores.pg, [id])).sort(byKey)).toEqual(totals);
  });

  it('answers empty for empty lists', async () => {
    expect(await pgStress.valuationHeadsOf(stores.pg, [])).toEqual([]);
    expect(await pgStress.yearOneLinesOf(stores.pg, [])).toEqual(new Map());
    expect(await pgStress.yearOneTotalsOf(stores.pg, [])).toEqual([]);
    expect(await pgStress.analysisCollateralLinks(stores.pg, [], FIGURES_VERSION)).toEqual(new Map());
    expect(await pgStress.analysisDealRows(stores.pg, [])).toEqual([]);
  });
});
