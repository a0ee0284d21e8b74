import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealAnalysisInputs } from '../../../src-main/figures';
import { collateralStressInputs } from '../../../src-main/figures';
import { collateralsOfDeal } from '../../../src-main/store/deals';
import { startTestService, type TestService } from '../../support/service';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

/*
 * The stress input read off the stored figures and the main cash flow's year-one lines (the
 * portfolio path) equals the one computed in full from every input row, on a real demo store.
 */

let s: TestService;
let dealIds: string[];
beforeAll(async () => {
  s = await startTestService({ demoDeals: 40 });
  dealIds = (await s.api('GET', '/getAllDealIds')).body.dealIds;
  // Every read above stored the roll-ups of the deals it touched; make sure all are stored.
  for (const id of dealIds) await s.api('GET', `/getDealInfo/${id}`);
}, 60_000);
afterAll(async () => s.stop());

describe('loadDealAnalysisInputs', async () => {
  it('reads each collateral exactly as the full computation from its inputs does, in getDealInfo order', async () => {
    const loaded = await loadDealAnalysisInputs(createSqliteStore(s.db), dealIds, { dayCount: '30/360', dscrNumerator: 'NOI' });
    expect(loaded.size).toBe(dealIds.length);
    let collaterals = 0;
    for (const id of dealIds) {
      const rows = collateralsOfDeal(s.db, id);
      const full = await collateralStressInputs(createSqliteStore(s.db), rows.map((r) => r.id));
      expect(loaded.get(id)!.input.collaterals).toEqual(rows.map((r) => full.get(r.id)));
      collaterals += rows.length;
    }
    expect(collaterals).toBeGreaterThan(dealIds.length);
  });

  it('reads a roll-up stored without its year-one ladder from the cash-flow lines, to the same figures', async () => {
    const ids = dealIds.slice(1, 6);
    const stress = 'year_one_revenue, year_one_vacancy_and_concessions, year_one_other_income, year_one_operating_expenses, year_one_below_the_line_expense, main_cap_rate';
    const stored = s.db.$client.prepare(`SELECT count(*) FROM collateral_figures WHERE collateral_id IN (SELECT collateral_id FROM deal_collaterals WHERE deal_id IN (SELECT value FROM json_each(?))) AND year_one_revenue IS NOT NULL`).pluck();
    expect(stored.get(JSON.stringify(ids))).toBeGreaterThan(0);
    s.db.$client
      .prepare(`UPDATE collateral_figures SET (${stress}) = (NULL, NULL, NULL, NULL, NULL, NULL) WHERE collateral_id IN (SELECT collateral_id FROM deal_collaterals WHERE deal_id IN (SELECT value FROM json_each(?)))`)
      .run(JSON.stringify(ids));
    expect(stored.get(JSON.stringify(ids))).toBe(0);
    const loaded = await loadDealAnalysisInputs(createSqliteStore(s.db), ids, { dayCount: '30/360', dscrNumerator: 'NOI' });
    for (const id of ids) {
      const rows = collateralsOfDeal(s.db, id);
      const full = await collateralStressInputs(createSqliteStore(s.db), rows.map((r) => r.id));
      expect(loaded.get(id)!.input.collaterals).toEqual(rows.map((r) => full.get(r.id)));
    }
  });

  it('computes a collateral without stored figures in full, and stores nothing', async () => {
    const id = dealIds[0]!;
    s.db.$client.prepare('DELETE FROM collateral_figures WHERE collateral_id IN (SELECT collateral_id FROM deal_collaterals WHERE deal_id = ?)').run(id);
    const before = s.db.$client.prepare('SELECT count(*) FROM collateral_figures').pluck().get();
    const rows = collateralsOfDeal(s.db, id);
    const full = await collateralStressInputs(createSqliteStore(s.db), rows.map((r) => r.id));
    const loaded = await loadDealAnalysisInputs(createSqliteStore(s.db), [id], { dayCount: '30/360', dscrNumerator: 'NOI' });
    expect(loaded.get(id)!.input.collaterals).toEqual(rows.map((r) => full.get(r.id)));
    expect(s.db.$client.prepare('SELECT count(*) FROM collateral_figures').pluck().get()).toBe(before);
  });
});
