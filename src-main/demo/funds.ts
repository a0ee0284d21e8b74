// The deal's sources and uses: a budget drawn for its loan type, the senior loan, any
// mezzanine or preferred equity, and the sponsor's equity (sometimes short: a funding gap).

import type { LoanPaymentStructure } from '../domain';
import type { DemoContext, DemoLoanType } from './book';
import { Rng, roundTo } from './random';

interface FundsInput {
  loanType: DemoLoanType;
  construction: boolean;
  value: number;
  loan: number;
  interestRate: number;
  loanTerm: number;
  loanPaymentStructure: LoanPaymentStructure;
  amortizationTerm: number;
  /** leave a funding gap the underwriter has to see */
  unbalanced: boolean;
  mezzanine: boolean;
}

interface FundSourceDraft {
  name: string;
  amount: number;
  isLoan: boolean;
  structure: LoanPaymentStructure;
  amortization: number;
  rate: number;
}

export interface FundsResult {
  sources: FundSourceDraft[];
  uses: [string, number][];
  totalUses: number;
  /** the deal buys the property */
  purchase: boolean;
}

function buildFunds(rng: Rng, f: FundsInput): FundsResult {
  const uses: [string, number][] = [];
  const round = (x: number, step = 100) => Math.max(0, roundTo(x, step));
  const fee = Math.round(f.loan * roundTo(rng.float(0.005, 0.01), 0.0025));
  // Interest carried during construction: about half the commitment drawn on average.
  const interestReserve = round(f.loan * f.interestRate * (Math.min(f.loanTerm, 30) / 12) * rng.float(0.4, 0.55), 1_000);
  let purchase = false;
  switch (f.loanType) {
    case 'Construction': {
      const basis = f.value * rng.float(0.74, 0.86);
      const land = round(basis * rng.float(0.15, 0.22), 10_000);
      const hard = round(basis * rng.float(0.6, 0.66), 1_000);
      const soft = round(basis - land - hard, 1_000);
      uses.push(['Land Acquisition', land], ['Hard Costs', hard], ['Soft Costs', soft], ['Hard Cost Contingency', round(hard * 0.05, 1_000)]);
      uses.push(['Interest Reserve', interestReserve]);
      purchase = true;
      break;
    }
    case 'Acquisition_Construction': {
      const price = round(f.value * rng.float(0.58, 0.7), 50_000);
      const renovation = round(f.value * rng.float(0.12, 0.2), 1_000);
      uses.push(['Purchase Price', price], ['Renovation Budget', renovation], ['Renovation Contingency', round(renovation * rng.float(0.05, 0.1), 1_000)]);
      uses.push(['Closing Costs', round(price * rng.float(0.015, 0.025))], ['Interest Reserve', interestReserve]);
      purchase = true;
      break;
    }
    case 'Refinance_Construction': {
      const renovation = round(f.value * rng.float(0.15, 0.25), 1_000);
      uses.push(['Existing Loan Payoff', round(f.value * rng.float(0.38, 0.5), 1_000)], ['Renovation Budget', renovation]);
      uses.push(['Renovation Contingency', round(renovation * 0.05, 1_000)], ['Closing Costs', round(f.loan * rng.float(0.01, 0.02))], ['Interest Reserve', interestReserve]);
      break;
    }
    case 'Acquisition':
    case 'Unknown': {
      const price = round(f.value * rng.float(0.95, 1.03), 50_000);
      uses.push(['Purchase Price', price], ['Closing Costs', round(price * rng.float(0.015, 0.03))]);
      if (rng.chance(0.5)) uses.push(['Capital Improvements', round(price * rng.float(0.01, 0.06), 1_000)]);
      purchase = true;
      break;
    }
    case 'Bridge': {
      if (rng.chance(0.5)) {
        const price = round(f.value * rng.float(0.85, 0.97), 50_000);
        uses.push(['Purchase Price', price], ['Closing Costs', round(price * rng.float(0.015, 0.025))]);
        purchase = true;
      } else {
        uses.push(['Existing Loan Payoff', round(f.loan * rng.float(0.7, 0.9), 1_000)], ['Closing Costs', round(f.loan * rng.float(0.01, 0.02))]);
      }
      uses.push(['Capital Improvements', round(f.value * rng.float(0.03, 0.1), 1_000)], ['Interest Reserve', round(interestReserve * 0.5, 1_000)]);
      break;
    }
    default: {
      // Refinance, Permanent, Stabilization: pay off the existing debt.
      uses.push(['Existing Loan Payoff', round(f.loan * rng.float(0.7, 1.02), 1_000)], ['Closing Costs', round(f.loan * rng.float(0.008, 0.015))]);
      if (rng.chance(0.4)) uses.push(['Replacement Reserve Deposit', round(f.loan * rng.float(0.002, 0.008), 1_000)]);
      if (f.loanType === 'Stabilization') uses.push(['Leasing Reserve', round(f.value * rng.float(0.01, 0.03), 1_000)]);
    }
  }
  uses.push(['Origination Fee', fee]);

  const sources: FundSourceDraft[] = [];
  const seniorName = f.construction ? 'Senior Construction Loan' : f.loanType === 'Bridge' ? 'Senior Bridge Loan' : 'Senior Loan';
  sources.push({ name: seniorName, amount: f.loan, isLoan: true, structure: f.loanPaymentStructure, amortization: f.amortizationTerm, rate: f.interestRate });
  let usesTotal = uses.reduce((s, [, a]) => s + a, 0);
  if (f.mezzanine) {
    const mezz = round(usesTotal * rng.float(0.08, 0.12), 50_000);
    if (mezz > 0 && f.loan + mezz < usesTotal * 0.9) {
      sources.push({ name: 'Mezzanine Loan', amount: mezz, isLoan: true, structure: 'InterestOnly', amortization: 0, rate: roundTo(f.interestRate + rng.float(0.045, 0.07), 0.0025) });
    }
  }
  if (f.construction && rng.chance(0.15)) {
    const pref = round(usesTotal * rng.float(0.06, 0.1), 50_000);
    if (sources.reduce((s, x) => s + x.amount, 0) + pref < usesTotal * 0.92) {
      sources.push({ name: 'Preferred Equity', amount: pref, isLoan: false, structure: 'InterestOnly', amortization: 0, rate: 0 });
    }
  }
  const funded = sources.reduce((s, x) => s + x.amount, 0);
  if (funded > usesTotal) {
    // A cash-out refinance: the proceeds beyond the payoff and costs go to the borrower.
    uses.push(['Cash Out to Borrower', funded - usesTotal]);
    usesTotal = funded;
  } else if (usesTotal > funded) {
    let equity = usesTotal - funded;
    if (f.unbalanced) {
      // A funding gap: the budget grew and the equity commitment was not updated.
      equity = Math.max(1_000, equity - roundTo(usesTotal * rng.float(0.002, 0.015), 1_000));
    }
    sources.push({ name: 'Sponsor Equity', amount: equity, isLoan: false, structure: 'InterestOnly', amortization: 0, rate: 0 });
  }

  return { sources, uses, totalUses: usesTotal, purchase };
}

/** What the sources and uses are drawn from (the loan amount aside: it may follow the budget). */
export interface FundsTerms {
  loanType: DemoLoanType;
  construction: boolean;
  rejected: boolean;
  value: number;
  interestRate: number;
  loanTerm: number;
  loanPaymentStructure: LoanPaymentStructure;
  amortizationTerm: number;
}

export interface DealFunds {
  funds: FundsResult;
  /** the loan amount, capped at a share of a construction budget */
  originalLoan: number;
  fundsId: string;
}

/** The loan as rounded when sized: to $50,000 from $10 million, else to $25,000. */
export function roundLoan(x: number): number {
  return roundTo(x, x >= 10_000_000 ? 50_000 : 25_000);
}

/**
 * Sources and uses. A construction lender also caps the loan at a share of the project cost
 * (LTC); the budget's interest reserve and fee follow the loan, hence the second pass, drawn
 * from the same stream so the rest of the budget stays put.
 */
export function drawFunds(ctx: DemoContext, rng: Rng, terms: FundsTerms, sizedLoan: number): DealFunds {
  const { ids } = ctx;
  const { loanType, construction, rejected, value, interestRate, loanTerm, loanPaymentStructure, amortizationTerm } = terms;
  let originalLoan = sizedLoan;
  const fundsSeed = rng.uint32();
  const fundsInput = {
    loanType,
    construction,
    value,
    interestRate,
    loanTerm,
    loanPaymentStructure,
    amortizationTerm,
    unbalanced: rng.chance(0.06),
    mezzanine: !construction && !rejected && originalLoan / value < 0.65 && rng.chance(0.12),
  };
  let funds = buildFunds(new Rng(fundsSeed, 'funds'), { ...fundsInput, loan: originalLoan });
  if (construction) {
    const ltcCap = rng.float(0.6, 0.72);
    for (let pass = 0; pass < 3 && originalLoan > ltcCap * funds.totalUses; pass++) {
      originalLoan = Math.max(1_500_000, roundLoan(ltcCap * funds.totalUses));
      funds = buildFunds(new Rng(fundsSeed, 'funds'), { ...fundsInput, loan: originalLoan });
    }
  }
  const fundsId = ids.next();
  return { funds, originalLoan, fundsId };
}

/** The funds analysis of a deal with its sources and uses, as rows. */
export function addFundRows(ctx: DemoContext, dealId: string, { funds, fundsId }: DealFunds): void {
  const { ids, out } = ctx;
  out.fundsAnalyses.push({ id: fundsId, dealId, balanceName: 'Balance' });
  funds.sources.forEach((x, position) =>
    out.fundSources.push({
      id: ids.next(),
      fundsId,
      position,
      sourcesOfFunds: x.name,
      amount: x.amount,
      isLoan: x.isLoan,
      loanPaymentStructure: x.structure,
      amortizationTerm: x.amortization,
      interestRate: roundTo(x.rate, 0.00001),
      isDefault: position === 0,
    }),
  );
  funds.uses.forEach(([name, amount], position) =>
    out.fundUses.push({ id: ids.next(), fundsId, position, usesOfFunds: name, amount, isDefault: position === 0 }),
  );
}
