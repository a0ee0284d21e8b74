import type { MemoAnalysis, MemoHistoryEntry, MemoMetrics } from '../../../../src-main/reports';

/**
 * An analysis as issue 14's sizeLoan and stressDeal would answer it for a deal with $1.5M NOI,
 * a $24M value and a $15M 7 % P&I loan: synthetic, but each figure follows from the others
 * (the breaches are the stressed metrics beyond the policy's limits).
 */
export function sampleAnalysis(): MemoAnalysis {
  const noi = 1_500_000;
  const value = 24_000_000;
  const debtConstant = 0.0798; // 12 x PMT(7 %/12, 360, -1)
  const loan = 15_000_000;
  const metrics = (n: number, v: number, rate: number, k: number): MemoMetrics => ({
    noi: n,
    value: v,
    interestRate: rate,
    annualDebtService: loan * k,
    dscr: n / (loan * k),
    debtYield: (n / loan) * 100,
    ltv: loan / v,
  });
  const base = metrics(noi, value, 0.07, debtConstant);
  const policy = { name: 'Bank balance sheet', maxLtv: 0.75, maxLtc: 0.8, minDscr: 1.25, minDebtYield: 9 };
  return {
    policy,
    sizing: {
      maxLoan: noi / (1.25 * debtConstant),
      bindingConstraint: 'Dscr',
      constraints: [
        { name: 'Ltv', limit: 0.75, maxLoan: 0.75 * value },
        { name: 'Dscr', limit: 1.25, maxLoan: noi / (1.25 * debtConstant) },
        { name: 'DebtYield', limit: 9, maxLoan: noi / 0.09 },
      ],
      debtConstant,
      atMaxLoan: { ltv: noi / (1.25 * debtConstant) / value, ltc: null, dscr: 1.25, debtYield: (noi / (noi / (1.25 * debtConstant))) * 100, annualDebtService: noi / 1.25 },
    },
    breakpoints: { noiDecline: 1 - (1.25 * loan * debtConstant) / noi, rateIncreaseBps: 212, valueDecline: 1 - loan / 0.75 / value, breakEvenNoi: loan * debtConstant },
    scenarios: [
      { name: 'Mild', valueChange: -0.1, vacancyChange: 0.03, rentChange: -0.05, rateChangeBps: 100, stressed: metrics(1_350_000, 21_100_000, 0.08, 0.0881) },
      { name: 'Moderate', valueChange: -0.2, vacancyChange: 0.07, rentChange: -0.1, rateChangeBps: 200, stressed: metrics(1_170_000, 18_300_000, 0.09, 0.0966) },
      { name: 'Severe', valueChange: -0.3, vacancyChange: 0.12, rentChange: -0.15, rateChangeBps: 300, stressed: metrics(990_000, 15_500_000, 0.1, 0.1053) },
    ].map(({ stressed, ...scenario }) => ({
      scenario,
      source: `Supervisory practice: ${scenario.name.toLowerCase()}`,
      base,
      stressed,
      breaches: [
        ...(stressed.dscr! < policy.minDscr ? [{ metric: 'dscr', limit: policy.minDscr, value: stressed.dscr! }] : []),
        ...(stressed.ltv! > policy.maxLtv ? [{ metric: 'ltv', limit: policy.maxLtv, value: stressed.ltv! }] : []),
        ...(stressed.debtYield! < policy.minDebtYield ? [{ metric: 'debtYield', limit: policy.minDebtYield, value: stressed.debtYield! }] : []),
      ],
    })),
  };
}

/** `count` recorded changes, one a minute from 2026-11-01 09:00 UTC, cycling through sources and fields. */
export function sampleHistory(count: number): MemoHistoryEntry[] {
  const start = Date.parse('2026-11-01T09:00:00Z');
  const changes: Pick<MemoHistoryEntry, 'field' | 'oldValue' | 'newValue'>[] = [
    { field: 'GrossLoan', oldValue: 20_000_000, newValue: 20_150_000 },
    { field: 'RateSpread', oldValue: 0.03, newValue: 0.033 },
    { field: 'LoanTerm', oldValue: 60, newValue: 36 },
    { field: 'ClosingDate', oldValue: null, newValue: '2027-03-04' },
    { field: 'LoanPaymentStructure', oldValue: 'InterestOnly', newValue: 'P_I_Amortization' },
  ];
  const sources = ['UI edit', 'Bulk edit', 'Sync pull', 'Undo'];
  return Array.from({ length: count }, (_, i) => ({
    at: new Date(start + i * 60_000).toISOString(),
    who: i % 4 === 2 ? 'platform' : 'dana.lee@demo-lender.com',
    how: sources[i % 4]!,
    ...changes[i % changes.length]!,
  }));
}
