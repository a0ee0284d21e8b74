import type { Content, ContentStack, TableCell } from 'pdfmake/interfaces';
import { type CashFlowDto, DCF_NPV_NOTE, format, type RevenueValuationDto } from '../../contract';
import { lineChartSvg } from './chart';
import { dataTable, heading, keepTogether, keyValues, notice, onNewPage, PAGE, subheading } from './layout';
import type { MemoCollateral, MemoData } from './types';

const { date, int, pct, text, usd } = format;

/** Years per cash-flow table: more would not fit a landscape page at a readable size. */
const YEARS_PER_TABLE = 10;

export function collateralTitle(c: MemoCollateral, index: number): string {
  return c.summary.name ?? c.summary.address.fullAddress ?? `Collateral ${index + 1}`;
}

/** As on the deal page: calendar years from the valuation's start, else Year 1, Year 2, ... */
function yearLabels(count: number, startDate: string | null): string[] {
  const first = startDate ? Number(startDate.slice(0, 4)) : null;
  return Array.from({ length: count }, (_, i) => (first ? String(first + i) : `Year ${i + 1}`));
}

/** The cash-flow ladder, in the order and with the words of the deal page. */
const LADDER: { label: string; values: (c: CashFlowDto) => readonly number[]; strong?: boolean; less?: boolean }[] = [
  { label: 'Revenue', values: (c) => c.revenue.totalByYear },
  { label: 'Vacancy and concessions', values: (c) => c.vacancyAndConcessions.totalByYear, less: true },
  { label: 'Other income', values: (c) => c.otherIncome.totalByYear },
  { label: 'Effective gross income', values: (c) => c.effectiveIncomeByYear, strong: true },
  { label: 'Operating expenses', values: (c) => c.operatingExpenses.totalByYear, less: true },
  { label: 'Net operating income', values: (c) => c.netOperatingIncomeByYear, strong: true },
  { label: 'Below the line', values: (c) => c.belowTheLineExpense.totalByYear, less: true },
  { label: 'Net cash flow', values: (c) => c.netIncomeByYear, strong: true },
];

/** Rows by year, split into tables of YEARS_PER_TABLE years, each with its own year header. */
function yearsTables(years: readonly string[], rows: { label: string; cells: readonly string[]; strong?: boolean }[]): Content[] {
  const tables: Content[] = [];
  for (let from = 0; from < years.length; from += YEARS_PER_TABLE) {
    const span = years.slice(from, from + YEARS_PER_TABLE);
    const header: TableCell[] = [{ text: '', style: 'th' }, ...span.map((y) => ({ text: y, style: 'th', alignment: 'right' as const }))];
    const body: TableCell[][] = [
      header,
      ...rows.map((r) => [
        { text: r.label, bold: r.strong },
        ...r.cells.slice(from, from + YEARS_PER_TABLE).map((v) => ({ text: v, alignment: 'right' as const, bold: r.strong, noWrap: true })),
      ]),
    ];
    tables.push({
      table: { headerRows: 1, dontBreakRows: true, widths: [118, ...span.map(() => '*')], body },
      layout: 'memo',
      style: 'dense',
      margin: [0, 2, 0, 8],
    });
  }
  return tables;
}

function mainValuation(c: MemoCollateral): RevenueValuationDto | undefined {
  const cf = c.cashFlow;
  if (!cf) return undefined;
  return cf.revenueValuations.find((v) => v.valuationsInfoId === cf.mainIncomeValuationId) ?? cf.revenueValuations[0];
}

/** One collateral on a portrait page: what it is and how it is valued. */
function collateralOverview(c: MemoCollateral, index: number, count: number): [ContentStack, ...Content[]] {
  const s = c.summary;
  const cf = c.cashFlow;
  const out: [ContentStack, ...Content[]] = [
    keepTogether(
      heading(collateralTitle(c, index), { number: `5.${index + 1}`, level: 2 }),
      { text: `${s.address.fullAddress}${count > 1 ? `  ·  collateral ${index + 1} of ${count}` : ''}`, style: 'small', margin: [0, -2, 0, 4] },
      keyValues([
        ['Year built', s.yearBuilt ? String(s.yearBuilt) : format.EMPTY],
        ['Square feet', format.sf(s.totalSF)],
        ['Units', int(s.totalUnit)],
        ['Net operating income', usd(s.netOperatingIncome)],
        ['Net income', usd(s.netIncome)],
        ['Income valuation', usd(s.incomeValuation)],
        ['Sales valuation', usd(s.salesValuation)],
        ['Alternative valuation', `${usd(s.alternativeValuation)}${cf?.mainAlternativeValuationDate ? ` as of ${date(cf.mainAlternativeValuationDate)}` : ''}`],
        ...(cf
          ? ([
              ['Main income cap rate', pct(cf.mainIncomeValuationCapRate)],
              ['Market cap rate', pct(cf.marketCapRate)],
            ] as [string, string][])
          : []),
      ]),
    ),
  ];
  if (!cf) return [...out, notice('No valuation or cash flow on record for this collateral.')];
  out.push(
    cf.revenueValuations.length === 0
      ? keepTogether(subheading('Income valuations'), notice('No income valuation.'))
      : dataTable(
          cf.revenueValuations,
          [
            { title: 'Income valuation', cell: (v) => `${v.name}${v.valuationsInfoId === cf.mainIncomeValuationId ? ' (main)' : ''}` },
            { title: 'Type', cell: (v) => v.userValuationType },
            { title: 'Cap rate', cell: (v) => pct(v.capRate), numeric: true },
            { title: 'NOI', cell: (v) => usd(v.cashFlow.netOperatingIncome), numeric: true },
            { title: 'Value', cell: (v) => usd(v.totalValuation), numeric: true },
            { title: 'DCF NPV', cell: (v) => usd(v.cashFlow.netPresentValue), numeric: true },
            { title: 'Period', cell: (v) => `${date(v.startDate)} – ${date(v.endDate)}` },
          ],
          { caption: 'Income valuations' },
        ),
  );
  if (cf.alternativeValuations.length > 0) {
    out.push(
      dataTable(
        cf.alternativeValuations,
        [
          { title: 'Alternative valuation', cell: (v) => v.name, width: 110 },
          { title: 'Description', cell: (v) => text(v.description) },
          { title: 'As of', cell: (v) => date(v.asOfDate), width: 70 },
          { title: 'Value', cell: (v) => usd(v.valuation), numeric: true },
        ],
        { caption: 'Alternative valuations' },
      ),
    );
  }
  return out;
}

/** The main income valuation's cash flow by year (table and chart) and its DCF, on a landscape page. */
function cashFlowPage(c: MemoCollateral, index: number): Content[] {
  const v = mainValuation(c);
  if (!v) return [];
  const cf = v.cashFlow;
  const years = yearLabels(cf.netOperatingIncomeByYear.length, v.startDate);
  const dcfYears = yearLabels(cf.presentValues.length, v.startDate);
  return [
    onNewPage(
      keepTogether(
        heading(`Cash flow and DCF — ${collateralTitle(c, index)}`, { number: `5.${index + 1}`, level: 2 }),
        { text: `${v.name} (${v.userValuationType}) · cap rate ${pct(v.capRate)} · income value ${usd(v.totalValuation)} · ${date(v.startDate)} – ${date(v.endDate)}`, style: 'small', margin: [0, -2, 0, 4] },
      ),
      'landscape',
    ),
    ...yearsTables(
      years,
      LADDER.map((line) => ({ label: line.less ? `less ${line.label.toLowerCase()}` : line.label, cells: line.values(cf).map((x) => usd(x)), strong: line.strong })),
    ),
    {
      svg: lineChartSvg(
        years,
        [
          { name: 'Revenue', values: cf.revenue.totalByYear },
          { name: 'EGI', values: cf.effectiveIncomeByYear },
          { name: 'Expenses', values: cf.operatingExpenses.totalByYear },
          { name: 'NOI', values: cf.netOperatingIncomeByYear },
        ],
        { width: PAGE.landscapeWidth, height: 150 },
      ),
      width: PAGE.landscapeWidth,
      margin: [0, 0, 0, 6],
    },
    keepTogether(
      subheading('Discounted cash flow'),
      keyValues(
        [
          ['Discount rate', pct(cf.dcfModel.discountRate)],
          ['Reversion (final sale)', usd(cf.finalSale)],
          ['Net present value', usd(cf.netPresentValue)],
          ['Expense ratio', pct(cf.expenseRatio, 1)],
          ['Cap rate', pct(v.capRate)],
          ['Income value', usd(v.totalValuation)],
        ],
        3,
      ),
    ),
    ...yearsTables(dcfYears, [
      { label: 'Revenue growth', cells: dcfYears.map((_, i) => pct(cf.dcfModel.revenueGrowth[i], 1)) },
      { label: 'Expense growth', cells: dcfYears.map((_, i) => pct(cf.dcfModel.expenseGrowth[i], 1)) },
      { label: 'Present value', cells: cf.presentValues.map((x) => usd(x)), strong: true },
    ]),
    { text: DCF_NPV_NOTE, style: 'small' },
  ];
}

/** Section 5: every collateral, its valuations, then its cash flow and DCF on a landscape page. */
export function collateralSection(data: MemoData): Content[] {
  const title = heading('Collateral and valuation', { number: '5' });
  if (data.collaterals.length === 0) return [keepTogether(title, notice('This deal has no collateral.'))];
  const t = data.deal.collateralTotals;
  const lead: Content[] = [
    title,
    ...(data.collaterals.length > 1
      ? [
          dataTable(data.collaterals, [
            { title: 'Collateral', cell: (c) => collateralTitle(c, data.collaterals.indexOf(c)), total: 'Total' },
            { title: 'SF', cell: (c) => int(c.summary.totalSF), numeric: true, total: int(t.totalSF) },
            { title: 'Units', cell: (c) => int(c.summary.totalUnit), numeric: true, total: int(t.totalUnit) },
            { title: 'NOI', cell: (c) => usd(c.summary.netOperatingIncome), numeric: true, total: usd(t.netOperatingIncome) },
            { title: 'Income value', cell: (c) => usd(c.summary.incomeValuation), numeric: true, total: usd(t.incomeValuation) },
            { title: 'Sales value', cell: (c) => usd(c.summary.salesValuation), numeric: true, total: usd(t.salesValuation) },
            { title: 'Alternative', cell: (c) => usd(c.summary.alternativeValuation), numeric: true, total: usd(t.alternativeValuation) },
          ]),
        ]
      : []),
  ];
  return data.collaterals.flatMap((c, i) => {
    const [first, ...rest] = collateralOverview(c, i, data.collaterals.length);
    // The section's title stays with the first collateral; after a landscape cash-flow page,
    // each next collateral starts on a new portrait page.
    return [i === 0 ? keepTogether(...lead, first) : onNewPage(first, 'portrait'), ...rest, ...cashFlowPage(c, i)];
  });
}
