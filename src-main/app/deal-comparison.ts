import type { CompareFigure, CompareFigureKind, DealComparison, SeedInfoResponseDto } from '../contract';
import { ltvBasis, ltvBasisValue } from '../domain';

/** What the comparison reads of each deal: its read (getDealInfo) and its market grade. */
export interface ComparedDeal {
  info: Omit<SeedInfoResponseDto, 'success' | 'error'>;
  /** The main market's grade of the deal's first component (null without market data). */
  marketGrade: string | null;
}

interface FigureSpec {
  key: string;
  label: string;
  kind: CompareFigureKind;
  value: (deal: ComparedDeal) => number | string | null;
}

/** The value the LTV divides by: the selected valuation, else the first that exists. Null: none. */
function ltvValue({ info }: ComparedDeal): number | null {
  const t = info.collateralTotals;
  const value = ltvBasisValue(ltvBasis(info.userSelectedLtv ?? 'None', t), t);
  return value > 0 ? value : null;
}

/**
 * The key figures, in the order an underwriter reads them. Full precision: rounding is the
 * screen's and the spreadsheet's (number formats), never the comparison's.
 */
export const COMPARE_FIGURES: readonly FigureSpec[] = [
  { key: 'grossLoan', label: 'Loan amount', kind: 'money', value: (d) => d.info.grossLoan },
  { key: 'interestRate', label: 'Note rate', kind: 'rate', value: (d) => d.info.interestRate },
  { key: 'debtService', label: 'Debt service (annual)', kind: 'money', value: (d) => d.info.debtService },
  { key: 'dscr', label: 'DSCR', kind: 'multiple', value: (d) => d.info.collateralTotals.dscr },
  { key: 'debtYield', label: 'Debt yield', kind: 'percentNumber', value: (d) => d.info.collateralTotals.debtYield },
  { key: 'ltv', label: 'LTV', kind: 'ratio', value: (d) => d.info.ltv },
  { key: 'ltc', label: 'LTC', kind: 'ratio', value: (d) => d.info.ltc },
  { key: 'noi', label: 'NOI', kind: 'money', value: (d) => d.info.collateralTotals.netOperatingIncome },
  { key: 'value', label: 'Value (LTV basis)', kind: 'money', value: ltvValue },
  { key: 'propertyType', label: 'Property type', kind: 'text', value: (d) => d.info.propertyType ?? d.info.componentType },
  { key: 'marketGrade', label: 'Market grade', kind: 'text', value: (d) => d.marketGrade },
];

/** Whether the values are not all the same (exact: the figures come from the same arithmetic). */
export function valuesDiffer(values: readonly (number | string | null)[]): boolean {
  return values.some((v) => v !== values[0]);
}

/** The side-by-side comparison of the deals, in the order given. */
export function compareDeals(deals: readonly ComparedDeal[]): DealComparison {
  const figures: CompareFigure[] = COMPARE_FIGURES.map((spec) => {
    const values = deals.map(spec.value);
    return { key: spec.key, label: spec.label, kind: spec.kind, values, differs: valuesDiffer(values) };
  });
  return {
    deals: deals.map(({ info }) => ({ id: info.id, seedName: info.seedName, loanId: info.loanId, loanType: info.loanType, propertyType: info.propertyType ?? info.componentType })),
    figures,
  };
}
