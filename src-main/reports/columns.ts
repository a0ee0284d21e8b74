import {
  CrossDealCollateralReportRowDto,
  type CrossDealCollateralReportTotalsDto,
  label,
} from '../contract';
import { plainDecimal } from '../domain';

type Row = CrossDealCollateralReportRowDto;
export type ReportField = keyof Row;

/**
 * How a column's values are typed in the files. The files show what the screen shows: enum
 * values in words, numbers as numbers, and every ratio in ONE convention, a decimal fraction
 * (0.65 = 65 %; XLSX formats it as a percentage, CSV writes the fraction).
 * - text: strings (ids, names), empty when null;
 * - label: an enum value, written in words as the screen shows it (Multi_Family_Apartments ->
 *   "Multi Family Apartments", NewDeal -> "New Deal");
 * - money: USD amounts; ratio: a decimal fraction (ltv 0.65 = 65 %);
 * - rate: a decimal note rate (0.0725 = 7.25 %); multiple: dscr (1.28x);
 * - percentNumber: a value the API gives as a percentage number (debtYield 10.5 = 10.5 %),
 *   written as the decimal fraction (0.105) like every other ratio;
 * - rating: the risk rating, a whole number (1 to 8) where it is one, else its text;
 * - date: YYYY-MM-DD; months and count: plain numbers.
 */
export type ColumnKind = 'text' | 'label' | 'money' | 'ratio' | 'rate' | 'multiple' | 'percentNumber' | 'rating' | 'date' | 'months' | 'count';

/** Enum values in words, computed once per value (a report repeats a handful of them). */
const LABELS = new Map<string, string>();
function labelOf(value: string): string {
  let words = LABELS.get(value);
  if (words === undefined) LABELS.set(value, (words = label(value)));
  return words;
}

/**
 * A percentage number as the decimal fraction it stands for (10.71 -> 0.1071), moving the
 * decimal point on the number's shortest spelling, so no binary noise is added
 * (10.71 / 100 would be 0.10710000000000001).
 */
export function percentToFraction(value: number): number {
  return Number.isFinite(value) ? Number(plainDecimal(value, -2)) : value;
}

/**
 * A field's value as the files write it, by its column's kind (the CSV and XLSX writers both
 * call it): enum values in words, percentage numbers as fractions, ratings as numbers. Null
 * and undefined stay empty.
 */
export function fileValue(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'label':
      return typeof value === 'string' ? labelOf(value) : value;
    case 'percentNumber':
      return typeof value === 'number' ? percentToFraction(value) : value;
    case 'rating':
      return typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
    default:
      return value;
  }
}

/** Which total the totals row shows under a column. */
export type TotalKey = Exclude<keyof CrossDealCollateralReportTotalsDto, 'rowCount' | 'dealCount'>;

export interface ReportColumn {
  key: ReportField;
  /** Column title: the header of the XLSX and the CSV file, and of the report on screen. */
  title: string;
  kind: ColumnKind;
  /** XLSX column width, in characters. */
  width: number;
  /** The total under this column in the totals row, if any. */
  total?: TotalKey;
}

const DEFINITIONS: Record<ReportField, Omit<ReportColumn, 'key'>> = {
  dealId: { title: 'Deal ID', kind: 'text', width: 38 },
  seedName: { title: 'Deal name', kind: 'text', width: 32 },
  loanId: { title: 'Loan ID', kind: 'text', width: 14 },
  state: { title: 'State', kind: 'label', width: 14 },
  owner: { title: 'Owner', kind: 'text', width: 26 },
  loanType: { title: 'Loan type', kind: 'label', width: 22 },
  grossLoan: { title: 'Gross loan', kind: 'money', width: 18, total: 'grossLoan' },
  interestRate: { title: 'Interest rate', kind: 'rate', width: 12 },
  loanTerm: { title: 'Loan term (months)', kind: 'months', width: 10 },
  maturityDate: { title: 'Maturity date', kind: 'date', width: 12 },
  riskRating: { title: 'Risk rating', kind: 'rating', width: 8 },
  collateralId: { title: 'Collateral ID', kind: 'text', width: 38 },
  collateralName: { title: 'Collateral name', kind: 'text', width: 32 },
  fullAddress: { title: 'Address', kind: 'text', width: 44 },
  city: { title: 'City', kind: 'text', width: 18 },
  usState: { title: 'US state', kind: 'text', width: 8 },
  zipCode: { title: 'ZIP code', kind: 'text', width: 10 },
  propertyType: { title: 'Property type', kind: 'label', width: 24 },
  totalSF: { title: 'Total SF', kind: 'count', width: 12, total: 'totalSF' },
  totalUnit: { title: 'Total units', kind: 'count', width: 10, total: 'totalUnit' },
  netOperatingIncome: { title: 'NOI', kind: 'money', width: 16, total: 'netOperatingIncome' },
  incomeValuation: { title: 'Income valuation', kind: 'money', width: 18, total: 'incomeValuation' },
  salesValuation: { title: 'Sales valuation', kind: 'money', width: 18, total: 'salesValuation' },
  alternativeValuation: { title: 'Alternative valuation', kind: 'money', width: 18, total: 'alternativeValuation' },
  ltv: { title: 'LTV', kind: 'ratio', width: 9 },
  dscr: { title: 'DSCR', kind: 'multiple', width: 9 },
  debtYield: { title: 'Debt yield', kind: 'percentNumber', width: 10 },
};

/** Every field of a report row, in the contract's order. */
export const REPORT_COLUMNS: readonly ReportColumn[] = (Object.keys(CrossDealCollateralReportRowDto.shape) as ReportField[]).map(
  (key) => ({ key, ...DEFINITIONS[key] }),
);

/** Readable names of the row fields, for a filter's description (sort field). */
export function columnTitle(field: string): string {
  return DEFINITIONS[field as ReportField]?.title ?? field;
}
