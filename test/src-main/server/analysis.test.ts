import { statSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  SeedInfoResponseDto,
  SizeLoanResponseDto,
  StressDealResponseDto,
  StressPortfolioResponseDto,
} from '../../../src-main/contract';
import { OWNER, startTestService, TEST_ENGINE, testCluster, type TestService } from '../../support/service';

let s: TestService;
let dealIds: string[];

beforeAll(async () => {
  // 'Leaves the store exactly as it was' reads PostgreSQL's next transaction id, which counts
  // every transaction of the cluster: a cluster of this file's own, no other file's writes in it.
  if (TEST_ENGINE === 'postgres') await testCluster({ own: true });
  s = await startTestService({ demoDeals: 30 });
  dealIds = (await s.api('GET', '/getAllDealIds')).body.dealIds;
}, 60_000);
afterAll(async () => s.stop());

/**
 * What would change if anything were written. SQLite: this connection's changes, other
 * connections' commits, row counts, the file's bytes. PostgreSQL: row counts and the snapshot's
 * xmax (the next transaction id: any transaction that writes takes one, so it moves).
 */
async function storeState() {
  if (s.engine === 'postgres') {
    const tables = (await s.sql<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).map((r) => r.name);
    const rows: Record<string, number> = {};
    for (const t of tables) rows[t] = (await s.sql<{ n: number }>(`SELECT count(*) AS n FROM "${t}"`))[0]!.n;
    const [{ xmax }] = await s.sql<{ xmax: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax');
    return { rows, xmax };
  }
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

describe('POST sizeLoan on deals without a project total cost', () => {
  it('answers on every demo deal with an NOI under the default profile, listing the constraints that do not apply', async () => {
    let withoutCost = 0;
    for (const id of dealIds) {
      const info = await dealInfo(id);
      if (!(info.collateralTotals.netOperatingIncome > 0)) continue;
      const res = await s.api('POST', '/sizeLoan', { dealId: id });
      expect(res.body.success, `${id}: ${JSON.stringify(res.body.error)}`).toBe(true);
      const sized = SizeLoanResponseDto.parse(res.body);
      const names = [...sized.constraints.map((c) => c.name), ...sized.notApplicable.map((c) => c.name)].sort();
      expect(names).toEqual(['DebtYield', 'Dscr', 'Ltc', 'Ltv']);
      if (!((info.projectTotalCost ?? 0) > 0)) {
        withoutCost++;
        expect(sized.notApplicable).toContainEqual({ name: 'Ltc', limit: 0.8, reason: 'NoTotalCost' });
        expect(sized.atMaxLoan.ltc).toBeNull();
      }
      // The loan is the smallest of the constraints that apply.
      expect(sized.maxLoan).toBe(Math.min(...sized.constraints.map((c) => c.maxLoan)));
    }
    // The demo book has refinance and permanent deals without a cost: the case is exercised.
    expect(withoutCost).toBeGreaterThan(0);
  });

  it('sizes the hand-worked refinance of docs/analysis.md on LTV at $9,000,000, with LTC not applicable', async () => {
    // $12M value, $900,000 NOI, 6 % interest-only, no cost. LTV 0.75 x 12M = 9,000,000; DSCR 900,000 / (1.25 x 0.06) = 12,000,000;
    // debt yield 900,000 / 0.09 = 10,000,000.
    const res = await s.api('POST', '/sizeLoan', { inputs: { noi: 900_000, value: 12_000_000, interestRate: 0.06, amortizationMonths: 0 }, profileName: 'Bank balance sheet' });
    const sized = SizeLoanResponseDto.parse(res.body);
    expect(sized.bindingConstraint).toBe('Ltv');
    expect(sized.maxLoan).toBeCloseTo(9_000_000, 4);
    expect(sized.notApplicable).toEqual([{ name: 'Ltc', limit: 0.8, reason: 'NoTotalCost' }]);
    expect(sized.atMaxLoan.annualDebtService).toBeCloseTo(540_000, 4);
    expect(sized.atMaxLoan.dscr).toBeCloseTo(1.666_667, 5);
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
    const before = await storeState();
    await s.api('POST', '/sizeLoan', { dealId: dealIds[1], inputs: { totalCost: 1e8 } });
    await s.api('POST', '/stressDeal', { dealId: dealIds[1], scenario: { noiChange: -0.2 } });
    await s.api('POST', '/stressPortfolio', { scenarios: [{ valueChange: -0.2 }] });
    expect(await storeState()).toEqual(before);
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

/* eslint-disable @typescript-eslint/no-explicit-any */
describe('POST sizeLoan against published worked examples', () => {
  const size = async (body: object) => {
    const res = await s.api('POST', '/sizeLoan', body);
    expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
    return SizeLoanResponseDto.parse(res.body);
  };

  it('binds on DSCR at $5,505,737 (Calvin Phan, "Determining the Maximum Loan Amount in CRE", 2025)', async () => {
    // Value $10,440,000, NOI $522,000, 6.50 % over 30 years; 60 % LTV, 1.25x, 9 %: $5,505,737 on
    // DSCR, $417,600 a year, debt yield 9.48 %, LTV 53 %.
    const body = await size({
      inputs: { noi: 522_000, value: 10_440_000, interestRate: 0.065, amortizationMonths: 360 },
      policy: { maxLtv: 0.6, maxLtc: null, minDscr: 1.25, minDebtYield: 9 },
    });
    expect(body.bindingConstraint).toBe('Dscr');
    expect(Math.round(body.maxLoan)).toBe(5_505_737);
    expect(body.atMaxLoan.annualDebtService).toBeCloseTo(417_600, 6);
    expect(body.atMaxLoan.debtYield).toBeCloseTo(9.48, 2);
    expect(body.atMaxLoan.ltv).toBeCloseTo(0.53, 2);
    expect(body.policy).toEqual({ maxLtv: 0.6, minDscr: 1.25, minDebtYield: 9 });
  });

  it('binds on debt yield at $625,000 against a 70 % LTC (LightBox CashFlow documentation, "Loan Sizing")', async () => {
    // Cost $1,000,000, NOI $50,000: 70 % LTC gives $700,000, an 8 % debt yield $625,000.
    const body = await size({
      inputs: { noi: 50_000, totalCost: 1_000_000, interestRate: 0.06 },
      policy: { maxLtv: null, maxLtc: 0.7, minDscr: null, minDebtYield: 8 },
    });
    expect(body.constraints).toEqual([
      { name: 'Ltc', limit: 0.7, maxLoan: 700_000 },
      { name: 'DebtYield', limit: 8, maxLoan: 625_000 },
    ]);
    expect(body.maxLoan).toBe(625_000);
    expect(body.atMaxLoan.ltc).toBe(0.625);
  });

  it("gives the debt constant of Excel's PMT: 8 % a year over 10 months is 1,037.03 a month on $10,000 (Microsoft, PMT function)", async () => {
    const body = await size({
      inputs: { noi: 100_000, value: 1_000_000, interestRate: 0.08, amortizationMonths: 10 },
      policy: { maxLtv: 0.5, maxLtc: null, minDscr: null, minDebtYield: null },
    });
    expect(Math.round(((body.debtConstant * 10_000) / 12) * 100) / 100).toBe(1037.03);
    // Interest-only (0 months): the constant is the note rate under 30/360.
    const io = await size({ inputs: { noi: 100_000, value: 1_000_000, interestRate: 0.08, amortizationMonths: 0 }, policy: { maxLtc: null } });
    expect(io.debtConstant).toBe(0.08);
  });
});

describe('bad input to the analysis endpoints', () => {
  const refused = async (path: string, body: unknown, target: RegExp) => {
    const res = await s.api('POST', path, body);
    expect(res.status).toBe(200);
    expect(res.body.success, JSON.stringify(res.body)).toBe(false);
    expect(res.body.error.code).toBe('ValidationError');
    expect(res.body.error.target).toMatch(target);
    expect(res.body.error.message.length).toBeGreaterThan(10);
    return res.body.error;
  };
  const inputs = { noi: 500_000, value: 8_000_000, totalCost: 9_000_000, interestRate: 0.065, amortizationMonths: 360 };

  it('names a negative or non-numeric sizing input', async () => {
    await refused('/sizeLoan', { inputs: { ...inputs, value: -1 } }, /^inputs\.value$/);
    await refused('/sizeLoan', { inputs: { ...inputs, interestRate: 'six' } }, /^inputs\.interestRate$/);
    await refused('/sizeLoan', { inputs: { ...inputs, amortizationMonths: -12 } }, /^inputs\.amortizationMonths$/);
    await refused('/sizeLoan', { inputs, policy: { minDscr: -1.2 } }, /^policy\.minDscr$/);
  });

  it('names the NOI when it is 0 or less, and the input a constraint needs when it is missing', async () => {
    await refused('/sizeLoan', { inputs: { ...inputs, noi: 0 } }, /^inputs\.noi$/);
    await refused('/sizeLoan', { inputs: { ...inputs, noi: -5 } }, /^inputs\.noi$/);
    // A missing value or cost is refused only when no constraint in force applies without it.
    const { value: _v, ...noValue } = inputs;
    await refused('/sizeLoan', { inputs: noValue, policy: { maxLtv: 0.7, maxLtc: null, minDscr: null, minDebtYield: null } }, /^inputs\.value$/);
    await refused('/sizeLoan', { inputs: { noi: 500_000, interestRate: 0.06, value: 8e6 }, policy: { maxLtv: null, maxLtc: 0.8, minDscr: null, minDebtYield: null } }, /^inputs\.totalCost$/);
    await refused('/sizeLoan', { inputs: { noi: 500_000, value: 8e6, totalCost: 9e6 } }, /^inputs\.interestRate$/);
  });

  it('asks for a policy when no constraint is in force', async () => {
    const error = await refused('/sizeLoan', { inputs, policy: { maxLtv: null, maxLtc: null, minDscr: null, minDebtYield: null } }, /^policy$/);
    expect(error.message).toMatch(/no constraint in force/);
  });

  it('names an unknown profile on every endpoint', async () => {
    const error = await refused('/sizeLoan', { inputs, profileName: 'Hedge fund' }, /^profileName$/);
    expect(error.message).toMatch(/Bank balance sheet/);
    await refused('/stressDeal', { dealId: dealIds[0], scenario: { noiChange: -0.1 }, profileName: 'Hedge fund' }, /^profileName$/);
    await refused('/stressPortfolio', { scenarios: [{ noiChange: -0.1 }], profileName: 'Hedge fund' }, /^profileName$/);
  });

  it('refuses a scenario with no shock, a non-numeric shock, none or more than 10 scenarios', async () => {
    const error = await refused('/stressDeal', { dealId: dealIds[0], scenario: { name: 'calm' } }, /^scenario/);
    expect(error.message).toMatch(/at least one non-zero shock/);
    await refused('/stressDeal', { dealId: dealIds[0], scenario: { rateChangeBps: 0, valueChange: 0 } }, /^scenario/);
    await refused('/stressDeal', { dealId: dealIds[0], scenario: { valueChange: 'down' } }, /^scenario\.valueChange$/);
    await refused('/stressPortfolio', { scenarios: [] }, /^scenarios$/);
    await refused('/stressPortfolio', { scenarios: Array.from({ length: 11 }, () => ({ noiChange: -0.1 })) }, /^scenarios$/);
    await refused('/stressPortfolio', { scenarios: [{ noiChange: -0.1 }, {}] }, /^scenarios\[1\]|^scenarios\.1/);
  });

  it('names the deal when it has no collateral or no NOI', async () => {
    // A new deal: a collateral with no cash flow yet, so no NOI.
    const create = (street: string) =>
      s.api('POST', '/createCommercialDeal', {
        ownerId: OWNER,
        dealName: 'Empty shell',
        address: { fullAddress: `${street}, Springfield, IL 62701` },
        propertyType: 'Office',
        loanType: 'Refinance',
        loanAmount: 1_000_000,
        loanTerm: 120,
      });
    const noNoi = (await create('100 Main St')).body.createdEntityId as string;
    expect(noNoi).toBeTruthy();
    let res = await s.api('POST', '/stressDeal', { dealId: noNoi, scenario: { noiChange: -0.1 } });
    expect(res.body.error.target).toBe('dealId');
    expect(res.body.error.message).toMatch(/NOI is 0/);
    res = await s.api('POST', '/sizeLoan', { dealId: noNoi, inputs: { totalCost: 2e6 } });
    expect(res.body.error.target).toBe('inputs.noi');
    expect(res.body.error.message).toMatch(/NOI/);
    // And one whose collateral link is gone (the test takes it away in the store).
    const bare = (await create('742 Evergreen Ter')).body.createdEntityId as string;
    expect(bare).toBeTruthy();
    await s.sql('DELETE FROM deal_collaterals WHERE deal_id = ?', [bare]);
    res = await s.api('POST', '/stressDeal', { dealId: bare, scenario: { noiChange: -0.1 } });
    expect(res.body.error.target).toBe('dealId');
    expect(res.body.error.message).toMatch(/no collateral/);
    res = await s.api('POST', '/sizeLoan', { dealId: bare });
    expect(res.body.error.target).toBe('dealId');
    expect(res.body.error.message).toMatch(/no collateral/);
    const missing = await s.api('POST', '/stressDeal', { dealId: 'no-such-deal', scenario: { noiChange: -0.1 } });
    expect(missing.body.error.code).toBe('MissingEntity');
    expect(missing.body.error.target).toBe('dealId');
  });
});

describe('POST stressPortfolio: the totals are the sums over the per-deal rows', () => {
  const shock = fc.record(
    {
      noiChange: fc.double({ min: -0.6, max: 0.2, noNaN: true }),
      rateChangeBps: fc.integer({ min: -200, max: 500 }),
      valueChange: fc.double({ min: -0.6, max: 0.2, noNaN: true }),
      capRateChangeBps: fc.integer({ min: -100, max: 300 }),
      rentChange: fc.double({ min: -0.4, max: 0.2, noNaN: true }),
      vacancyChange: fc.double({ min: -0.1, max: 0.3, noNaN: true }),
    },
    { requiredKeys: [] },
  ).filter((x) => Object.values(x).some((v) => v !== 0));
  const policy = fc.record({
    maxLtv: fc.double({ min: 0.4, max: 1, noNaN: true }),
    minDscr: fc.double({ min: 0.8, max: 2, noNaN: true }),
    minDebtYield: fc.double({ min: 5, max: 15, noNaN: true }),
  });

  it('counts, exposures and weighted DSCR / LTV of every scenario equal what its rows add up to', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(shock, { minLength: 1, maxLength: 3 }), policy, async (scenarios, limits) => {
        const res = await s.api('POST', '/stressPortfolio', { scenarios, policy: limits, pageSize: 1000 });
        expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
        const body = StressPortfolioResponseDto.parse(res.body);
        expect(body.rows).toHaveLength(body.totalRows);
        const check = (summary: (typeof body)['base'], of: (row: (typeof body.rows)[number]) => { m: any; breaches: any[] }) => {
          const sumOf = (pick: (r: (typeof body.rows)[number]) => boolean) => {
            const rows = body.rows.filter(pick);
            return { count: rows.length, exposure: rows.reduce((a, r) => a + r.loanAmount, 0) };
          };
          expect(summary.deals).toBe(body.rows.length);
          expect(summary.exposure).toBeCloseTo(body.rows.reduce((a, r) => a + r.loanAmount, 0), 2);
          const near = (a: { count: number; exposure: number }, b: { count: number; exposure: number }) => {
            expect(a.count).toBe(b.count);
            expect(a.exposure).toBeCloseTo(b.exposure, 2);
          };
          near(summary.dscrBelowPolicy, sumOf((r) => of(r).breaches.some((b: any) => b.metric === 'Dscr')));
          near(summary.ltvAbovePolicy, sumOf((r) => of(r).breaches.some((b: any) => b.metric === 'Ltv')));
          near(summary.dscrBelowOne, sumOf((r) => of(r).m.dscr !== null && of(r).m.dscr < 1));
          const withDscr = body.rows.filter((r) => of(r).m.dscr !== null);
          const w = withDscr.reduce((a, r) => a + r.loanAmount, 0);
          if (w > 0) expect(summary.weightedDscr!).toBeCloseTo(withDscr.reduce((a, r) => a + r.loanAmount * of(r).m.dscr, 0) / w, 9);
          const withLtv = body.rows.filter((r) => of(r).m.ltv !== null);
          const wl = withLtv.reduce((a, r) => a + r.loanAmount, 0);
          if (wl > 0) expect(summary.weightedLtv!).toBeCloseTo(withLtv.reduce((a, r) => a + r.loanAmount * of(r).m.ltv, 0) / wl, 9);
          expect(summary.dscrDistribution.reduce((a, b) => a + b.count, 0)).toBe(withDscr.length);
        };
        check(body.base, (r) => ({ m: r.base, breaches: r.baseBreaches }));
        body.scenarios.forEach((summary, k) => check(summary, (r) => ({ m: r.scenarios[k]!.stressed, breaches: r.scenarios[k]!.breaches })));
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('selects deals with the report filter and pages the rows in the same order', async () => {
    const all = (await s.api('POST', '/stressPortfolio', { scenarios: [{ valueChange: -0.25 }], pageSize: 1000 })).body;
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.totalRows / 4); page++) {
      const res = (await s.api('POST', '/stressPortfolio', { scenarios: [{ valueChange: -0.25 }], pageSize: 4, page })).body;
      pages.push(...res.rows.map((r: any) => r.dealId));
    }
    expect(pages).toEqual(all.rows.map((r: any) => r.dealId));
    const some = dealIds.slice(3, 8);
    const filtered = (await s.api('POST', '/stressPortfolio', { scenarios: [{ valueChange: -0.25 }], filter: { dealIds: some }, pageSize: 1000 })).body;
    expect(filtered.rows.map((r: any) => r.dealId).sort()).toEqual([...some].sort());
    const breaching = (await s.api('POST', '/stressPortfolio', { scenarios: [{ valueChange: -0.25 }], breachesOnly: true, pageSize: 1000 })).body;
    expect(breaching.rows.every((r: any) => r.scenarios[0].breaches.length > 0)).toBe(true);
    expect(breaching.base.deals).toBe(all.base.deals);
  });
});

// Last: it adds a deal to the book.
describe('a new deal without income in the portfolio stress', () => {
  it('is counted apart as not measured, and in no breach count, unstressed or under any scenario', async () => {
    const created = await s.api('POST', '/createCommercialDeal', {
      ownerId: OWNER,
      dealName: 'No income yet',
      address: { fullAddress: '200 Main St, Springfield, IL 62701' },
      propertyType: 'Office',
      loanType: 'Acquisition',
      loanAmount: 1_000_000,
      loanTerm: 120,
    });
    const id = created.body.createdEntityId as string;
    const scenarios = [{ name: 'rates', rateChangeBps: 300 }, { name: 'severe', valueChange: -0.3, vacancyChange: 0.12, rentChange: -0.15, rateChangeBps: 300 }];
    const res = await s.api('POST', '/stressPortfolio', { scenarios, filter: { dealIds: [id] } });
    const answer = StressPortfolioResponseDto.parse(res.body);
    for (const summary of [answer.base, ...answer.scenarios]) {
      expect(summary.deals).toBe(1);
      expect(summary.dscrBelowPolicy.count).toBe(0);
      expect(summary.dscrBelowOne.count).toBe(0);
      expect(summary.ltvAbovePolicy.count).toBe(0);
      expect(summary.dscrNotMeasured).toEqual({ count: 1, exposure: 1_000_000 });
      expect(summary.ltvNotMeasured).toEqual({ count: 1, exposure: 1_000_000 });
    }
    expect(answer.rows[0]!.scenarios.every((r) => r.breaches.length === 0 && r.stressed.dscr === null)).toBe(true);
  });

  it('lists the limits a deal is not measured on in the stress answer', async () => {
    for (const id of dealIds) {
      const info = await dealInfo(id);
      if ((info.projectTotalCost ?? 0) > 0 || !(info.collateralTotals.netOperatingIncome > 0)) continue;
      const res = await s.api('POST', '/stressDeal', { dealId: id, scenario: { rateChangeBps: 100 } });
      const answer = StressDealResponseDto.parse(res.body);
      expect(answer.baseNotApplicable).toContainEqual({ metric: 'Ltc', limit: 0.8, reason: 'NoTotalCost' });
      expect(answer.notApplicable).toContainEqual({ metric: 'Ltc', limit: 0.8, reason: 'NoTotalCost' });
      return;
    }
    throw new Error('no demo deal without a project total cost');
  });
});
