import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { debtServiceOnTerms } from '../../../src-main/domain/debt-service';
import { sizeLoan, type LoanSizing, type SizingInput } from '../../../src-main/domain/sizing';
import type { CreditPolicy } from '../../../src-main/domain/credit-policy';
import { expectClose } from './arbitraries';

function sized(input: SizingInput, policy: CreditPolicy): LoanSizing {
  const result = sizeLoan(input, policy);
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  return result.value;
}

function errorOf(input: SizingInput, policy: CreditPolicy) {
  const result = sizeLoan(input, policy);
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

describe('sizeLoan against published worked examples', () => {
  it('binds on LTV at $15.0M for a $20M apartment with $1.6M NOI (Revitalize REI, "CMBS Loan Sizing and Cash Flow Analysis")', () => {
    // Source: revitalizerei.com curriculum, Capital Markets and Institutional Real Estate,
    // "CMBS Loan Sizing and Cash Flow Analysis", Loan Sizing Worked Example: 120-unit apartment,
    // value $20M, NOI $1.6M, 6.0 % / 30-year amortization, 75 % max LTV, 1.25x min DSCR,
    // 9 % min debt yield -> LTV $15.0M, debt yield $17.78M, DSCR $17.78M (the lesson rounds the
    // constant to 7.20 %; the exact 12 x PMT is 7.1946 %, giving $17.79M), LTV binds at $15.0M,
    // DSCR at $15M 1.48x, debt yield 10.67 %.
    const s = sized(
      { noi: 1_600_000, value: 20_000_000, interestRate: 0.06, amortizationMonths: 360 },
      { maxLtv: 0.75, minDscr: 1.25, minDebtYield: 9 },
    );
    expect(s.bindingConstraint).toBe('Ltv');
    expect(s.maxLoan).toBe(15_000_000);
    expect(s.constraints.map((c) => c.name)).toEqual(['Ltv', 'Dscr', 'DebtYield']);
    expect(s.constraints[2]!.maxLoan / 1e6).toBeCloseTo(17.78, 2);
    expect(s.debtConstant).toBeCloseTo(0.072, 3);
    expect(1_280_000 / s.constraints[1]!.maxLoan).toBeCloseTo(s.debtConstant, 15);
    expect(s.constraints[1]!.maxLoan / 1e6).toBeCloseTo(17.79, 2);
    expect(s.atMaxLoan.ltv).toBe(0.75);
    expect(s.atMaxLoan.dscr).toBeCloseTo(1.48, 2);
    expect(s.atMaxLoan.debtYield).toBeCloseTo(10.67, 2);
    expect(s.atMaxLoan.ltc).toBeNull();
  });

  it('binds on DSCR at $5,505,737 for $522,000 NOI at 6.5 % / 30 years (Calvin Phan, "Determining the Maximum Loan Amount in CRE")', () => {
    // Source: calvinphan.com/education, "Determining the Maximum Loan Amount in CRE", 15 Jan 2025:
    // value $10,440,000, NOI $522,000, 6.50 % on a 30-year amortization, 60 % LTV, 1.25x DSCR,
    // 9.00 % debt yield -> max loan $5,505,737 constrained by DSCR; $34,800 a month, $417,600 a
    // year, DSCR 1.25x, debt yield 9.48 %, LTV 53 %.
    const s = sized(
      { noi: 522_000, value: 10_440_000, interestRate: 0.065, amortizationMonths: 360 },
      { maxLtv: 0.6, minDscr: 1.25, minDebtYield: 9 },
    );
    expect(s.bindingConstraint).toBe('Dscr');
    expect(Math.round(s.maxLoan)).toBe(5_505_737);
    expect(s.atMaxLoan.annualDebtService).toBeCloseTo(417_600, 6);
    expect(s.atMaxLoan.annualDebtService / 12).toBeCloseTo(34_800, 6);
    expect(s.atMaxLoan.dscr).toBeCloseTo(1.25, 12);
    expect(s.atMaxLoan.debtYield).toBeCloseTo(9.48, 2);
    expect(s.atMaxLoan.ltv).toBeCloseTo(0.53, 2);
    expect(s.constraints.find((c) => c.name === 'Ltv')!.maxLoan).toBeCloseTo(6_264_000, 6);
    expect(s.constraints.find((c) => c.name === 'DebtYield')!.maxLoan).toBeCloseTo(5_800_000, 6);
  });

  it('binds on debt yield at $625,000 against 70 % LTC on $1,000,000 with $50,000 NOI (LightBox CashFlow docs, "Loan Sizing")', () => {
    // Source: lightbox.document360.io, Valuation > Loan Sizing: a 70 % loan-to-cost limit on
    // $1,000,000 gives $700,000, an 8 % debt yield on $50,000 NOI gives $625,000; the lower,
    // $625,000, is the loan.
    const s = sized({ noi: 50_000, totalCost: 1_000_000, interestRate: 0.06 }, { maxLtc: 0.7, minDebtYield: 8 });
    expect(s.constraints).toEqual([
      { name: 'Ltc', limit: 0.7, maxLoan: 700_000 },
      { name: 'DebtYield', limit: 8, maxLoan: 625_000 },
    ]);
    expect(s.bindingConstraint).toBe('DebtYield');
    expect(s.maxLoan).toBe(625_000);
    expect(s.atMaxLoan.ltc).toBe(0.625);
    expect(s.atMaxLoan.debtYield).toBe(8);
    expect(s.atMaxLoan.ltv).toBeNull();
  });
});

describe('sizeLoan conventions', () => {
  it('sizes an interest-only loan (no amortization, or 0 months) on the note rate under the day count', () => {
    // K = 6 % -> DSCR loan = 600,000 / (1.25 x 0.06) = 8,000,000.
    const io = sized({ noi: 600_000, interestRate: 0.06 }, { minDscr: 1.25 });
    expect(io.debtConstant).toBe(0.06);
    expect(io.maxLoan).toBeCloseTo(8_000_000, 6);
    expect(sized({ noi: 600_000, interestRate: 0.06, amortizationMonths: 0 }, { minDscr: 1.25 }).maxLoan).toBe(io.maxLoan);
    // Actual/360 charges 365/360 of the rate: 8,000,000 x 360/365.
    const a360 = sized({ noi: 600_000, interestRate: 0.06, dayCount: 'Actual/360' }, { minDscr: 1.25 });
    expect(a360.maxLoan).toBeCloseTo((8_000_000 * 360) / 365, 6);
  });

  it('covers the DSCR income instead of the NOI when one is given (the NetCashFlow setting)', () => {
    const s = sized({ noi: 600_000, dscrIncome: 540_000, interestRate: 0.06 }, { minDscr: 1.25, minDebtYield: 5 });
    expect(s.constraints[0]!.maxLoan).toBeCloseTo(7_200_000, 6);
    expect(s.atMaxLoan.dscr).toBeCloseTo(1.25, 12);
    expect(s.atMaxLoan.debtYield).toBeCloseTo((600_000 / 7_200_000) * 100, 12);
  });

  it('takes the first constraint in the order Ltv, Ltc, Dscr, DebtYield on a tie', () => {
    const s = sized({ noi: 90_000, value: 1_000_000, totalCost: 1_000_000, interestRate: 0.05 }, { maxLtv: 0.9, maxLtc: 0.9, minDebtYield: 10 });
    expect(s.constraints.map((c) => c.maxLoan)).toEqual([900_000, 900_000, 900_000]);
    expect(s.bindingConstraint).toBe('Ltv');
  });
});

describe('sizeLoan errors, as values naming the field', () => {
  const inputs: SizingInput = { noi: 1_000_000, value: 15_000_000, totalCost: 14_000_000, interestRate: 0.06, amortizationMonths: 360 };

  it('asks for a policy when no constraint is in force', () => {
    expect(errorOf(inputs, {})).toEqual({ field: 'policy', message: expect.stringContaining('no constraint in force') });
  });

  it('refuses an NOI of 0 or less, or none', () => {
    expect(errorOf({ ...inputs, noi: 0 }, { maxLtv: 0.75 })).toEqual({ field: 'noi', message: 'noi must be greater than 0' });
    expect(errorOf({ ...inputs, noi: -5 }, { maxLtv: 0.75 }).field).toBe('noi');
    expect(errorOf({ ...inputs, noi: undefined }, { maxLtv: 0.75 })).toEqual({ field: 'noi', message: 'noi is required' });
  });

  it('names the input a constraint in force needs', () => {
    expect(errorOf({ ...inputs, value: undefined }, { maxLtv: 0.75 })).toEqual({ field: 'value', message: 'value is required' });
    expect(errorOf({ ...inputs, value: 0 }, { maxLtv: 0.75 }).field).toBe('value');
    expect(errorOf({ ...inputs, totalCost: undefined }, { maxLtc: 0.8 }).field).toBe('totalCost');
    expect(errorOf({ ...inputs, interestRate: undefined }, { minDebtYield: 9 }).field).toBe('interestRate');
    // Not needed, not asked for.
    expect(sizeLoan({ ...inputs, value: undefined, totalCost: undefined }, { minDscr: 1.25 }).ok).toBe(true);
  });

  it('refuses negative, non-finite and non-positive figures', () => {
    expect(errorOf({ ...inputs, interestRate: -0.01 }, { minDscr: 1.25 })).toEqual({ field: 'interestRate', message: 'interestRate must be 0 or more' });
    expect(errorOf({ ...inputs, amortizationMonths: -12 }, { minDscr: 1.25 }).field).toBe('amortizationMonths');
    expect(errorOf({ ...inputs, noi: Number.NaN }, { minDscr: 1.25 })).toEqual({ field: 'noi', message: 'noi must be a finite number' });
    expect(errorOf({ ...inputs, value: Number.POSITIVE_INFINITY }, { maxLtv: 0.75 }).field).toBe('value');
    expect(errorOf({ ...inputs, dscrIncome: 0 }, { minDscr: 1.25 }).field).toBe('dscrIncome');
    expect(errorOf(inputs, { maxLtv: 0 })).toEqual({ field: 'maxLtv', message: 'maxLtv must be greater than 0' });
    expect(errorOf(inputs, { minDscr: Number.NaN }).field).toBe('minDscr');
  });

  it('refuses to size on DSCR an interest-only loan at a zero rate, which has no debt service', () => {
    expect(errorOf({ noi: 1_000_000, interestRate: 0 }, { minDscr: 1.25 }).field).toBe('interestRate');
    // An amortizing loan at 0 % still repays principal: K = 12 / n.
    expect(sized({ noi: 1_000_000, interestRate: 0, amortizationMonths: 300 }, { minDscr: 1.25 }).debtConstant).toBeCloseTo(12 / 300, 15);
  });
});

const policyArb = fc
  .record(
    {
      maxLtv: fc.double({ min: 0.3, max: 0.95, noNaN: true }),
      maxLtc: fc.double({ min: 0.3, max: 0.95, noNaN: true }),
      minDscr: fc.double({ min: 1, max: 2, noNaN: true }),
      minDebtYield: fc.double({ min: 5, max: 15, noNaN: true }),
    },
    { requiredKeys: [] },
  )
  .filter((p) => Object.keys(p).length > 0);

const inputArb = fc.record({
  noi: fc.double({ min: 1_000, max: 1e9, noNaN: true }),
  value: fc.double({ min: 1_000, max: 1e10, noNaN: true }),
  totalCost: fc.double({ min: 1_000, max: 1e10, noNaN: true }),
  interestRate: fc.double({ min: 0.001, max: 0.2, noNaN: true }),
  amortizationMonths: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 480 })),
  dayCount: fc.constantFrom('30/360' as const, 'Actual/360' as const, 'Actual/365' as const),
});

type InputOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** Each constraint's metric at a loan, computed from the definitions (not through sizeLoan). */
function metricsAt(loan: number, input: InputOf<typeof inputArb>) {
  const ds = debtServiceOnTerms(loan, { annualRate: input.interestRate, amortizationMonths: input.amortizationMonths, dayCount: input.dayCount });
  return { Ltv: loan / input.value, Ltc: loan / input.totalCost, Dscr: input.noi / ds, DebtYield: (input.noi / loan) * 100 };
}

const TOLERANCE = 1e-12;

describe('sizeLoan properties', () => {
  it('the sized loan meets every constraint in force', () => {
    fc.assert(
      fc.property(inputArb, policyArb, (input, policy) => {
        const s = sized(input, policy);
        const m = metricsAt(s.maxLoan, input);
        if (policy.maxLtv !== undefined) expect(m.Ltv).toBeLessThanOrEqual(policy.maxLtv * (1 + TOLERANCE));
        if (policy.maxLtc !== undefined) expect(m.Ltc).toBeLessThanOrEqual(policy.maxLtc * (1 + TOLERANCE));
        if (policy.minDscr !== undefined) expect(m.Dscr).toBeGreaterThanOrEqual(policy.minDscr * (1 - TOLERANCE));
        if (policy.minDebtYield !== undefined) expect(m.DebtYield).toBeGreaterThanOrEqual(policy.minDebtYield * (1 - TOLERANCE));
      }),
    );
  });

  it('a loan 0.1 % larger breaks the binding constraint', () => {
    fc.assert(
      fc.property(inputArb, policyArb, (input, policy) => {
        const s = sized(input, policy);
        const m = metricsAt(s.maxLoan * 1.001, input);
        const broken = {
          Ltv: () => m.Ltv > policy.maxLtv!,
          Ltc: () => m.Ltc > policy.maxLtc!,
          Dscr: () => m.Dscr < policy.minDscr!,
          DebtYield: () => m.DebtYield < policy.minDebtYield!,
        }[s.bindingConstraint];
        expect(broken()).toBe(true);
      }),
    );
  });

  it('gives each constraint the loan at which its own metric equals its limit, and binds on the smallest', () => {
    fc.assert(
      fc.property(inputArb, policyArb, (input, policy) => {
        const s = sized(input, policy);
        for (const c of s.constraints) expectClose(metricsAt(c.maxLoan, input)[c.name], c.limit, 1e-12);
        expect(s.maxLoan).toBe(Math.min(...s.constraints.map((c) => c.maxLoan)));
        expect(s.constraints.find((c) => c.name === s.bindingConstraint)!.maxLoan).toBe(s.maxLoan);
      }),
    );
  });
});

// The Bank balance sheet profile, as shipped: 75 % LTV, 80 % LTC, 1.25x, 9 %.
const BANK: CreditPolicy = { maxLtv: 0.75, maxLtc: 0.8, minDscr: 1.25, minDebtYield: 9 };

describe('sizeLoan on refinance deals, which have no project total cost (hand-worked, docs/analysis.md)', () => {
  it('sizes a refinance on LTV at $9,000,000 with LTC listed as not applicable ($12M value, $900,000 NOI, 6 % interest-only)', () => {
    const s = sized({ noi: 900_000, value: 12_000_000, interestRate: 0.06, amortizationMonths: 0 }, BANK);
    // LTV 0.75 x 12,000,000 = 9,000,000; DSCR 900,000 / (1.25 x 0.06) = 12,000,000; debt yield 900,000 / 0.09 = 10,000,000.
    expect(s.constraints.map((c) => c.name)).toEqual(['Ltv', 'Dscr', 'DebtYield']);
    expect(s.constraints[0]!.maxLoan).toBeCloseTo(9_000_000, 6);
    expect(s.constraints[1]!.maxLoan).toBeCloseTo(12_000_000, 6);
    expect(s.constraints[2]!.maxLoan).toBeCloseTo(10_000_000, 6);
    expect(s.notApplicable).toEqual([{ name: 'Ltc', limit: 0.8, reason: 'NoTotalCost' }]);
    expect(s.bindingConstraint).toBe('Ltv');
    expect(s.maxLoan).toBeCloseTo(9_000_000, 6);
    // At $9,000,000: debt service 540,000, DSCR 1.6667x, debt yield 10 %, LTV 75 %, no LTC.
    expect(s.atMaxLoan.annualDebtService).toBeCloseTo(540_000, 6);
    expect(s.atMaxLoan.dscr).toBeCloseTo(900_000 / 540_000, 12);
    expect(s.atMaxLoan.debtYield).toBeCloseTo(10, 12);
    expect(s.atMaxLoan.ltv).toBeCloseTo(0.75, 12);
    expect(s.atMaxLoan.ltc).toBeNull();
  });

  it('sizes a refinance on DSCR at $6,400,000 ($12M value, $600,000 NOI, 7.5 % interest-only)', () => {
    const s = sized({ noi: 600_000, value: 12_000_000, interestRate: 0.075 }, BANK);
    // LTV 9,000,000; DSCR 600,000 / (1.25 x 0.075) = 600,000 / 0.09375 = 6,400,000; debt yield 600,000 / 0.09 = 6,666,666.67.
    expect(s.bindingConstraint).toBe('Dscr');
    expect(s.maxLoan).toBeCloseTo(6_400_000, 6);
    expect(s.constraints.find((c) => c.name === 'DebtYield')!.maxLoan).toBeCloseTo(6_666_666.666_667, 4);
    expect(s.atMaxLoan.annualDebtService).toBeCloseTo(480_000, 6);
    expect(s.atMaxLoan.dscr).toBeCloseTo(1.25, 12);
    expect(s.atMaxLoan.debtYield).toBeCloseTo(9.375, 12);
    expect(s.atMaxLoan.ltv).toBeCloseTo(6_400_000 / 12_000_000, 12);
  });

  it('sizes a deal with neither a value nor a cost on DSCR and debt yield, listing LTV and LTC as not applicable', () => {
    // $800,000 NOI at 8 % interest-only: DSCR 800,000 / 0.1 = 8,000,000; debt yield 800,000 / 0.09 = 8,888,888.89.
    const s = sized({ noi: 800_000, interestRate: 0.08 }, BANK);
    expect(s.notApplicable).toEqual([
      { name: 'Ltv', limit: 0.75, reason: 'NoValue' },
      { name: 'Ltc', limit: 0.8, reason: 'NoTotalCost' },
    ]);
    expect(s.bindingConstraint).toBe('Dscr');
    expect(s.maxLoan).toBeCloseTo(8_000_000, 6);
    expect(s.atMaxLoan.ltv).toBeNull();
    // A value of 0 is no value either.
    expect(sized({ noi: 800_000, interestRate: 0.08, value: 0 }, BANK).notApplicable[0]).toEqual({ name: 'Ltv', limit: 0.75, reason: 'NoValue' });
  });

  it('refuses only when no constraint in force applies, naming the missing figure', () => {
    expect(errorOf({ noi: 800_000, interestRate: 0.08 }, { maxLtv: 0.75, maxLtc: 0.8 })).toEqual({ field: 'value', message: 'value is required' });
    expect(errorOf({ noi: 800_000, interestRate: 0.08, value: 1e7 }, { maxLtc: 0.8 }).field).toBe('totalCost');
    expect(sized({ noi: 800_000, interestRate: 0.08, value: 1e7 }, { maxLtv: 0.75, maxLtc: 0.8 }).bindingConstraint).toBe('Ltv');
  });
});
