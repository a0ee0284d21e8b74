import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service';

// Issue 3: the demo portfolio, re-read after random bulk updates, stays internally consistent.
let s: TestService;
let dealIds: string[];
beforeAll(async () => {
  s = await startTestService({ demoDeals: 25 });
  dealIds = (await s.api('GET', '/getAllDealIds')).body.dealIds;
}, 60_000);
afterAll(async () => s.stop());

const close = (a: number, b: number, label: string) =>
  expect(Math.abs(a - b), `${label}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));

/** Valid values for the properties that move the deal's figures. */
const update = fc.oneof(
  fc.record({ property: fc.constant('GrossLoan'), value: fc.integer({ min: 0, max: 90_000_000 }).map(String) }),
  fc.record({ property: fc.constant('RateSpread'), value: fc.double({ min: 0, max: 9, noNaN: true }).map((v) => v.toFixed(4)) }),
  fc.record({ property: fc.constant('IndexRate'), value: fc.double({ min: 0, max: 8, noNaN: true }).map((v) => v.toFixed(4)) }),
  fc.record({ property: fc.constant('InterestRateFloor'), value: fc.double({ min: 0, max: 12, noNaN: true }).map((v) => v.toFixed(3)) }),
  fc.record({ property: fc.constant('LoanPaymentStructure'), value: fc.constant('InterestOnly') }),
  fc.record({ property: fc.constant('DebtServiceMethod'), value: fc.constantFrom('Calculated', 'Manual') }),
  fc.record({ property: fc.constant('UserDebtService'), value: fc.integer({ min: 0, max: 9_000_000 }).map(String) }),
  fc.record({ property: fc.constant('UserSelectedLtv'), value: fc.constantFrom('None', 'Income', 'Sales', 'Alternative') }),
  fc.record({ property: fc.constant('ProjectTotalCost'), value: fc.integer({ min: 0, max: 150_000_000 }).map(String) }),
);

async function checkDeal(id: string) {
  const deal = (await s.api('GET', `/getDealInfo/${id}`)).body;
  const { collateralSummaries } = (await s.api('GET', `/getDealCollateralSummary/${id}`)).body;
  const t = deal.collateralTotals;
  const sumOf = (key: string) => collateralSummaries.reduce((a: number, c: Record<string, number>) => a + c[key]!, 0);
  for (const key of ['netOperatingIncome', 'incomeValuation', 'salesValuation', 'alternativeValuation', 'totalSF', 'totalUnit']) close(t[key], sumOf(key), key);
  const expectedRate = deal.rateIndex === 'Fixed' ? deal.rateSpread : Math.max(deal.indexRate + deal.rateSpread, deal.interestRateFloor);
  close(deal.interestRate, expectedRate, 'note rate');
  if (t.debtServiceMethod === 'Manual') close(t.debtService, t.userDebtService, 'manual debt service');
  else if (deal.loanPaymentStructure === 'InterestOnly') close(t.debtService, deal.grossLoan * deal.interestRate, 'IO debt service');
  close(t.netCashFlow, t.netOperatingIncome - t.debtService, 'net cash flow');
  close(t.dscr, t.debtService ? t.netOperatingIncome / t.debtService : 0, 'dscr');
  close(t.debtYield, deal.grossLoan ? (t.netOperatingIncome / deal.grossLoan) * 100 : 0, 'debt yield');
  close(deal.ltc, deal.projectTotalCost ? deal.grossLoan / deal.projectTotalCost : 0, 'ltc');
  const basis = { Income: t.incomeValuation, Sales: t.salesValuation, Alternative: t.alternativeValuation } as Record<string, number>;
  const value = deal.userSelectedLtv === 'None' ? ([t.incomeValuation, t.salesValuation, t.alternativeValuation].find((v: number) => v > 0) ?? 0) : basis[deal.userSelectedLtv]!;
  close(deal.ltv, value ? deal.grossLoan / value : 0, 'ltv');
  for (const v of [deal.interestRate, deal.ltv, deal.ltc, ...Object.values(t).filter((x) => typeof x === 'number')]) expect(Number.isFinite(v)).toBe(true);
}

describe('the demo portfolio after random bulk updates', () => {
  it('stays internally consistent on every read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ deal: fc.nat(), updates: fc.uniqueArray(update, { selector: (u) => u.property, minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 5 }),
        async (items) => {
          const itemsToUpdate = items.map((i) => ({ id: dealIds[i.deal % dealIds.length]!, updates: i.updates }));
          const res = (await s.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate })).body;
          expect(res.success).toBe(true);
          for (const id of new Set(itemsToUpdate.map((i) => i.id))) await checkDeal(id);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
