import type { Content } from 'pdfmake/interfaces';
import { format } from '../../contract';
import { dataTable, heading, keepTogether, keyValues, notice, subheading } from './layout';
import type { MemoData } from './types';

const { date, label, months, multiple, pct, pctNumber, text, usd } = format;

const yesNo = (value: boolean | undefined) => (value === undefined ? format.EMPTY : value ? 'Yes' : 'No');

/** Section 2: the loan's terms, and the coverage and leverage figures they give. */
export function loanTermsSection(data: MemoData): Content[] {
  const d = data.deal;
  const t = d.collateralTotals;
  const floating = d.rateIndex !== undefined ? d.rateIndex !== 'Fixed' : d.rateIndexType !== 'Fixed';
  return [
    keepTogether(
      heading('Loan terms', { number: '2' }),
      subheading('Amounts and structure'),
      keyValues([
        ['Loan amount (current, gross)', usd(d.grossLoan)],
        ['Originated amount', usd(d.originatedLoanAmount)],
        ['Requested amount', usd(d.requestedLoanAmount)],
        ['Participation amount', usd(d.participationGrossLoan)],
        ['Loan type', label(d.loanType)],
        ['Syndicated loan', yesNo(d.isSyndicatedLoan)],
        ['Payment structure', label(d.loanPaymentStructure)],
        ['Project total cost', usd(d.projectTotalCost)],
      ]),
    ),
    keepTogether(
      subheading('Rate and term'),
      keyValues([
        ['Rate index', text(d.rateIndexType)],
        ['Index rate', floating ? pct(d.indexRate, 3) : 'n/a (fixed)'],
        [floating ? 'Spread' : 'Fixed rate', pct(d.rateSpread, 3)],
        ['Rate floor', pct(d.interestRateFloor, 3)],
        ['Note rate', pct(d.interestRate, 3)],
        ['Amortization', d.loanPaymentStructure === 'InterestOnly' ? 'Interest only' : months(d.amortizationTerm)],
        ['Loan term', months(d.loanTerm)],
        ['Extension term', months(d.extensionTerm)],
        ['Origination date', date(d.originationDate)],
        ['Closing date', date(d.closingDate)],
        ['Maturity date', date(d.maturityDate)],
        ['Closed date', date(d.closedDate)],
      ]),
    ),
    keepTogether(
      subheading('Coverage and leverage'),
      keyValues([
        ['Net operating income', usd(t.netOperatingIncome)],
        ['Debt service method', label(t.debtServiceMethod)],
        ['Annual debt service', usd(t.debtService)],
        ['Net cash flow after debt service', usd(t.netCashFlow)],
        ['DSCR', multiple(t.dscr)],
        ['Debt yield', pctNumber(t.debtYield)],
        ['LTV', pct(d.ltv, 1)],
        ['LTV valuation basis', label(d.userSelectedLtv)],
        ['LTC', pct(d.ltc, 1)],
        ['Income valuation', usd(t.incomeValuation)],
        ['Sales valuation', usd(t.salesValuation)],
        ['Alternative valuation', usd(t.alternativeValuation)],
        ['Total SF', format.sf(t.totalSF)],
        ['Total units', format.int(t.totalUnit)],
        ['Scoring profile', text(d.profileName)],
        ['Risk rating (1–8)', text(d.riskRating)],
      ]),
    ),
  ];
}

/** Section 3: sources and uses of funds, and the loans among the sources. */
export function fundsSection(data: MemoData): Content[] {
  const f = data.funds;
  const title = heading('Sources and uses', { number: '3' });
  if (!f) return [keepTogether(title, notice('This deal has no sources and uses of funds on record.'))];
  const s = f.fundsSourcesInfo;
  const u = f.fundsUsesInfo;
  const l = f.fundsLoansInfo;
  const balanced = Math.abs(s.balanceBetweenUsesAndSources) < 0.5;
  const sideBySide: Content = {
    columns: [
      dataTable(
        s.fundSourceItems,
        [
          { title: 'Source', cell: (i) => i.sourcesOfFunds, total: 'Total sources' },
          { title: 'Amount', cell: (i) => usd(i.amount), numeric: true, total: usd(s.totalAmount) },
          { title: '% of total', cell: (i) => pct(i.percentOfTotal, 1), numeric: true, total: s.totalAmount ? pct(1, 1) : format.EMPTY },
          { title: '$/SF', cell: (i) => usd(i.dollarPerSF, { cents: true }), numeric: true, total: usd(s.totalDollarPerSF, { cents: true }) },
        ],
        { caption: 'Sources' },
      ),
      dataTable(
        u.fundUseItems,
        [
          { title: 'Use', cell: (i) => i.usesOfFunds, total: 'Total uses' },
          { title: 'Amount', cell: (i) => usd(i.amount), numeric: true, total: usd(u.totalAmount) },
          { title: '% of total', cell: (i) => pct(i.percentOfTotal, 1), numeric: true, total: u.totalAmount ? pct(1, 1) : format.EMPTY },
          { title: '$/SF', cell: (i) => usd(i.dollarPerSF, { cents: true }), numeric: true, total: usd(u.totalDollarPerSF, { cents: true }) },
        ],
        { caption: 'Uses' },
      ),
    ],
    columnGap: 14,
  };
  // Kept with the title when short; a long list of sources or uses flows over pages instead.
  const short = Math.max(s.fundSourceItems.length, u.fundUseItems.length) <= 20;
  return [
    ...(short ? [keepTogether(title, sideBySide)] : [title, sideBySide]),
    {
      text: [
        { text: `${s.balanceName || 'Balance'} (uses less sources): `, style: 'muted' },
        { text: usd(s.balanceBetweenUsesAndSources), bold: true },
        { text: balanced ? '  — sources and uses balance.' : '  — sources and uses do not balance.', style: 'muted' },
      ],
      margin: [0, 0, 0, 6],
    },
    l.loanFundsItems.length === 0
      ? keepTogether(subheading('Loans among the sources'), notice('No loan among the sources.'))
      : dataTable(
          l.loanFundsItems,
          [
            { title: 'Loan', cell: (i) => i.sourcesOfFunds, total: 'All loans' },
            { title: 'Amount', cell: (i) => usd(i.amount), numeric: true },
            { title: 'Structure', cell: (i) => label(i.loanPaymentStructure) },
            { title: 'Amortization', cell: (i) => (i.loanPaymentStructure === 'InterestOnly' ? 'Interest only' : months(i.amortizationTerm)) },
            { title: 'Rate', cell: (i) => pct(i.interestRate, 3), numeric: true },
            { title: 'DSCR', cell: (i) => multiple(i.dscr), numeric: true, total: multiple(l.totalDSCR) },
            { title: 'LTV', cell: (i) => pct(i.ltv, 1), numeric: true, total: pct(l.avgLTV, 1) },
            { title: 'Debt yield', cell: (i) => pctNumber(i.debtYield), numeric: true, total: pctNumber(l.totalDebtYield) },
          ],
          { caption: 'Loans among the sources (each at its source amount)' },
        ),
  ];
}
