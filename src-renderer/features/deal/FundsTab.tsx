import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useChannel } from '../../shared/api';
import { DataTable, Figure, QueryView, Section, type TableColumn } from '../../shared/components/common';
import { label, months, multiple, pct, pctNumber, usd } from '../../shared/format';
import type { Deal } from './deal';

/**
 * Sources and uses with their totals, $/unit, $/SF, shares, the balance, and each loan's metrics.
 * The first loan is the deal's own: the core gives it the deal's current terms, at the amount
 * fundsLoanAmount names, and this tab says which amount that is.
 */
export function FundsTab({ dealId, deal }: { dealId: string; deal: Deal }) {
  const funds = useChannel('deal.funds', { dealId });
  return (
    <QueryView query={funds} label="the funds">
      {(f) => {
        const balance = f.fundsSourcesInfo.balanceBetweenUsesAndSources;
        const dealLoan = f.fundsLoansInfo.loanFundsItems[0];
        const amount = fundsLoanAmount(deal);
        const isDealLoan = (r: unknown) => r === dealLoan;
        const balanced = Math.abs(balance) < 0.5;
        return (
          <Stack gap="md">
            <Group gap="sm" data-testid="funds-balance">
              <Badge size="lg" variant="light" color={balanced ? 'teal' : 'orange'}>
                {balanced ? 'Sources and uses balance' : balance > 0 ? `Uses exceed sources by ${usd(balance)}` : `Sources exceed uses by ${usd(-balance)}`}
              </Badge>
              <Text size="sm" c="dimmed">
                {f.fundsSourcesInfo.balanceName}
              </Text>
            </Group>
            <SimpleGrid cols={1} spacing="md">
              <FundsTable
                title="Sources"
                testId="funds-sources"
                rows={f.fundsSourcesInfo.fundSourceItems}
                totals={f.fundsSourcesInfo}
                name={{ title: 'Source', render: (r) => r.sourcesOfFunds }}
                more={[
                  { key: 'rate', title: 'Rate', numeric: true, render: (r) => pct(r.interestRate, 3) },
                  { key: 'structure', title: 'Structure', render: (r) => (r.loanPaymentStructure ? label(r.loanPaymentStructure) : '—') },
                  { key: 'amort', title: 'Amortization', numeric: true, render: (r) => months(r.amortizationTerm) },
                ]}
              />
              <FundsTable title="Uses" testId="funds-uses" rows={f.fundsUsesInfo.fundUseItems} totals={f.fundsUsesInfo} name={{ title: 'Use', render: (r) => r.usesOfFunds }} />
            </SimpleGrid>
            <Section title="Loans">
              {dealLoan && (
                <Text size="sm" c="dimmed" data-testid="funds-loan-basis">
                  {dealLoan.sourcesOfFunds} is the deal's loan: its {amount.basis === 'originated' ? 'originated' : 'current'} amount, {usd(amount.amount)}, with the deal's
                  current rate, structure and amortization.
                  {amount.basis === 'originated' && amount.amount !== deal.grossLoan
                    ? ` The header's DSCR, debt yield and LTV use the current amount, ${usd(deal.grossLoan)}, so they differ from these.`
                    : ''}{' '}
                  Each loan is tested alone against the deal's NOI; LTV is on the income valuation.
                </Text>
              )}
              <Group gap="xl">
                <Figure label="Weighted avg LTV" value={pct(f.fundsLoansInfo.avgLTV, 1)} />
                <Figure label="Total DSCR" value={multiple(f.fundsLoansInfo.totalDSCR)} />
                <Figure label="Total debt yield" value={pctNumber(f.fundsLoansInfo.totalDebtYield)} />
              </Group>
              <DataTable
                testId="funds-loans"
                rows={f.fundsLoansInfo.loanFundsItems}
                rowKey={(r, i) => `${r.sourcesOfFunds}-${i}`}
                columns={[
                  {
                    key: 'name',
                    title: 'Loan',
                    render: (r) => (
                      <Group gap={6} wrap="nowrap">
                        {r.sourcesOfFunds}
                        {isDealLoan(r) && (
                          <Badge size="xs" variant="light" data-testid="funds-deal-loan">
                            deal's loan · {amount.basis} amount
                          </Badge>
                        )}
                      </Group>
                    ),
                  },
                  { key: 'amount', title: 'Amount', numeric: true, render: (r) => usd(r.amount) },
                  { key: 'rate', title: 'Rate', numeric: true, render: (r) => pct(r.interestRate, 3) },
                  { key: 'structure', title: 'Structure', render: (r) => label(r.loanPaymentStructure) },
                  { key: 'amort', title: 'Amortization', numeric: true, render: (r) => months(r.amortizationTerm) },
                  { key: 'ds', title: 'Debt service', numeric: true, render: (r) => usd(r.debtService) },
                  { key: 'noi', title: 'Deal NOI', numeric: true, render: (r) => usd(r.dealNOI) },
                  { key: 'value', title: 'Income valuation', numeric: true, render: (r) => usd(r.dealIncomeValuation) },
                  { key: 'dscr', title: 'DSCR', numeric: true, render: (r) => multiple(r.dscr) },
                  { key: 'dy', title: 'Debt yield', numeric: true, render: (r) => pctNumber(r.debtYield) },
                  { key: 'ltv', title: 'LTV (income value)', numeric: true, render: (r) => pct(r.ltv, 1) },
                ]}
                empty="No loan among the sources."
              />
            </Section>
          </Stack>
        );
      }}
    </QueryView>
  );
}

/**
 * The amount at which the funds analysis shows the deal's own loan (the core's rule): the
 * originated amount once there is one, else the current amount.
 */
export function fundsLoanAmount(deal: Pick<Deal, 'originatedLoanAmount' | 'grossLoan'>): { basis: 'originated' | 'current'; amount: number } {
  return deal.originatedLoanAmount > 0 ? { basis: 'originated', amount: deal.originatedLoanAmount } : { basis: 'current', amount: deal.grossLoan };
}

type FundItem = { id: string; amount: number; percentOfTotal: number; dollarPerUnit: number; dollarPerSF: number };

/**
 * Sources or uses of funds under their total: each item's amount, share, $/unit and $/SF (then
 * the `more` columns), with a totals row.
 */
function FundsTable<R extends FundItem>({
  title,
  testId,
  rows,
  totals,
  name,
  more = [],
}: {
  title: string;
  testId: string;
  rows: readonly R[];
  totals: { totalAmount: number; totalDollarPerUnit: number; totalDollarPerSF: number };
  /** The first column: what each item is. */
  name: { title: string; render: (row: R) => string };
  more?: TableColumn<R>[];
}) {
  return (
    <Section title={title} right={<Text fw={600}>{usd(totals.totalAmount)}</Text>}>
      <DataTable
        testId={testId}
        rows={rows}
        rowKey={(r) => r.id}
        withTotals
        columns={[
          { key: 'name', ...name, total: 'Total' },
          { key: 'amount', title: 'Amount', numeric: true, render: (r) => usd(r.amount), total: usd(totals.totalAmount) },
          { key: 'share', title: '% of total', numeric: true, render: (r) => pct(r.percentOfTotal, 1), total: pct(1, 1) },
          { key: 'unit', title: '$/unit', numeric: true, render: (r) => usd(r.dollarPerUnit), total: usd(totals.totalDollarPerUnit) },
          { key: 'sf', title: '$/SF', numeric: true, render: (r) => usd(r.dollarPerSF, { cents: true }), total: usd(totals.totalDollarPerSF, { cents: true }) },
          ...more,
        ]}
      />
    </Section>
  );
}
