import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeedInfoResponseDto, UpdateDealsResponseDto } from '../../../src-main/contract';
import { OWNER, startTestService, type TestService } from '../../support/service';

// A 10,000-deal request, 5 properties each, against the real server. It reports how long the
// call took; timing is the benchmarks' business (npm run bench), not an assertion here.
// Seeding 10,000 demo deals takes about two minutes, so a small demo portfolio (full deal
// graphs) is topped up with minimal deal rows inserted straight into the store.

const DEALS = 10_000;
const DEMO_DEALS = 40;

let s: TestService;
/** Every deal: the demo's first, then the inserted ones. */
let ids: string[];
let inserted: string[];

/**
 * Minimal deal rows straight into the store: the bulk update reads and writes only the deals
 * table, and a deal without collaterals reads with zero collateral totals.
 */
function insertDeals(count: number): string[] {
  const insert = s.db.$client.prepare(
    'INSERT INTO deals (id, seed_name, loan_type, property_type, owner_id, gross_loan, loan_term) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const made: string[] = [];
  s.db.$client.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = `bulk-${String(i).padStart(5, '0')}`;
      insert.run(id, `Bulk deal ${i}`, 'Acquisition', 'Office', OWNER, 5_000_000 + i, 60);
      made.push(id);
    }
  })();
  return made;
}

beforeAll(async () => {
  const started = performance.now();
  s = await startTestService({ demoDeals: DEMO_DEALS });
  const demo = (await s.api('GET', '/getAllDealIds')).body.dealIds as string[];
  expect(demo).toHaveLength(DEMO_DEALS);
  inserted = insertDeals(DEALS - DEMO_DEALS);
  ids = [...demo, ...inserted];
  console.info(`bulk update 10k: ${DEMO_DEALS} demo deals + ${inserted.length} inserted rows ready in ${(performance.now() - started).toFixed(0)} ms`);
}, 120_000);
afterAll(async () => s.stop());

describe('a bulk update of 10,000 deals', () => {
  it('updates 10,000 deals with 5 properties each in one request', async () => {
    const itemsToUpdate = ids.map((id, i) => ({
      id,
      updates: [
        { property: 'GrossLoan', value: String(6_000_000 + i) },
        { property: 'RateSpread', value: '2.75' },
        { property: 'IndexRate', value: '4.33' },
        { property: 'Priority', value: i % 2 ? 'High' : 'Low' },
        { property: 'Note', value: `Repriced in batch, row ${i}` },
      ],
    }));
    const started = performance.now();
    const res = await s.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate });
    const elapsed = performance.now() - started;
    console.info(`bulk update 10k: PATCH of ${DEALS} deals x 5 properties took ${elapsed.toFixed(0)} ms`);

    const body = UpdateDealsResponseDto.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.errors).toEqual([]);
    expect(body.updatedEntities).toHaveLength(DEALS);
    expect(new Set(body.updatedEntities)).toEqual(new Set(ids));

    for (const i of [0, DEMO_DEALS - 1, 4_999, DEALS - 1]) {
      const deal = SeedInfoResponseDto.parse((await s.api('GET', `/getDealInfo/${ids[i]}`)).body);
      expect(deal).toMatchObject({ grossLoan: 6_000_000 + i, rateSpread: 0.0275, indexRate: 0.0433, priority: i % 2 ? 'High' : 'Low', note: `Repriced in batch, row ${i}` });
      if (i >= DEMO_DEALS) expect(deal.interestRate).toBeCloseTo(0.0708, 12); // floating, no floor
    }
    const stale = s.db.$client.prepare('SELECT COUNT(*) AS n FROM deals WHERE rate_spread <> 0.0275 OR updated_at < ?');
    expect(stale.get(new Date(Date.now() - elapsed - 60_000).toISOString())).toEqual({ n: 0 });
  }, 120_000);

  it('keeps the other deals of a 10,000-deal request when one of them fails', async () => {
    const itemsToUpdate = inserted.map((id, i) => ({ id, updates: [{ property: 'LoanTerm', value: i === 1234 ? '0' : '72' }] }));
    const body = UpdateDealsResponseDto.parse((await s.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate })).body);
    expect(body.updatedEntities).toHaveLength(inserted.length - 1);
    expect(body.errors).toMatchObject([{ id: inserted[1234], fieldName: 'LoanTerm', errorType: 'IllegalValue' }]);
    const terms = s.db.$client.prepare("SELECT loan_term AS t, COUNT(*) AS n FROM deals WHERE id LIKE 'bulk-%' GROUP BY loan_term ORDER BY loan_term").all();
    expect(terms).toEqual([{ t: 60, n: 1 }, { t: 72, n: inserted.length - 1 }]);
  }, 120_000);
});
