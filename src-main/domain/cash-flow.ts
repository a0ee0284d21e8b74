import { ratio, sum } from './ratio';

export const CASH_FLOW_SECTIONS = [
  'revenue',
  'vacancyAndConcessions',
  'otherIncome',
  'operatingExpenses',
  'belowTheLineExpense',
] as const;
export type CashFlowSectionName = (typeof CASH_FLOW_SECTIONS)[number];

/** One line of the operating statement. Amounts are positive; the ladder knows which sections subtract. */
export interface CashFlowTransactionInput {
  section: CashFlowSectionName;
  group: string;
  description: string;
  comment: string;
  measureType: string;
  /** As entered, in the unit measureType names; passed through, not summed. */
  amount: number;
  /** The line's annual figure for years 1..n. */
  annualizedByYear: readonly number[];
}

export interface CashFlowInput {
  years: number;
  totalSf: number;
  totalUnits: number;
  transactions: readonly CashFlowTransactionInput[];
}

/**
 * Percentages of EGI here are decimals (0.12 = 12 % of effective gross income), like the
 * other ratios of the reads.
 */
export interface CashFlowTransaction {
  description: string;
  group: string;
  comment: string;
  measureType: string;
  amount: number;
  /** Year 1. */
  annualized: number;
  annualizedPerSf: number;
  annualizedPerUnit: number;
  annualizedPercentageEGI: number;
  annualizedByYear: number[];
}

export interface CashFlowGroup {
  group: string;
  /** Sum of the group's year-1 annualized figures (amounts may be in different measures). */
  totalAmount: number;
  totalPerSf: number;
  totalPerUnit: number;
  totalPercentageEGI: number;
  transactions: CashFlowTransaction[];
}

export interface CashFlowSection {
  /** Year 1. */
  total: number;
  totalByYear: number[];
  groupedTransactions: CashFlowGroup[];
}

export interface CashFlow {
  revenue: CashFlowSection;
  vacancyAndConcessions: CashFlowSection;
  otherIncome: CashFlowSection;
  operatingExpenses: CashFlowSection;
  belowTheLineExpense: CashFlowSection;
  effectiveIncome: number;
  effectiveIncomeByYear: number[];
  /** Operating expenses only: what NOI deducts. Below-the-line items are in belowTheLineExpense. */
  totalExpenses: number;
  totalExpensesByYear: number[];
  netOperatingIncome: number;
  netOperatingIncomeByYear: number[];
  netIncome: number;
  netIncomeByYear: number[];
  /** Operating expenses / EGI, a decimal. */
  expenseRatio: number;
}

/** A line's figures for exactly `years` years: missing years are 0, extra ones are dropped. */
function toYears(values: readonly number[], years: number): number[] {
  return Array.from({ length: years }, (_, y) => values[y] ?? 0);
}

function yearTotals(rows: readonly (readonly number[])[], years: number): number[] {
  return Array.from({ length: years }, (_, y) => sum(rows.map((row) => row[y] ?? 0)));
}

function buildSection(
  lines: readonly CashFlowTransactionInput[],
  years: number,
  totalSf: number,
  totalUnits: number,
  egi: number,
): CashFlowSection {
  const groups = new Map<string, CashFlowTransaction[]>();
  for (const line of lines) {
    const annualizedByYear = toYears(line.annualizedByYear, years);
    // Year 1 is the line's own first year even when the ladder is asked for 0 years.
    const annualized = line.annualizedByYear[0] ?? 0;
    const transaction: CashFlowTransaction = {
      description: line.description,
      group: line.group,
      comment: line.comment,
      measureType: line.measureType,
      amount: line.amount,
      annualized,
      annualizedPerSf: ratio(annualized, totalSf),
      annualizedPerUnit: ratio(annualized, totalUnits),
      annualizedPercentageEGI: ratio(annualized, egi),
      annualizedByYear,
    };
    const list = groups.get(line.group);
    if (list) list.push(transaction);
    else groups.set(line.group, [transaction]);
  }
  // Groups keep the order in which they first appear, as the statement was entered.
  const groupedTransactions = [...groups].map(([group, transactions]): CashFlowGroup => {
    const totalAmount = sum(transactions.map((t) => t.annualized));
    return {
      group,
      totalAmount,
      totalPerSf: ratio(totalAmount, totalSf),
      totalPerUnit: ratio(totalAmount, totalUnits),
      totalPercentageEGI: ratio(totalAmount, egi),
      transactions,
    };
  });
  return {
    total: sum(lines.map((line) => line.annualizedByYear[0] ?? 0)),
    // Summed in entry order, like total, so year 1 of totalByYear equals total exactly.
    totalByYear: yearTotals(
      lines.map((line) => line.annualizedByYear),
      years,
    ),
    groupedTransactions,
  };
}

/**
 * The cash-flow ladder, per year:
 *   revenue - vacancy and concessions + other income = effective gross income (EGI)
 *   EGI - operating expenses = NOI
 *   NOI - below-the-line = net income (net cash flow before debt service)
 */
export function cashFlow({ years, totalSf, totalUnits, transactions }: CashFlowInput): CashFlow {
  const n = Number.isFinite(years) ? Math.max(0, Math.trunc(years)) : 0;
  const of = (section: CashFlowSectionName) => transactions.filter((t) => t.section === section);
  const year1 = (section: CashFlowSectionName) => sum(of(section).map((t) => t.annualizedByYear[0] ?? 0));

  // EGI first: every line's % of EGI divides by it.
  const egi = year1('revenue') - year1('vacancyAndConcessions') + year1('otherIncome');
  const section = (name: CashFlowSectionName) => buildSection(of(name), n, totalSf, totalUnits, egi);

  const revenue = section('revenue');
  const vacancyAndConcessions = section('vacancyAndConcessions');
  const otherIncome = section('otherIncome');
  const operatingExpenses = section('operatingExpenses');
  const belowTheLineExpense = section('belowTheLineExpense');

  const perYear = (f: (y: number) => number) => Array.from({ length: n }, (_, y) => f(y));
  const effectiveIncomeByYear = perYear(
    (y) => revenue.totalByYear[y]! - vacancyAndConcessions.totalByYear[y]! + otherIncome.totalByYear[y]!,
  );
  const netOperatingIncomeByYear = perYear((y) => effectiveIncomeByYear[y]! - operatingExpenses.totalByYear[y]!);
  const netIncomeByYear = perYear((y) => netOperatingIncomeByYear[y]! - belowTheLineExpense.totalByYear[y]!);

  const netOperatingIncome = egi - operatingExpenses.total;
  return {
    revenue,
    vacancyAndConcessions,
    otherIncome,
    operatingExpenses,
    belowTheLineExpense,
    effectiveIncome: egi,
    effectiveIncomeByYear,
    totalExpenses: operatingExpenses.total,
    totalExpensesByYear: [...operatingExpenses.totalByYear],
    netOperatingIncome,
    netOperatingIncomeByYear,
    netIncome: netOperatingIncome - belowTheLineExpense.total,
    netIncomeByYear,
    expenseRatio: ratio(operatingExpenses.total, egi),
  };
}
