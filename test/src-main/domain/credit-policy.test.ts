import { describe, it, expect } from 'vitest';
import {
  policyBreaches,
  policyChecks,
  policyNotTested,
  resolvePolicy,
  type AnalysisMetrics,
  type CreditPolicyProfiles,
} from '../../../src-main/domain/credit-policy';

const config: CreditPolicyProfiles = {
  defaultProfile: 'Bank',
  profiles: [
    { name: 'Bank', maxLtv: 0.75, maxLtc: 0.8, minDscr: 1.25, minDebtYield: 9, source: 'typical' },
    { name: 'Agency', maxLtv: 0.8, minDscr: 1.25, source: 'guide' },
  ],
};

const metrics: AnalysisMetrics = {
  noi: 570_000,
  value: 9_500_000,
  interestRate: 0.06,
  annualDebtService: 360_000,
  dscr: 1.5833,
  debtYield: 9.5,
  ltv: 0.6316,
  loanAmount: 6_000_000,
  ltc: 0.85,
  netCashFlow: 210_000,
  ltvBasis: 'Income',
};

describe('resolvePolicy', () => {
  it('takes the default profile when none is named, and the named one otherwise', () => {
    expect(resolvePolicy(config)).toEqual({ ok: true, value: { profileName: 'Bank', policy: { maxLtv: 0.75, maxLtc: 0.8, minDscr: 1.25, minDebtYield: 9 } } });
    expect(resolvePolicy(config, 'Agency')).toEqual({ ok: true, value: { profileName: 'Agency', policy: { maxLtv: 0.8, minDscr: 1.25 } } });
  });

  it('lets each limit given override the profile’s, and adds limits the profile lacks', () => {
    const r = resolvePolicy(config, 'Agency', { minDscr: 1.35, minDebtYield: 7 });
    expect(r).toEqual({ ok: true, value: { profileName: 'Agency', policy: { maxLtv: 0.8, minDscr: 1.35, minDebtYield: 7 } } });
  });

  it('names profileName when the profile is unknown, listing the known ones', () => {
    const r = resolvePolicy(config, 'Life company');
    expect(r).toEqual({ ok: false, error: { field: 'profileName', message: 'unknown credit policy profile "Life company"; known: "Bank", "Agency"' } });
  });
});

describe('policyChecks and policyBreaches', () => {
  const policy = { maxLtv: 0.75, maxLtc: 0.8, minDscr: 1.25, minDebtYield: 9 };

  it('passes, fails, or does not test each limit', () => {
    expect(policyChecks(metrics, policy)).toEqual({ Dscr: true, DebtYield: true, Ltv: true, Ltc: false });
    expect(policyChecks(metrics, {})).toEqual({ Dscr: null, DebtYield: null, Ltv: null, Ltc: null });
    expect(policyBreaches(metrics, policy)).toEqual([{ metric: 'Ltc', limit: 0.8, value: 0.85 }]);
  });

  it('lists breaches in the order DSCR, LTV, debt yield, LTC, each at its limit and figure', () => {
    const weak = { ...metrics, dscr: 1.1, debtYield: 8, ltv: 0.8 };
    expect(policyBreaches(weak, policy).map((b) => [b.metric, b.limit, b.value])).toEqual([
      ['Dscr', 1.25, 1.1],
      ['Ltv', 0.75, 0.8],
      ['DebtYield', 9, 8],
      ['Ltc', 0.8, 0.85],
    ]);
  });

  it('does not test what has nothing to measure: no debt service, no loan, no LTV basis', () => {
    expect(policyChecks({ ...metrics, dscr: null, annualDebtService: 0 }, policy).Dscr).toBeNull();
    const noLoan = policyChecks({ ...metrics, loanAmount: 0, debtYield: null, ltv: 0, ltc: 0 }, policy);
    expect([noLoan.DebtYield, noLoan.Ltv, noLoan.Ltc]).toEqual([null, null, null]);
    expect(policyChecks({ ...metrics, ltvBasis: null, ltv: null, value: 0 }, policy).Ltv).toBeNull();
  });

  it('fails LTV when a stress left the basis value at 0 or below, reporting no figure', () => {
    const wiped = { ...metrics, value: 0, ltv: null };
    expect(policyChecks(wiped, policy).Ltv).toBe(false);
    expect(policyBreaches(wiped, { maxLtv: 0.75 })).toEqual([{ metric: 'Ltv', limit: 0.75, value: null }]);
  });

  it('counts a figure exactly at its limit as meeting it', () => {
    expect(policyChecks({ ...metrics, dscr: 1.25, debtYield: 9, ltv: 0.75, ltc: 0.8 }, policy)).toEqual({ Dscr: true, DebtYield: true, Ltv: true, Ltc: true });
  });
});

describe('policyNotTested', () => {
  const base: AnalysisMetrics = {
    noi: 0, value: 0, interestRate: 0.06, annualDebtService: 360_000, dscr: null, debtYield: null, ltv: null,
    loanAmount: 6_000_000, ltc: null, netCashFlow: -360_000, ltvBasis: null,
  };
  const bank = { maxLtv: 0.75, maxLtc: 0.8, minDscr: 1.25, minDebtYield: 9 };

  it('lists each limit in force a deal without income, valuation or cost is not measured on, with why', () => {
    expect(policyNotTested(base, bank)).toEqual([
      { metric: 'Dscr', limit: 1.25, reason: 'NoIncome' },
      { metric: 'Ltv', limit: 0.75, reason: 'NoValue' },
      { metric: 'DebtYield', limit: 9, reason: 'NoIncome' },
      { metric: 'Ltc', limit: 0.8, reason: 'NoTotalCost' },
    ]);
    expect(policyNotTested({ ...base, annualDebtService: 0, loanAmount: 0 }, bank).map((n) => n.reason)).toEqual(['NoDebtService', 'NoLoan', 'NoLoan', 'NoLoan']);
  });

  it('leaves out limits that are tested and limits not in force', () => {
    const measured = { ...base, noi: 570_000, dscr: 1.58, debtYield: 9.5, ltv: 0.63, value: 9_500_000, ltvBasis: 'Income' as const };
    expect(policyNotTested(measured, bank)).toEqual([{ metric: 'Ltc', limit: 0.8, reason: 'NoTotalCost' }]);
    expect(policyNotTested(measured, { minDscr: 1.25 })).toEqual([]);
  });
});
