import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { LoanPaymentStructure } from './enums';
import { envelope } from './error';
import { decimal, extension, months, percentage, usd } from './scalars';

export const LoanFundsItemDto = z.object(lazyShape(() => ({
  sourcesOfFunds: z.string(),
  amount: usd(),
  loanPaymentStructure: LoanPaymentStructure,
  amortizationTerm: months('Amortization term'),
  interestRate: decimal('Interest rate'),
  dealIncomeValuation: usd(),
  dealNOI: usd(),
  debtYield: percentage('Debt yield'),
  ltv: decimal('Loan-to-value'),
  dscr: z.number(),
  debtService: extension(usd('Annual debt service of this loan alone'), 'the annual debt service of this loan'),
})));
export type LoanFundsItemDto = z.infer<typeof LoanFundsItemDto>;

export const FundsLoansInfoDto = z.object(lazyShape(() => ({
  loanFundsItems: z.array(LoanFundsItemDto),
  avgLTV: decimal('Weighted average LTV'),
  totalDSCR: z.number(),
  totalDebtYield: percentage('Total debt yield'),
})));
export type FundsLoansInfoDto = z.infer<typeof FundsLoansInfoDto>;

const fundItemFields = {
  id: z.string(),
  amount: usd(),
  dollarPerUnit: usd('Amount per unit'),
  dollarPerSF: usd('Amount per square foot'),
  percentOfTotal: decimal('Share of the total'),
  default: z.boolean(),
  isDefault: z.boolean(),
};

// Equity and other non-loan sources carry no payment structure, term or rate.
export const FundSourceItemDto = z.object(lazyShape(() => ({
  ...fundItemFields,
  sourcesOfFunds: z.string(),
  loanPaymentStructure: LoanPaymentStructure.nullable(),
  amortizationTerm: months('Amortization term').nullable(),
  interestRate: decimal('Interest rate').nullable(),
})));
export type FundSourceItemDto = z.infer<typeof FundSourceItemDto>;

export const FundUseItemDto = z.object({ ...fundItemFields, usesOfFunds: z.string() });
export type FundUseItemDto = z.infer<typeof FundUseItemDto>;

const fundTotals = {
  totalAmount: usd(),
  totalDollarPerUnit: usd(),
  totalDollarPerSF: usd(),
};

export const FundsSourcesInfoDto = z.object(lazyShape(() => ({
  fundSourceItems: z.array(FundSourceItemDto),
  ...fundTotals,
  balanceBetweenUsesAndSources: usd('Total uses minus total sources, near zero when balanced'),
  balanceName: z.string(),
})));
export type FundsSourcesInfoDto = z.infer<typeof FundsSourcesInfoDto>;

export const FundsUsesInfoDto = z.object({ fundUseItems: z.array(FundUseItemDto), ...fundTotals });
export type FundsUsesInfoDto = z.infer<typeof FundsUsesInfoDto>;

export const DealFundsInfoResponseDto = envelope(lazyShape(() => ({
  id: z.string().describe('Id of the funds analysis'),
  fundsLoansInfo: FundsLoansInfoDto,
  fundsSourcesInfo: FundsSourcesInfoDto,
  fundsUsesInfo: FundsUsesInfoDto,
}))).meta({ id: 'DealFundsInfoResponseDto' });
export type DealFundsInfoResponseDto = z.infer<typeof DealFundsInfoResponseDto>;
