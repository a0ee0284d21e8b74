import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { AssetType } from './enums';
import { envelope } from './error';
import { decimal, IsoDate, NumberMap, percentage, usd } from './scalars';

const byYear = (what: string) => z.array(z.number()).describe(`${what}, one value per year`);
const shareOfEgi = (what: string) => decimal(`${what} as a share of effective gross income`);

export const CashFlowTransactionDto = z.object(lazyShape(() => ({
  description: z.string(),
  group: z.string(),
  comment: z.string().nullable(),
  measureType: z.string().describe('Sample value: Unspecified'),
  amount: usd(),
  annualized: usd(),
  annualizedPerSf: usd(),
  annualizedPerUnit: usd(),
  annualizedPercentageEGI: shareOfEgi('Annualized amount'),
  annualizedByYear: byYear('Annualized amount, USD'),
})));
export type CashFlowTransactionDto = z.infer<typeof CashFlowTransactionDto>;

export const GroupedTransactionsDto = z.object(lazyShape(() => ({
  group: z.string(),
  totalAmount: usd(),
  totalPerSf: usd(),
  totalPerUnit: usd(),
  totalPercentageEGI: shareOfEgi('Group total'),
  transactions: z.array(CashFlowTransactionDto),
})));
export type GroupedTransactionsDto = z.infer<typeof GroupedTransactionsDto>;

export const CashFlowSectionDto = z.object(lazyShape(() => ({
  total: usd(),
  totalByYear: byYear('Section total, USD'),
  groupedTransactions: z.array(GroupedTransactionsDto),
})));
export type CashFlowSectionDto = z.infer<typeof CashFlowSectionDto>;

export const DcfModelDto = z.object(lazyShape(() => ({
  discountRate: decimal('Discount rate'),
  revenueGrowth: byYear('Revenue growth, decimal'),
  expenseGrowth: byYear('Expense growth, decimal'),
})));
export type DcfModelDto = z.infer<typeof DcfModelDto>;

export const CashFlowDto = z.object(lazyShape(() => ({
  valuationsInfoId: z.string(),
  fileId: z.string().nullable(),
  comment: z.string().nullable(),
  revenue: CashFlowSectionDto,
  vacancyAndConcessions: CashFlowSectionDto,
  otherIncome: CashFlowSectionDto,
  operatingExpenses: CashFlowSectionDto,
  belowTheLineExpense: CashFlowSectionDto,
  effectiveIncome: usd('Effective gross income'),
  effectiveIncomeByYear: byYear('Effective gross income, USD'),
  totalExpenses: usd(),
  totalExpensesByYear: byYear('Total expenses, USD'),
  netOperatingIncome: usd(),
  netOperatingIncomeByYear: byYear('NOI, USD'),
  netIncome: usd('Net income (net cash flow)'),
  netIncomeByYear: byYear('Net income, USD'),
  dcfModel: DcfModelDto,
  finalSale: usd('Reversion value at the end of the holding period'),
  presentValues: byYear('Present values, USD'),
  netPresentValue: usd('Net present value: the present value (yearly net cash flows and the reversion, discounted) less the price, the income value'),
  expenseRatio: decimal('Total expenses over effective gross income'),
})));
export type CashFlowDto = z.infer<typeof CashFlowDto>;

export const ComponentVacancyDto = z.object({
  amountValue: usd(),
  percentageValue: decimal('Vacancy'),
});
export type ComponentVacancyDto = z.infer<typeof ComponentVacancyDto>;

export const ValuationMetricDto = z.object(lazyShape(() => ({
  dealId: z.string(),
  dscr: z.number(),
  ltv: decimal('Loan-to-value'),
  debtYield: percentage('Debt yield'),
})));
export type ValuationMetricDto = z.infer<typeof ValuationMetricDto>;

export const RevenueValuationDto = z.object(lazyShape(() => ({
  capRate: decimal('Cap rate'),
  name: z.string(),
  valuationsInfoId: z.string(),
  expensesSourceId: z.string().nullable(),
  userValuationType: z.string(),
  comment: z.string().nullable(),
  parentId: z.string().nullable(),
  descriptor: z.string().nullable(),
  startDate: IsoDate.nullable(),
  endDate: IsoDate.nullable(),
  revenueSource: z.string().describe('Sample value: Market'),
  capRateSource: z.string().describe('Sample value: Market'),
  vacancySource: z.string().describe('Sample value: Market'),
  cashFlow: CashFlowDto,
  totalValuation: usd(),
  archive: z.boolean(),
  componentsVacancies: z.record(z.string(), ComponentVacancyDto).describe('By component id'),
  componentsSelectedRentRolls: z.record(z.string(), z.string()).describe('Rent roll id by component id'),
  metrics: z.array(ValuationMetricDto),
})));
export type RevenueValuationDto = z.infer<typeof RevenueValuationDto>;

export const AlternativeValuationDto = z.object(lazyShape(() => ({
  name: z.string(),
  valuationsInfoId: z.string(),
  description: z.string().nullable(),
  parentId: z.string().nullable(),
  descriptor: z.string().nullable(),
  valuation: usd(),
  asOfDate: IsoDate.nullable(),
})));
export type AlternativeValuationDto = z.infer<typeof AlternativeValuationDto>;

export const ComponentDataDto = z.object(lazyShape(() => ({
  id: z.string(),
  assetType: AssetType,
  totalSf: z.number(),
  totalUnits: z.number(),
  saleValue: usd(),
  totalMarketAnnualRevenue: usd(),
  totalRentRollAnnualRevenue: usd(),
  marketVacancy: decimal('Market vacancy'),
  rentRollVacancy: decimal('Rent roll vacancy'),
})));
export type ComponentDataDto = z.infer<typeof ComponentDataDto>;

export const ComponentTotalsDto = z.object(lazyShape(() => ({
  componentsData: z.array(ComponentDataDto),
  totalSaleValue: usd(),
  totalSf: z.number(),
  totalUnits: z.number(),
})));
export type ComponentTotalsDto = z.infer<typeof ComponentTotalsDto>;

export const CollateralCashFlowResponseDto = envelope(lazyShape(() => ({
  id: z.string(),
  collateralId: z.string(),
  marketCapRate: decimal('Market cap rate'),
  mainIncomeValuationCapRate: decimal('Cap rate of the main income valuation'),
  marketValuation: RevenueValuationDto.nullable(),
  salesValuation: usd(),
  mainIncomeValuationId: z.string().nullable(),
  mainAlternativeValuationId: z.string().nullable(),
  mainAlternativeValuation: usd(),
  mainAlternativeValuationDate: IsoDate.nullable(),
  capRateLastModifiedTime: IsoDate.nullable(),
  rentRollRevenues: NumberMap.describe('Annual revenue, USD, by rent roll id'),
  componentTotals: ComponentTotalsDto,
  revenueValuations: z.array(RevenueValuationDto),
  alternativeValuations: z.array(AlternativeValuationDto),
  dcfModel: DcfModelDto,
}))).meta({ id: 'CollateralCashFlowResponseDto' });
export type CollateralCashFlowResponseDto = z.infer<typeof CollateralCashFlowResponseDto>;

/**
 * The DCF footnote of the deal page and the credit memo: what the net present value is. The
 * present value is the discounted yearly net cash flows plus the discounted reversion; the NPV
 * subtracts the price, the valuation's direct-cap (income) value (domain/valuation.ts, dcf).
 */
export const DCF_NPV_NOTE =
  'Net present value: the yearly net cash flows discounted at the discount rate, plus the reversion (next-year NOI / exit cap, less selling costs) discounted from the last year, less the price (the income value, NOI / cap rate). Above 0, the cash flows are worth more than the income value.';
