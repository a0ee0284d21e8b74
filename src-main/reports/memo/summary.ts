import type { Content } from 'pdfmake/interfaces';
import { format } from '../../contract';
import { callout, COLORS, dataTable, figureBoxes, heading, keepTogether, keyValues, notice, PAGE, paragraphs, subheading } from './layout';
import type { MemoData } from './types';

const { label, multiple, pct, pctNumber, text, timestamp, usd } = format;

/** DSCR below 1.00x is red and below 1.25x amber, as on the deal page. */
function dscrColor(dscr: number): string | undefined {
  return dscr > 0 && dscr < 1 ? COLORS.fail : dscr > 0 && dscr < 1.25 ? COLORS.warn : undefined;
}

/** The first page's title block: what the document is, which deal, and its headline figures. */
export function titleBlock(data: MemoData): Content[] {
  const d = data.deal;
  const t = d.collateralTotals;
  const address = data.collaterals[0]?.summary.address.fullAddress;
  const identity = [d.loanId ?? d.id, label(d.propertyType ?? d.componentType), `${label(d.loanType)} loan`, address].filter(Boolean).join('  ·  ');
  const facts: string[] = [
    `Prepared ${timestamp(data.generatedAt, { utc: true })}`,
    ...(data.preparedBy ? [`by ${data.preparedBy}`] : []),
    `Owner ${text(d.owner)}`,
    `Risk rating ${text(d.riskRating)}`,
    ...(d.state ? [`${label(d.state)}${d.status ? ` · ${d.status}` : ''}`] : []),
  ];
  return [
    {
      columns: [
        { text: 'CREDIT MEMORANDUM', style: 'kicker' },
        { text: 'CONFIDENTIAL', style: 'kicker', color: COLORS.fail, alignment: 'right', width: 'auto' },
      ],
    },
    { text: d.seedName, style: 'title', margin: [0, 4, 0, 2] },
    { text: identity, style: 'subtitle' },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: PAGE.portraitWidth, y2: 0, lineWidth: 1.2, lineColor: COLORS.accent }], margin: [0, 8, 0, 4] },
    { text: facts.join('   |   '), style: 'small' },
    figureBoxes([
      { label: 'Loan amount', value: usd(d.grossLoan) },
      { label: 'Note rate', value: pct(d.interestRate, 3) },
      { label: 'Annual debt service', value: usd(d.debtService) },
      { label: 'DSCR', value: multiple(t.dscr), color: dscrColor(t.dscr) },
      { label: 'Debt yield', value: pctNumber(t.debtYield) },
      { label: 'LTV', value: pct(d.ltv, 1) },
      { label: 'LTC', value: pct(d.ltc, 1) },
      { label: 'NOI', value: usd(t.netOperatingIncome) },
    ]),
  ];
}

/** Section 1: the recommendation, the deal's description and the underwriters' notes. */
export function summarySection(data: MemoData): Content[] {
  const d = data.deal;
  const recommendation = paragraphs(data.recommendation);
  return [
    heading('Summary and recommendation', { number: '1' }),
    subheading('Underwriter’s recommendation'),
    recommendation.length > 0 ? callout(recommendation) : notice('No recommendation has been recorded for this deal.'),
    ...(d.description || d.note
      ? [
          keepTogether(
            subheading('The deal'),
            keyValues(
              [
                ...(d.description ? ([['Description', d.description]] as [string, string][]) : []),
                ...(d.note ? ([['Note', d.note]] as [string, string][]) : []),
              ],
              1,
              { labelWidth: 70 },
            ),
          ),
        ]
      : []),
    data.notes.length === 0
      ? keepTogether(subheading('Notes'), notice('No notes on this deal.'))
      : dataTable(
          [...data.notes].sort((a, b) => b.at.localeCompare(a.at)),
          [
            { title: 'Date (UTC)', cell: (n) => timestamp(n.at, { utc: true }).replace(' UTC', ''), width: 78 },
            { title: 'Author', cell: (n) => n.author, width: 90 },
            { title: 'Note', cell: (n) => n.text },
          ],
          { caption: `Notes (${data.notes.length})` },
        ),
  ];
}
