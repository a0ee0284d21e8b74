import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  dealMetrics,
  debtYield,
  dscr,
  ltc,
  ltv,
  ltvBasis,
  ltvBasisValue,
  netCashFlow,
  type DealMetricsInput,
} from '../../../src-main/domain/loan-metrics';
import { anyFinite, expectAllFinite, expectClose, money, months, positiveMoney, rate } from './arbitraries';

const deal: DealMetricsInput = {
  grossLoan: 10_000_000,
  isFixed: false,
  indexRate: 0.05,
  rateSpread: 0.02,
  interestRateFloor: 0.065,
  loanPaymentStructure: 'P_I_Amortization',
  amortizationTerm: 360,
  debtServiceMethod: 'Calculated',
  userDebtService: 0,
  projectTotalCost: 12_000_000,
  userSelectedLtv: 'None',
  collateral: {
    netOperatingIncome: 1_000_000,
    netIncome: 950_000,
    incomeValuation: 0,
    salesValuation: 12_500_000,
    alternativeValuation: 11_000_000,
  },
};

describe('dscr', () => {
  it('is NOI over annual debt service as a multiple: 1,250,000 / 1,000,000 = 1.25x', () => {
    expect(dscr(1_250_000, 1_000_000)).toBe(1.25);
  });

  it('is 0 when there is no debt service', () => {
    expect(dscr(1_250_000, 0)).toBe(0);
  });

  it('times the debt service gives back the NOI whenever there is debt service', () => {
    fc.assert(
      fc.property(money, fc.double({ min: 1e-6, max: 1e12, noNaN: true, noDefaultInfinity: true }), (noi, ds) => {
        expectClose(dscr(noi, ds) * ds, noi, 1e-12);
      }),
    );
  });

  it('is finite for any finite inputs', () => {
    fc.assert(fc.property(anyFinite, anyFinite, (n, d) => Number.isFinite(dscr(n, d))));
  });
});

describe('debtYield', () => {
  it('is NOI over the loan as a percentage: 1,000,000 / 10,000,000 = 10 (%)', () => {
    expect(debtYield(1_000_000, 10_000_000)).toBe(10);
  });

  it('is 0 without a loan', () => {
    expect(debtYield(1_000_000, 0)).toBe(0);
  });
});

describe('netCashFlow', () => {
  it('is NOI minus debt service', () => {
    expect(netCashFlow(1_000_000, 798_363)).toBe(201_637);
  });
});

describe('ltc', () => {
  it('is the loan over the project total cost: 8,000,000 / 10,000,000 = 0.8', () => {
    expect(ltc(8_000_000, 10_000_000)).toBe(0.8);
  });

  it('is 0 without a project cost', () => {
    expect(ltc(8_000_000, 0)).toBe(0);
  });
});

describe('ltv', () => {
  const values = { loan: 7_500_000, incomeValuation: 10_000_000, salesValuation: 12_500_000, alternativeValuation: 15_000_000 };

  it('uses the valuation the user selected', () => {
    expect(ltv({ ...values, userSelectedLtv: 'Income' })).toBe(0.75);
    expect(ltv({ ...values, userSelectedLtv: 'Sales' })).toBe(0.6);
    expect(ltv({ ...values, userSelectedLtv: 'Alternative' })).toBe(0.5);
  });

  it('falls back from income to sales to alternative when none is selected', () => {
    expect(ltv({ ...values, userSelectedLtv: 'None' })).toBe(0.75);
    expect(ltv({ ...values, incomeValuation: 0, userSelectedLtv: 'None' })).toBe(0.6);
    expect(ltv({ ...values, incomeValuation: -1, salesValuation: 0, userSelectedLtv: 'None' })).toBe(0.5);
  });

  it('is 0 when no valuation exists', () => {
    expect(ltv({ loan: 7_500_000, incomeValuation: 0, salesValuation: 0, alternativeValuation: 0, userSelectedLtv: 'None' })).toBe(0);
    expect(ltv({ ...values, incomeValuation: 0, userSelectedLtv: 'Income' })).toBe(0);
  });
});

describe('ltvBasis', () => {
  const valuations = { incomeValuation: 10, salesValuation: 12, alternativeValuation: 15 };

  it('is the selected valuation, whether or not it exists', () => {
    expect(ltvBasis('Sales', valuations)).toBe('Sales');
    expect(ltvBasis('Income', { ...valuations, incomeValuation: 0 })).toBe('Income');
  });

  it('without a selection is the first of income, sales, alternative that is > 0, else none', () => {
    expect(ltvBasis('None', valuations)).toBe('Income');
    expect(ltvBasis('None', { ...valuations, incomeValuation: -5 })).toBe('Sales');
    expect(ltvBasis('None', { ...valuations, incomeValuation: 0, salesValuation: 0 })).toBe('Alternative');
    expect(ltvBasis('None', { incomeValuation: 0, salesValuation: 0, alternativeValuation: 0 })).toBeNull();
    expect(ltvBasisValue(null, valuations)).toBe(0);
    expect(ltvBasisValue('Alternative', valuations)).toBe(15);
  });
});

describe('dealMetrics', () => {
  it('computes the collateral totals of a floating P&I deal worked by hand', () => {
    // Note rate max(5% + 2%, 6.5%) = 7%. Excel =PMT(0.07/12, 360, -10000000) = 66,530.25 a month,
    // x 12 = 798,362.99. DSCR 1,000,000 / 798,362.99 = 1.2526; debt yield 10 %;
    // LTV with no selection and no income valuation: 10,000,000 / 12,500,000 sales = 0.8;
    // LTC 10,000,000 / 12,000,000 = 0.8333.
    const m = dealMetrics(deal);
    expect(m.interestRate).toBeCloseTo(0.07, 15);
    expect(m.debtService).toBeCloseTo(798_362.99, 2);
    expect(m.netCashFlow).toBeCloseTo(201_637.01, 2);
    expect(m.dscr).toBeCloseTo(1.2526, 4);
    expect(m.debtYield).toBe(10);
    expect(m.ltv).toBe(0.8);
    expect(m.ltc).toBeCloseTo(0.83333, 5);
  });

  it('uses net income after below-the-line items as the DSCR numerator when set to NetCashFlow', () => {
    // 950,000 / 798,362.99 = 1.1899; netCashFlow stays NOI - debt service.
    const m = dealMetrics({ ...deal, dscrNumerator: 'NetCashFlow' });
    expect(m.dscr).toBeCloseTo(1.1899, 4);
    expect(m.netCashFlow).toBeCloseTo(201_637.01, 2);
  });

  it('uses the user debt service when the method is Manual', () => {
    const m = dealMetrics({ ...deal, debtServiceMethod: 'Manual', userDebtService: 800_000 });
    expect(m.debtService).toBe(800_000);
    expect(m.dscr).toBe(1.25);
    expect(m.netCashFlow).toBe(200_000);
  });

  it('applies the day count to an interest-only deal', () => {
    const m = dealMetrics({ ...deal, loanPaymentStructure: 'InterestOnly', dayCount: 'Actual/360' });
    expectClose(m.debtService, 10_000_000 * 0.07 * (365 / 360), 1e-12);
  });

  it('has only finite figures for any money-sized terms, zeros included', () => {
    fc.assert(
      fc.property(
        fc.record({
          grossLoan: money,
          isFixed: fc.boolean(),
          indexRate: rate,
          rateSpread: rate,
          interestRateFloor: rate,
          loanPaymentStructure: fc.constantFrom('InterestOnly' as const, 'P_I_Amortization' as const),
          amortizationTerm: months,
          debtServiceMethod: fc.constantFrom('Calculated' as const, 'Manual' as const),
          userDebtService: money,
          projectTotalCost: money,
          userSelectedLtv: fc.constantFrom('None' as const, 'Alternative' as const, 'Income' as const, 'Sales' as const),
          collateral: fc.record({
            netOperatingIncome: money,
            netIncome: money,
            incomeValuation: positiveMoney,
            salesValuation: money,
            alternativeValuation: money,
          }),
          dayCount: fc.constantFrom('30/360' as const, 'Actual/360' as const, 'Actual/365' as const),
          dscrNumerator: fc.constantFrom('NOI' as const, 'NetCashFlow' as const),
        }),
        (input) => expectAllFinite(dealMetrics(input)),
      ),
    );
  });
});
