import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  SeedInfoResponseDto,
  SizeLoanResponseDto,
  StressDealResponseDto,
  StressPortfolioResponseDto,
} from '../../../src-main/contract';
import { startTestService, type TestService } from '../../support/service';

let s: TestService;
let dealIds: string[];

beforeAll(async () => {
  s = await startTestService({ demoDeals: 30 });
  dealIds = (await s.api('GET', '/getAllDealIds')).body.dealIds;
}, 60_000);
afterAll(async () => s.stop());

/** What would change if anything were written: this connection's changes, other connections' commits, row counts, the file's bytes. */
function storeState() {
  const client = s.db.$client;
  const tables = (client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]).sort();
  return {
    totalChanges: client.prepare('SELECT total_changes()').pluck().get(),
    dataVersion: client.pragma('data_version', { simple: true }),
    rows: Object.fromEntries(tables.map((t) => [t, client.prepare(`SELECT count(*) FROM "${t}"`).pluck().get()])),
    bytes: statSync(client.name).size,
    walBytes: statSync(`${client.name}-wal`, { throwIfNoEntry: false })?.size ?? 0,
  };
}

async function dealInfo(id: string) {
  const res = await s.api('GET', `/getDealInfo/${id}`);
  return SeedInfoResponseDto.parse(res.body);
}

describe('POST sizeLoan', () => {
  it('sizes a loan from explicit inputs to the binding constraint (LTV binds on the Revitalize REI CMBS lesson)', async () => {
    // Revitalize REI, "CMBS Loan Sizing and Cash Flow Analysis": value $20M, NOI $1.6M, 6.0 % over
    // 30 years, 75 % LTV / 1.25x / 9 %: $15.0M on LTV, DSCR 1.48x, debt yield 10.67 %.
    const res = await s.api('POST', '/sizeLoan', {
      inputs: { noi: 1_600_000, value: 20_000_000, interestRate: 0.06, amortizationMonths: 360 },
      // The lesson sizes on value and income: the conduit profile's LTC limit is taken out of force.
      policy: { maxLtv: 0.75, maxLtc: null, minDscr: 1.25, minDebtYield: 9 },
      profileName: 'CMBS conduit',
    });
    const body = SizeLoanResponseDto.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.bindingConstraint).toBe('Ltv');
    expect(body.maxLoan).toBe(15_000_000);
    expect(body.atMaxLoan.dscr).toBeCloseTo(1.48, 2);
    expect(body.atMaxLoan.debtYield).toBeCloseTo(10.67, 2);
    expect(body.constraints.map((c) => c.name)).toEqual(['Ltv', 'Dscr', 'DebtYield']);
  });

  it("takes a deal's inputs from what getDealInfo shows, and inputs override them", async () => {
    const id = dealIds[0]!;
    const info = await dealInfo(id);
    const res = await s.api('POST', '/sizeLoan', { dealId: id, policy: { minDebtYield: 10 } });
    // The LTC constraint of the default profile needs a project total cost the deal may lack.
    if ((info.projectTotalCost ?? 0) > 0) {
      expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
      const dy = res.body.constraints.find((c: { name: string }) => c.name === 'DebtYield');
      expect(dy.maxLoan).toBe(info.collateralTotals.netOperatingIncome / 0.1);
    }
    const overridden = await s.api('POST', '/sizeLoan', { dealId: id, inputs: { noi: 1_000_000, totalCost: 50_000_000 }, policy: { minDebtYield: 10 } });
    expect(overridden.body.success, JSON.stringify(overridden.body.error)).toBe(true);
    expect(overridden.body.constraints.find((c: { name: string }) => c.name === 'DebtYield').maxLoan).toBe(10_000_000);
    expect(overridden.body.profileName).toBe('Bank balance sheet');
    expect(overridden.body.policy.minDebtYield).toBe(10);
  });
});

describe('POST stressDeal', () => {
  it("gives the deal's base figures as getDealInfo shows them and the stressed ones under the scenario", async () => {
    for (const id of dealIds.slice(0, 10)) {
      const info = await dealInfo(id);
      const res = await s.api('POST', '/stressDeal', { dealId: id, scenario: { name: 'mild', rentChange: -0.05, vacancyChange: 0.03, valueChange: -0.1, rateChangeBps: 100 } });
      expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
      const body = StressDealResponseDto.parse(res.body);
      expect(body.base.noi).toBe(info.collateralTotals.netOperatingIncome);
      expect(body.base.annualDebtService).toBe(info.collateralTotals.debtService);
      expect(body.base.interestRate).toBe(info.interestRate);
      if (body.base.dscr !== null) expect(body.base.dscr).toBe(info.collateralTotals.dscr);
      if (body.base.ltv !== null) expect(body.base.ltv).toBe(info.ltv);
      expect(body.stressed.interestRate).toBeCloseTo(info.interestRate + 0.01, 12);
    }
  });
});

describe('POST stressPortfolio', () => {
  it('stresses every deal of the book under the shipped scenarios and pages the per-deal rows', async () => {
    const res = await s.api('POST', '/stressPortfolio', {
      scenarios: [
        { name: 'mild', rentChange: -0.05, vacancyChange: 0.03, valueChange: -0.1, rateChangeBps: 100 },
        { name: 'severe', rentChange: -0.15, vacancyChange: 0.12, valueChange: -0.3, rateChangeBps: 300 },
      ],
      pageSize: 7,
      page: 2,
    });
    expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
    const body = StressPortfolioResponseDto.parse(res.body);
    expect(body.base.deals).toBe(dealIds.length);
    expect(body.totalRows).toBe(dealIds.length);
    expect(body.rows).toHaveLength(7);
    expect(body.scenarios).toHaveLength(2);
  });
});

describe('analysis calls write nothing', () => {
  it('leaves the store exactly as it was after every analysis call', async () => {
    const before = storeState();
    await s.api('POST', '/sizeLoan', { dealId: dealIds[1], inputs: { totalCost: 1e8 } });
    await s.api('POST', '/stressDeal', { dealId: dealIds[1], scenario: { noiChange: -0.2 } });
    await s.api('POST', '/stressPortfolio', { scenarios: [{ valueChange: -0.2 }] });
    expect(storeState()).toEqual(before);
  });
});

describe('the analysis endpoints are token-protected', () => {
  it('answers 401 without a token', async () => {
    for (const path of ['/sizeLoan', '/stressDeal', '/stressPortfolio']) {
      const res = await fetch(s.origin + API_PREFIX + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(401);
      expect((await res.json()).success).toBe(false);
    }
  });
});
