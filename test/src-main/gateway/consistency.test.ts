import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUnderwritingSettings } from '../../../src-main/store/system-config';
import { startTestService, type TestService } from '../../support/service';

// Issue 3: the same figure is the same on every endpoint, and every total is the sum of its parts.
let s: TestService;
let dealIds: string[];
beforeAll(async () => {
  s = await startTestService({ demoDeals: 30 });
  dealIds = (await s.api('GET', '/getAllDealIds')).body.dealIds;
}, 60_000);
afterAll(async () => s.stop());

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** Equal to within floating-point noise relative to the magnitude (full precision, no rounding). */
const close = (a: number, b: number, label: string) =>
  expect(Math.abs(a - b), `${label}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));

describe('figures over HTTP on the demo portfolio', () => {
  it('collateralTotals equal the sums over the collateral summaries, and the ratios follow from the same read', async () => {
    for (const id of dealIds) {
      const deal = (await s.api('GET', `/getDealInfo/${id}`)).body;
      const { collateralSummaries } = (await s.api('GET', `/getDealCollateralSummary/${id}`)).body;
      const t = deal.collateralTotals;
      for (const key of ['netOperatingIncome', 'netIncome', 'incomeValuation', 'salesValuation', 'alternativeValuation', 'totalSF', 'totalUnit']) {
        close(t[key], sum(collateralSummaries.map((c: Record<string, number>) => c[key]!)), `${id} ${key}`);
      }
      close(t.netCashFlow, t.netOperatingIncome - t.debtService, `${id} netCashFlow`);
      close(t.debtYield, deal.grossLoan ? (t.netOperatingIncome / deal.grossLoan) * 100 : 0, `${id} debtYield`);
      if (t.debtService > 0) close(t.dscr * t.debtService, t.netOperatingIncome, `${id} dscr`);
      close(deal.debtService, t.debtService, `${id} debtService`);
      const value = [t.incomeValuation, t.salesValuation, t.alternativeValuation].find((v: number) => v > 0) ?? 0;
      if (deal.userSelectedLtv === 'None') close(deal.ltv, value ? deal.grossLoan / value : 0, `${id} ltv`);
      for (const v of Object.values(t)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    }
  }, 60_000);

  it('a collateral summary equals its component summaries and its cash flow', async () => {
    for (const id of dealIds.slice(0, 15)) {
      const { collateralSummaries } = (await s.api('GET', `/getDealCollateralSummary/${id}`)).body;
      for (const c of collateralSummaries) {
        const { componentSummary } = (await s.api('GET', `/getCollateralComponentSummary/${c.id}`)).body;
        close(c.totalSF, sum(componentSummary.map((x: { totalSf: number }) => x.totalSf)), 'totalSF');
        close(c.totalUnit, sum(componentSummary.map((x: { totalUnits: number }) => x.totalUnits)), 'totalUnit');
        close(c.salesValuation, sum(componentSummary.map((x: { saleValue: number }) => x.saleValue)), 'salesValuation');
        const cf = (await s.api('GET', `/getCollateralCashFlow/${c.id}`)).body;
        const main = cf.revenueValuations.find((v: { valuationsInfoId: string }) => v.valuationsInfoId === cf.mainIncomeValuationId);
        close(c.netOperatingIncome, main.cashFlow.netOperatingIncome, 'NOI');
        close(c.incomeValuation, main.totalValuation, 'incomeValuation');
        close(cf.componentTotals.totalSaleValue, c.salesValuation, 'componentTotals');
        const ladder = main.cashFlow;
        close(ladder.effectiveIncome, ladder.revenue.total - ladder.vacancyAndConcessions.total + ladder.otherIncome.total, 'EGI');
        close(ladder.netOperatingIncome, ladder.effectiveIncome - ladder.operatingExpenses.total, 'NOI ladder');
        close(ladder.netIncome, ladder.netOperatingIncome - ladder.belowTheLineExpense.total, 'net income');
      }
    }
  }, 60_000);

  it('funds totals are sums, percentOfTotal sums to 1, and the balance is uses minus sources', async () => {
    for (const id of dealIds) {
      const f = (await s.api('GET', `/getDealFunds/${id}`)).body;
      const sources = f.fundsSourcesInfo.fundSourceItems;
      const uses = f.fundsUsesInfo.fundUseItems;
      close(f.fundsSourcesInfo.totalAmount, sum(sources.map((x: { amount: number }) => x.amount)), 'sources');
      close(f.fundsUsesInfo.totalAmount, sum(uses.map((x: { amount: number }) => x.amount)), 'uses');
      close(sum(sources.map((x: { percentOfTotal: number }) => x.percentOfTotal)), 1, 'sources %');
      close(sum(uses.map((x: { percentOfTotal: number }) => x.percentOfTotal)), 1, 'uses %');
      close(f.fundsSourcesInfo.balanceBetweenUsesAndSources, f.fundsUsesInfo.totalAmount - f.fundsSourcesInfo.totalAmount, 'balance');
    }
  }, 60_000);

  it("every rent roll's totals equal the sums of its items", async () => {
    let rolls = 0;
    for (const id of dealIds) {
      const { componentSummary } = (await s.api('GET', `/getDealComponentSummary/${id}`)).body;
      for (const c of componentSummary) {
        if (c.componentType === 'Hotel') continue;
        const base = (await s.api('GET', `/getBaseComponentInfo/${c.id}`)).body;
        for (const rollId of base.rentRollsOrder) {
          const roll = (await s.api('GET', `/get${c.componentType}RentrollInfo/${rollId}`)).body;
          const items = roll.rentRollItems as { monthlyRent: number; annualRent: number; unitSize: number; tenantName: string | null }[];
          close(roll.totalMonthlyRevenue, sum(items.map((i) => i.monthlyRent)), 'monthly');
          close(roll.totalAnnualRevenue, 12 * roll.totalMonthlyRevenue, 'annual');
          close(roll.totalSf, sum(items.map((i) => i.unitSize)), 'sf');
          expect(roll.totalUnits).toBe(items.length);
          close(roll.vacancy, items.filter((i) => !i.tenantName).length / items.length, 'vacancy');
          for (const i of items) close(i.annualRent, 12 * i.monthlyRent, 'item annual');
          if (rollId === c.selectedRentRollId) close(c.totalRentRollAnnualRevenue, roll.totalAnnualRevenue, 'component roll revenue');
          rolls++;
        }
      }
    }
    expect(rolls).toBeGreaterThan(0);
  }, 60_000);
});

describe('underwriting settings', () => {
  it('apply to every read at once: Actual/360 raises interest-only debt service by 365/360', async () => {
    const reads = await Promise.all(dealIds.map(async (id) => (await s.api('GET', `/getDealInfo/${id}`)).body));
    const io = reads.find((d) => d.loanPaymentStructure === 'InterestOnly' && d.collateralTotals.debtServiceMethod === 'Calculated' && d.interestRate > 0);
    expect(io).toBeDefined();
    setUnderwritingSettings(s.db, { dayCount: 'Actual/360' });
    try {
      const after = (await s.api('GET', `/getDealInfo/${io.id}`)).body;
      close(after.debtService, (io.debtService * 365) / 360, 'Actual/360 debt service');
      close(after.collateralTotals.dscr, after.collateralTotals.netOperatingIncome / after.debtService, 'dscr after');
    } finally {
      setUnderwritingSettings(s.db, { dayCount: '30/360' });
    }
  });

  it('use net income as the DSCR numerator when so set', async () => {
    const id = dealIds[0]!;
    setUnderwritingSettings(s.db, { dscrNumerator: 'NetCashFlow' });
    try {
      const t = (await s.api('GET', `/getDealInfo/${id}`)).body.collateralTotals;
      close(t.dscr, t.debtService ? t.netIncome / t.debtService : 0, 'dscr on net income');
    } finally {
      setUnderwritingSettings(s.db, { dscrNumerator: 'NOI' });
    }
  });
});
