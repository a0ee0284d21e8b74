import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario, StressDealResponseDto, StressPortfolioResponseDto, UpdateDealsResponseDto } from '../../../src-main/contract';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { policyBreaches, stressDeal } from '../../../src-main/domain';
import { GATEWAY } from '../../../src-main/gateway';
import { PORTFOLIO_BATCH, stressPortfolio, type PortfolioStressMemo } from '../../../src-main/gateway/analysis';
import { bulkUpdateDeals } from '../../../src-main/gateway/bulk-update';
import { collateralStressInputs, dealLoanTerms, fillCollateralFigures } from '../../../src-main/figures';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { allDealIds, collateralsOfDeal, dealRow } from '../../../src-main/store/deals';
import { getUnderwritingSettings, loadSystemConfig } from '../../../src-main/store/system-config';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

/*
 * A portfolio stress reads many deals at once by its own fast path; its every row must be exactly
 * what a single-deal stress answers, and what the stress computes from the deal's inputs in full.
 * Over more deals than one batch, with the shipped mild, moderate and severe scenarios.
 */

const DEALS = PORTFOLIO_BATCH + 120;
let dir: string;
let db: Db;
let ctx: Parameters<NonNullable<typeof GATEWAY.stressPortfolio>>[0];
let scenarios: Scenario[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-analysis-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await seedDemoPortfolio(createSqliteStore(db), { deals: DEALS });
  await fillCollateralFigures(createSqliteStore(db));
  // One collateral without stored figures: the portfolio computes it in full.
  db.$client.prepare('DELETE FROM collateral_figures WHERE collateral_id = (SELECT collateral_id FROM deal_collaterals ORDER BY collateral_id LIMIT 1 OFFSET 7)').run();
  const config = loadSystemConfig(dir);
  ctx = { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config, now: () => new Date() };
  scenarios = config.stressScenarios.filter((s) => ['mild', 'moderate', 'severe'].includes(s.name)).map(({ label: _label, source: _source, ...shocks }) => shocks);
}, 120_000);
afterAll(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

async function portfolioRows(): Promise<StressPortfolioResponseDto['rows']> {
  const rows: StressPortfolioResponseDto['rows'] = [];
  for (let page = 1; ; page++) {
    const answer = (await GATEWAY.stressPortfolio!(ctx, { params: {}, body: { scenarios, pageSize: 1000, page } })) as StressPortfolioResponseDto;
    expect(answer.success, JSON.stringify(answer.error)).toBe(true);
    rows.push(...answer.rows);
    if (rows.length >= answer.totalRows) return rows;
  }
}

describe('stressPortfolio rows', () => {
  it('are, for every deal, what stressDeal answers under each of the mild, moderate and severe scenarios', async () => {
    expect(scenarios).toHaveLength(3);
    const rows = await portfolioRows();
    expect(rows.map((r) => r.dealId).sort()).toEqual([...allDealIds(db)].sort());
    expect(rows).toHaveLength(DEALS);
    for (const row of rows) {
      for (const [k, scenario] of scenarios.entries()) {
        const single = (await GATEWAY.stressDeal!(ctx, { params: {}, body: { dealId: row.dealId, scenario } })) as StressDealResponseDto;
        if (!single.success) {
          // A deal without collateral or NOI cannot be stressed alone; the portfolio still lists it.
          expect(row.base.noi === 0 || collateralsOfDeal(db, row.dealId).length === 0).toBe(true);
          continue;
        }
        expect(row.base).toEqual(single.base);
        expect(row.baseBreaches).toEqual(single.baseBreaches);
        expect(row.scenarios[k]).toEqual({ stressed: single.stressed, breaches: single.breaches });
      }
    }
  }, 120_000);

  it('equal the stress of each deal computed from every input row in full', async () => {
    const rows = await portfolioRows();
    const settings = getUnderwritingSettings(db);
    const policy = ((await GATEWAY.stressPortfolio!(ctx, { params: {}, body: { scenarios, pageSize: 1 } })) as StressPortfolioResponseDto).policy;
    for (const row of rows) {
      const deal = dealRow(db, row.dealId)!;
      const ids = collateralsOfDeal(db, row.dealId).map((c) => c.id);
      const full = await collateralStressInputs(createSqliteStore(db), ids);
      const input = { ...dealLoanTerms(deal), collaterals: ids.map((id) => full.get(id)!), dayCount: settings.dayCount, dscrNumerator: settings.dscrNumerator };
      expect([row.seedName, row.loanAmount]).toEqual([deal.seedName, deal.grossLoan]);
      expect(row.base).toEqual(stressDeal(input).metrics);
      expect(row.baseBreaches).toEqual(policyBreaches(row.base, policy));
      row.scenarios.forEach((s, k) => expect(s.stressed).toEqual(stressDeal(input, scenarios[k]).metrics));
    }
  }, 120_000);
});

describe('stressPortfolio with a memo', () => {
  const PAGE = 40;
  /** One call with a memo: its answer and the progress it reported (done and total of the last event). */
  async function run(memo: PortfolioStressMemo, body: object) {
    let progress: [number, number] = [0, 0];
    const answer = (await stressPortfolio(ctx, { scenarios, pageSize: PAGE, ...body }, { memo, onProgress: (done, total) => (progress = [done, total]) })) as StressPortfolioResponseDto;
    expect(answer.success, JSON.stringify(answer.error)).toBe(true);
    return { answer, progress };
  }
  const without = async (body: object) => (await stressPortfolio(ctx, { scenarios, pageSize: PAGE, ...body })) as StressPortfolioResponseDto;

  it('stresses only the deals of another page of the same run, and answers what a run over every deal answers', async () => {
    const memo: PortfolioStressMemo = {};
    const first = await run(memo, { page: 1 });
    expect(first.progress).toEqual([DEALS, DEALS]);
    for (const page of [2, Math.ceil(DEALS / PAGE)]) {
      const next = await run(memo, { page });
      expect(next.progress).toEqual([next.answer.rows.length, next.answer.rows.length]);
      expect(next.answer.rows.length).toBeGreaterThan(0);
      expect(next.answer).toEqual(await without({ page }));
    }
    const breaching = await run(memo, { page: 1, breachesOnly: true });
    expect(breaching.progress).toEqual([DEALS, DEALS]);
    const second = await run(memo, { page: 2, breachesOnly: true });
    expect(second.progress[1]).toBeLessThan(DEALS);
    expect(second.answer).toEqual(await without({ page: 2, breachesOnly: true }));
  }, 120_000);

  it('stresses every deal again once a deal changed, or another policy is asked for', async () => {
    const memo: PortfolioStressMemo = {};
    await run(memo, { page: 1 });
    const page2 = (await without({ page: 2 })).rows;
    const changed = page2[0]!.dealId;
    const edit = await bulkUpdateDeals(ctx, { itemsToUpdate: [{ id: changed, updates: [{ property: 'RateSpread', value: '6.5' }] }] });
    expect((edit as UpdateDealsResponseDto).errors).toEqual([]);
    const after = await run(memo, { page: 2 });
    expect(after.progress).toEqual([DEALS, DEALS]);
    expect(after.answer).toEqual(await without({ page: 2 }));
    expect(after.answer.rows[0]!.base).not.toEqual(page2[0]!.base);

    const stricter = await run(memo, { page: 2, policy: { minDscr: 1.6 } });
    expect(stricter.progress).toEqual([DEALS, DEALS]);
    expect(stricter.answer).toEqual(await without({ page: 2, policy: { minDscr: 1.6 } }));
  }, 120_000);
});
