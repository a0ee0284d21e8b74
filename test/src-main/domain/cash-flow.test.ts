import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  cashFlow,
  CASH_FLOW_SECTIONS,
  type CashFlowInput,
  type CashFlowSectionName,
  type CashFlowTransactionInput,
} from '../../../src-main/domain/cash-flow';
import { expectAllFinite, expectClose, money, positiveMoney } from './arbitraries';

function line(section: CashFlowSectionName, group: string, description: string, byYear: number[]): CashFlowTransactionInput {
  return { section, group, description, comment: '', measureType: 'Unspecified', amount: byYear[0] ?? 0, annualizedByYear: byYear };
}

// A reconstructed operating statement worked by hand in the textbook order
// (Appraisal Institute, The Appraisal of Real Estate: PGI - V&C + other income = EGI; EGI - OE = NOI),
// 100,000 SF, 100 units, rents and costs growing 3 % a year.
const statement: CashFlowInput = {
  years: 3,
  totalSf: 100_000,
  totalUnits: 100,
  transactions: [
    line('revenue', 'Rent', 'Base rent', [1_000_000, 1_030_000, 1_060_900]),
    line('vacancyAndConcessions', 'Vacancy', 'General vacancy', [50_000, 51_500, 53_045]),
    line('otherIncome', 'Parking', 'Parking', [20_000, 20_600, 21_218]),
    line('operatingExpenses', 'Fixed', 'Real estate taxes', [150_000, 154_500, 159_135]),
    line('operatingExpenses', 'Variable', 'Repairs and maintenance', [200_000, 206_000, 212_180]),
    line('operatingExpenses', 'Fixed', 'Insurance', [50_000, 51_500, 53_045]),
    line('belowTheLineExpense', 'Reserves', 'Replacement reserves', [30_000, 30_900, 31_827]),
  ],
};

describe('cashFlow', () => {
  it('climbs the ladder from revenue to net income as worked by hand', () => {
    const cf = cashFlow(statement);
    // 1,000,000 - 50,000 + 20,000 = 970,000 EGI; - 400,000 opex = 570,000 NOI; - 30,000 = 540,000.
    expect(cf.effectiveIncome).toBe(970_000);
    expect(cf.totalExpenses).toBe(400_000);
    expect(cf.netOperatingIncome).toBe(570_000);
    expect(cf.netIncome).toBe(540_000);
    // Year 2: 1,030,000 - 51,500 + 20,600 = 999,100; - 412,000 = 587,100; - 30,900 = 556,200.
    expect(cf.effectiveIncomeByYear[1]).toBeCloseTo(999_100, 6);
    expect(cf.totalExpensesByYear[1]).toBeCloseTo(412_000, 6);
    expect(cf.netOperatingIncomeByYear[1]).toBeCloseTo(587_100, 6);
    expect(cf.netIncomeByYear[1]).toBeCloseTo(556_200, 6);
  });

  it('gives the expense ratio as operating expenses over EGI, a decimal: 400,000 / 970,000 = 0.41237', () => {
    expect(cashFlow(statement).expenseRatio).toBeCloseTo(0.41237, 5);
  });

  it('groups lines by group in order of first appearance and totals each group for year 1', () => {
    const opex = cashFlow(statement).operatingExpenses;
    expect(opex.groupedTransactions.map((g) => g.group)).toEqual(['Fixed', 'Variable']);
    const fixed = opex.groupedTransactions[0]!;
    expect(fixed.transactions.map((t) => t.description)).toEqual(['Real estate taxes', 'Insurance']);
    // 150,000 + 50,000 = 200,000 = $2.00/SF, $2,000/unit, 200,000 / 970,000 = 0.20619 of EGI.
    expect(fixed.totalAmount).toBe(200_000);
    expect(fixed.totalPerSf).toBe(2);
    expect(fixed.totalPerUnit).toBe(2_000);
    expect(fixed.totalPercentageEGI).toBeCloseTo(0.20619, 5);
    expect(opex.total).toBe(400_000);
    expect(opex.totalByYear).toEqual([400_000, 412_000, 424_360]);
  });

  it('carries per-SF, per-unit and percentage-of-EGI figures on each line, percentages as decimals', () => {
    const taxes = cashFlow(statement).operatingExpenses.groupedTransactions[0]!.transactions[0]!;
    // 150,000 / 100,000 SF = 1.50; / 100 units = 1,500; / 970,000 EGI = 0.15464.
    expect(taxes.annualized).toBe(150_000);
    expect(taxes.annualizedPerSf).toBe(1.5);
    expect(taxes.annualizedPerUnit).toBe(1_500);
    expect(taxes.annualizedPercentageEGI).toBeCloseTo(0.15464, 5);
    expect(taxes.annualizedByYear).toEqual([150_000, 154_500, 159_135]);
    expect(taxes).toMatchObject({ description: 'Real estate taxes', group: 'Fixed', comment: '', measureType: 'Unspecified', amount: 150_000 });
  });

  it('returns every section empty and every total 0 for a statement with no lines', () => {
    const cf = cashFlow({ years: 2, totalSf: 0, totalUnits: 0, transactions: [] });
    for (const name of CASH_FLOW_SECTIONS) expect(cf[name]).toEqual({ total: 0, totalByYear: [0, 0], groupedTransactions: [] });
    expect(cf.netIncomeByYear).toEqual([0, 0]);
    expect(cf.expenseRatio).toBe(0);
  });

  it('pads a short line with zero years and drops years beyond the horizon', () => {
    const cf = cashFlow({ years: 3, totalSf: 1, totalUnits: 1, transactions: [line('revenue', 'Rent', 'Rent', [10, 20, 30, 40]), line('revenue', 'Rent', 'Late', [5])] });
    expect(cf.revenue.totalByYear).toEqual([15, 20, 30]);
    expect(cf.revenue.groupedTransactions[0]!.transactions[1]!.annualizedByYear).toEqual([5, 0, 0]);
  });

  const transaction = fc.record({
    section: fc.constantFrom(...CASH_FLOW_SECTIONS),
    group: fc.constantFrom('A', 'B', 'C'),
    description: fc.string({ maxLength: 5 }),
    comment: fc.constant(''),
    measureType: fc.constant('Unspecified'),
    amount: money,
    annualizedByYear: fc.array(money, { maxLength: 8 }),
  });
  const input = fc.record({
    years: fc.integer({ min: 0, max: 6 }),
    totalSf: positiveMoney,
    totalUnits: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2000 })),
    transactions: fc.array(transaction, { maxLength: 25 }),
  });

  it('makes every section total the sum of its groups and every group the sum of its lines', () => {
    fc.assert(
      fc.property(input, (cfInput) => {
        const cf = cashFlow(cfInput);
        const n = cfInput.years;
        for (const name of CASH_FLOW_SECTIONS) {
          const section = cf[name];
          const lines = cfInput.transactions.filter((t) => t.section === name);
          const scale = lines.reduce((s, t) => s + Math.abs(t.annualizedByYear[0] ?? 0), 0);
          const transactions = section.groupedTransactions.flatMap((g) => g.transactions);
          expect(transactions).toHaveLength(lines.length);
          expectClose(section.total, section.groupedTransactions.reduce((s, g) => s + g.totalAmount, 0), 1e-12, scale);
          for (const g of section.groupedTransactions) {
            expect(g.transactions.every((t) => t.group === g.group)).toBe(true);
            expectClose(g.totalAmount, g.transactions.reduce((s, t) => s + t.annualized, 0), 1e-12, scale);
          }
          expect(section.totalByYear).toHaveLength(n);
          for (let y = 0; y < n; y++) {
            const yearScale = lines.reduce((s, t) => s + Math.abs(t.annualizedByYear[y] ?? 0), 0);
            expectClose(section.totalByYear[y]!, transactions.reduce((s, t) => s + t.annualizedByYear[y]!, 0), 1e-12, yearScale);
          }
        }
      }),
    );
  });

  it('holds the ladder identities in every year: EGI, NOI and net income', () => {
    fc.assert(
      fc.property(input, (cfInput) => {
        const cf = cashFlow(cfInput);
        expect(cf.effectiveIncome).toBe(cf.revenue.total - cf.vacancyAndConcessions.total + cf.otherIncome.total);
        expect(cf.netOperatingIncome).toBe(cf.effectiveIncome - cf.operatingExpenses.total);
        expect(cf.netIncome).toBe(cf.netOperatingIncome - cf.belowTheLineExpense.total);
        for (let y = 0; y < cfInput.years; y++) {
          const egi = cf.revenue.totalByYear[y]! - cf.vacancyAndConcessions.totalByYear[y]! + cf.otherIncome.totalByYear[y]!;
          expect(cf.effectiveIncomeByYear[y]).toBe(egi);
          expect(cf.netOperatingIncomeByYear[y]).toBe(egi - cf.operatingExpenses.totalByYear[y]!);
          expect(cf.netIncomeByYear[y]).toBe(cf.netOperatingIncomeByYear[y]! - cf.belowTheLineExpense.totalByYear[y]!);
        }
        if (cfInput.years > 0) expect(cf.effectiveIncomeByYear[0]).toBe(cf.effectiveIncome);
      }),
    );
  });

  it('has no NaN or Infinity for any finite lines, including zero SF, units and EGI', () => {
    fc.assert(fc.property(input, (cfInput) => expectAllFinite(cashFlow(cfInput))));
  });
});
