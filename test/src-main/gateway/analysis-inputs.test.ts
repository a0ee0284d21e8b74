import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealAnalysisInputs } from '../../../src-main/gateway/analysis-inputs';
import { collateralStressInputs } from '../../../src-main/gateway/figures';
import { collateralsOfDeal } from '../../../src-main/store/deals';
import { startTestService, type TestService } from '../../support/service';

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

describe('loadDealAnalysisInputs', () => {
  it('reads each collateral exactly as the full computation from its inputs does, in getDealInfo order', () => {
    const loaded = loadDealAnalysisInputs(s.db, dealIds, { dayCount: '30/360', dscrNumerator: 'NOI' });
    expect(loaded.size).toBe(dealIds.length);
    let collaterals = 0;
    for (const id of dealIds) {
      const rows = collateralsOfDeal(s.db, id);
      const full = collateralStressInputs(s.db, rows.map((r) => r.id));
      expect(loaded.get(id)!.input.collaterals).toEqual(rows.map((r) => full.get(r.id)));
      collaterals += rows.length;
    }
    expect(collaterals).toBeGreaterThan(dealIds.length);
  });

  it('computes a collateral without stored figures in full, and stores nothing', () => {
    const id = dealIds[0]!;
    s.db.$client.prepare('DELETE FROM collateral_figures WHERE collateral_id IN (SELECT collateral_id FROM deal_collaterals WHERE deal_id = ?)').run(id);
    const before = s.db.$client.prepare('SELECT count(*) FROM collateral_figures').pluck().get();
    const rows = collateralsOfDeal(s.db, id);
    const full = collateralStressInputs(s.db, rows.map((r) => r.id));
    const loaded = loadDealAnalysisInputs(s.db, [id], { dayCount: '30/360', dscrNumerator: 'NOI' });
    expect(loaded.get(id)!.input.collaterals).toEqual(rows.map((r) => full.get(r.id)));
    expect(s.db.$client.prepare('SELECT count(*) FROM collateral_figures').pluck().get()).toBe(before);
  });
});
