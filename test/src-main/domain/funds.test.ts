import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { dealLoanOfFunds, fundsSummary, loanFunds, withDealLoan, type DealLoanFields, type FundSourceInput, type FundUseInput } from '../../../src-main/domain/funds';
import { expectAllFinite, expectClose, money, months, positiveMoney, rate } from './arbitraries';

const source = (id: string, sourcesOfFunds: string, amount: number, extra: Partial<FundSourceInput> = {}): FundSourceInput => ({
  id,
  sourcesOfFunds,
  amount,
  loanPaymentStructure: 'InterestOnly',
  amortizationTerm: 0,
  interestRate: 0,
  default: false,
  isDefault: false,
  ...extra,
});
const use = (id: string, usesOfFunds: string, amount: number): FundUseInput => ({ id, usesOfFunds, amount, default: false, isDefault: false });

const sources = [
  source('s1', 'Senior loan', 7_000_000, { loanPaymentStructure: 'P_I_Amortization', amortizationTerm: 360, interestRate: 0.06, isDefault: true }),
  source('s2', 'Mezzanine', 1_500_000, { interestRate: 0.11 }),
  source('s3', 'Sponsor equity', 1_500_000),
];
const uses = [use('u1', 'Purchase price', 9_500_000), use('u2', 'Closing costs', 300_000), use('u3', 'Reserves', 250_000)];

describe('fundsSummary', () => {
  const { fundsSourcesInfo, fundsUsesInfo } = fundsSummary({ sources, uses, units: 100, sf: 80_000 });

  it('totals each side and gives each item its $/unit, $/SF and share of the total', () => {
    expect(fundsSourcesInfo.totalAmount).toBe(10_000_000);
    expect(fundsSourcesInfo.totalDollarPerUnit).toBe(100_000);
    expect(fundsSourcesInfo.totalDollarPerSF).toBe(125);
    // 7,000,000 / 100 units = 70,000; / 80,000 SF = 87.50; / 10,000,000 = 0.7.
    expect(fundsSourcesInfo.fundSourceItems[0]).toMatchObject({ id: 's1', sourcesOfFunds: 'Senior loan', isDefault: true, dollarPerUnit: 70_000, dollarPerSF: 87.5, percentOfTotal: 0.7 });
    expect(fundsUsesInfo.totalAmount).toBe(10_050_000);
    expect(fundsUsesInfo.fundUseItems[1]).toMatchObject({ id: 'u2', usesOfFunds: 'Closing costs', dollarPerUnit: 3_000, dollarPerSF: 3.75 });
    expect(fundsUsesInfo.fundUseItems[1]!.percentOfTotal).toBeCloseTo(300_000 / 10_050_000, 15);
  });

  it('reports uses minus sources as the balance: 10,050,000 - 10,000,000 = 50,000 short', () => {
    expect(fundsSourcesInfo.balanceBetweenUsesAndSources).toBe(50_000);
  });

  it('gives 0 per unit and per SF when the deal has no units or SF', () => {
    const r = fundsSummary({ sources, uses, units: 0, sf: 0 });
    expect(r.fundsSourcesInfo.totalDollarPerUnit).toBe(0);
    expect(r.fundsUsesInfo.fundUseItems[0]!.dollarPerSF).toBe(0);
  });

  // Deal sizes are 0 or at least one unit / one SF (a subnormal SF would overflow every $/SF to 0).
  const size = fc.oneof(fc.constant(0), fc.double({ min: 1, max: 1e9, noNaN: true, noDefaultInfinity: true }));
  const sourceArb = fc.record({ id: fc.string(), amount: positiveMoney }).map(({ id, amount }) => source(id, 'x', amount));
  const useArb = fc.record({ id: fc.string(), amount: positiveMoney }).map(({ id, amount }) => use(id, 'x', amount));

  it('makes totals the sums of the items, shares sum to 1 on each side, and the balance uses minus sources', () => {
    fc.assert(
      fc.property(fc.array(sourceArb, { maxLength: 12 }), fc.array(useArb, { maxLength: 12 }), size, size, (s, u, units, sf) => {
        const r = fundsSummary({ sources: s, uses: u, units, sf });
        const sTotal = s.reduce((t, x) => t + x.amount, 0);
        const uTotal = u.reduce((t, x) => t + x.amount, 0);
        expectClose(r.fundsSourcesInfo.totalAmount, sTotal, 1e-12);
        expectClose(r.fundsUsesInfo.totalAmount, uTotal, 1e-12);
        expect(r.fundsSourcesInfo.balanceBetweenUsesAndSources).toBe(r.fundsUsesInfo.totalAmount - r.fundsSourcesInfo.totalAmount);
        if (sTotal > 0) expectClose(r.fundsSourcesInfo.fundSourceItems.reduce((t, x) => t + x.percentOfTotal, 0), 1, 1e-12);
        if (uTotal > 0) expectClose(r.fundsUsesInfo.fundUseItems.reduce((t, x) => t + x.percentOfTotal, 0), 1, 1e-12);
        expectClose(r.fundsSourcesInfo.fundSourceItems.reduce((t, x) => t + x.dollarPerUnit, 0), r.fundsSourcesInfo.totalDollarPerUnit, 1e-12);
        expectClose(r.fundsUsesInfo.fundUseItems.reduce((t, x) => t + x.dollarPerSF, 0), r.fundsUsesInfo.totalDollarPerSF, 1e-12);
      }),
    );
  });

  it('has no NaN or Infinity for any finite amounts, zeros and negatives included', () => {
    const anySource = fc.record({ id: fc.string(), amount: money }).map(({ id, amount }) => source(id, 'x', amount));
    const anyUse = fc.record({ id: fc.string(), amount: money }).map(({ id, amount }) => use(id, 'x', amount));
    fc.assert(
      fc.property(fc.array(anySource, { maxLength: 6 }), fc.array(anyUse, { maxLength: 6 }), money, money, (s, u, units, sf) =>
        expectAllFinite(fundsSummary({ sources: s, uses: u, units, sf })),
      ),
    );
  });
});

describe('loanFunds', () => {
  const loans = sources.slice(0, 2);
  const result = loanFunds({ loans, noi: 840_000, incomeValuation: 12_000_000 });

  it('tests each loan alone against the deal NOI and income valuation', () => {
    const [senior, mezz] = result.loanFundsItems;
    // Senior: Excel =PMT(0.06/12, 360, -7000000) x 12 = 41,968.54 x 12 = 503,622.44;
    // DSCR 840,000 / 503,622.44 = 1.6679; debt yield 840,000 / 7,000,000 = 12 %; LTV 7/12.
    expect(senior!.debtService).toBeCloseTo(503_622.44, 2);
    expect(senior!.dscr).toBeCloseTo(1.6679, 4);
    expect(senior!.debtYield).toBeCloseTo(12, 12);
    expect(senior!.ltv).toBeCloseTo(7 / 12, 15);
    expect(senior).toMatchObject({ sourcesOfFunds: 'Senior loan', dealNOI: 840_000, dealIncomeValuation: 12_000_000 });
    // Mezzanine, interest-only 30/360: 1,500,000 x 11 % = 165,000; DSCR 5.0909; debt yield 56 %; LTV 0.125.
    expect(mezz!.debtService).toBeCloseTo(165_000, 8);
    expect(mezz!.dscr).toBeCloseTo(5.0909, 4);
    expect(mezz!.debtYield).toBeCloseTo(56, 12);
    expect(mezz!.ltv).toBe(0.125);
  });

  it('weights LTV by amount and covers the whole stack for the totals', () => {
    // avgLTV = (7,000,000 x 7/12 + 1,500,000 x 0.125) / 8,500,000 = 0.50245;
    // totalDSCR = 840,000 / (503,622.44 + 165,000) = 1.2563; totalDebtYield = 840,000 / 8,500,000 = 9.8824 %.
    expect(result.avgLTV).toBeCloseTo(0.50245, 5);
    expect(result.totalDSCR).toBeCloseTo(1.2563, 4);
    expect(result.totalDebtYield).toBeCloseTo(9.8824, 4);
  });

  it('applies the day count to interest-only loans', () => {
    const act360 = loanFunds({ loans: [loans[1]!], noi: 840_000, incomeValuation: 12_000_000, dayCount: 'Actual/360' });
    expect(act360.loanFundsItems[0]!.debtService).toBeCloseTo(165_000 * (365 / 360), 8);
  });

  it('is all zeros, not NaN, without loans', () => {
    expect(loanFunds({ loans: [], noi: 840_000, incomeValuation: 0 })).toEqual({ loanFundsItems: [], avgLTV: 0, totalDSCR: 0, totalDebtYield: 0 });
  });

  it('keeps each loan coverage consistent: DSCR x debt service = NOI when there is debt service', () => {
    const loanArb = fc.record({
      sourcesOfFunds: fc.constant('Loan'),
      amount: positiveMoney,
      loanPaymentStructure: fc.constantFrom('InterestOnly' as const, 'P_I_Amortization' as const),
      amortizationTerm: months,
      interestRate: rate,
    });
    fc.assert(
      fc.property(fc.array(loanArb, { maxLength: 6 }), money, money, (l, noi, incomeValuation) => {
        const r = loanFunds({ loans: l, noi, incomeValuation });
        expectAllFinite(r);
        for (const item of r.loanFundsItems) {
          if (item.debtService > 1e-6) expectClose(item.dscr * item.debtService, noi, 1e-9);
        }
      }),
    );
  });

  it("takes a loan's manual debt service as given, and leaves it out of the item", () => {
    const r = loanFunds({ loans: [{ ...loans[0]!, manualDebtService: 600_000 }], noi: 840_000, incomeValuation: 12_000_000 });
    expect(r.loanFundsItems[0]!.debtService).toBe(600_000);
    expect(r.loanFundsItems[0]!.dscr).toBe(1.4);
    expect(r.loanFundsItems[0]).not.toHaveProperty('manualDebtService');
  });

  it('divides the coverage income it is given (the DSCR numerator setting) for DSCR, and NOI for debt yield', () => {
    const r = loanFunds({ loans: [loans[1]!], noi: 840_000, coverageIncome: 660_000, incomeValuation: 12_000_000 });
    // 660,000 / 165,000 = 4; debt yield stays on NOI: 840,000 / 1,500,000 = 56 %.
    expect(r.loanFundsItems[0]!.dscr).toBeCloseTo(4, 12);
    expect(r.totalDSCR).toBeCloseTo(4, 12);
    expect(r.loanFundsItems[0]!.debtYield).toBeCloseTo(56, 12);
  });
});

describe("the deal's own loan in its funds", () => {
  const deal: DealLoanFields = {
    originatedLoanAmount: 7_000_000,
    grossLoan: 6_400_000,
    loanPaymentStructure: 'InterestOnly',
    amortizationTerm: 0,
    debtServiceMethod: 'Calculated',
    userDebtService: 0,
  };

  it('is at the originated amount once there is one, else at the current amount, with the deal\'s note rate', () => {
    expect(dealLoanOfFunds(deal, 0.071)).toEqual({ amount: 7_000_000, loanPaymentStructure: 'InterestOnly', amortizationTerm: 0, interestRate: 0.071 });
    expect(dealLoanOfFunds({ ...deal, originatedLoanAmount: 0 }, 0.071).amount).toBe(6_400_000);
    expect(dealLoanOfFunds({ ...deal, debtServiceMethod: 'Manual', userDebtService: 480_000 }, 0.071).manualDebtService).toBe(480_000);
  });

  it('replaces the first loan among the sources and leaves a second loan and the equity alone', () => {
    const stored = sources.map((x, i) => ({ ...x, isLoan: i < 2 }));
    const equityFirst = [stored[2]!, ...stored.slice(0, 2)];
    const out = withDealLoan(equityFirst, dealLoanOfFunds(deal, 0.071));
    expect(out[0]).toBe(equityFirst[0]);
    expect(out[1]).toMatchObject({ id: 's1', sourcesOfFunds: 'Senior loan', amount: 7_000_000, interestRate: 0.071, loanPaymentStructure: 'InterestOnly', amortizationTerm: 0 });
    expect(out[2]).toBe(equityFirst[2]);
    expect(withDealLoan([stored[2]!], dealLoanOfFunds(deal, 0.071))).toEqual([stored[2]]);
  });
});
