import {
  CrossDealCollateralReportRowDto,
  type CrossDealCollateralReportTotalsDto,
} from '../contract';

type Row = CrossDealCollateralReportRowDto;
export type ReportField = keyof Row;

/**
 * How a column's values are typed in the files.
 * - text: strings (ids, names, enum values), empty when null;
 * - money: USD amounts; ratio: a decimal shown as a percentage (ltv 0.65 = 65 %);
 * - rate: a decimal note rate (0.0725 = 7.25 %); multiple: dscr (1.28x);
 * - percentNumber: already a percentage (debtYield 10.5 = 10.5 %), kept as the API gives it;
 * - date: YYYY-MM-DD; months and count: plain numbers.
 */
export type ColumnKind = 'text' | 'money' | 'ratio' | 'rate' | 'multiple' | 'percentNumber' | 'date' | 'months' | 'count';

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
  state: { title: 'State', kind: 'text', width: 12 },
  owner: { title: 'Owner', kind: 'text', width: 26 },
  loanType: { title: 'Loan type', kind: 'text', width: 22 },
  grossLoan: { title: 'Gross loan', kind: 'money', width: 18, total: 'grossLoan' },
  interestRate: { title: 'Interest rate', kind: 'rate', width: 12 },
  loanTerm: { title: 'Loan term (months)', kind: 'months', width: 10 },
  maturityDate: { title: 'Maturity date', kind: 'date', width: 12 },
  riskRating: { title: 'Risk rating', kind: 'text', width: 8 },
  collateralId: { title: 'Collateral ID', kind: 'text', width: 38 },
  collateralName: { title: 'Collateral name', kind: 'text', width: 32 },
  fullAddress: { title: 'Address', kind: 'text', width: 44 },
  city: { title: 'City', kind: 'text', width: 18 },
  usState: { title: 'US state', kind: 'text', width: 8 },
  zipCode: { title: 'ZIP code', kind: 'text', width: 10 },
  propertyType: { title: 'Property type', kind: 'text', width: 24 },
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
