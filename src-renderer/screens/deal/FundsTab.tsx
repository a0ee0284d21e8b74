import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useChannel } from '../../api';
import { DataTable, Figure, QueryView, Section } from '../../components/common';
import { label, months, multiple, pct, pctNumber, usd } from '../../format';

/** Sources and uses with their totals, $/unit, $/SF, shares, the balance, and each loan's metrics. */
export function FundsTab({ dealId }: { dealId: string }) {
  const funds = useChannel('deal.funds', { dealId });
  return (
    <QueryView query={funds} label="the funds">
      {(f) => {
        const balance = f.fundsSourcesInfo.balanceBetweenUsesAndSources;
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
              <Section title="Sources" right={<Text fw={600}>{usd(f.fundsSourcesInfo.totalAmount)}</Text>}>
                <DataTable
                  testId="funds-sources"
                  rows={f.fundsSourcesInfo.fundSourceItems}
                  rowKey={(r) => r.id}
                  withTotals
                  columns={[
                    { key: 'name', title: 'Source', render: (r) => r.sourcesOfFunds, total: 'Total' },
                    { key: 'amount', title: 'Amount', numeric: true, render: (r) => usd(r.amount), total: usd(f.fundsSourcesInfo.totalAmount) },
                    { key: 'share', title: '% of total', numeric: true, render: (r) => pct(r.percentOfTotal, 1), total: pct(1, 1) },
                    { key: 'unit', title: '$/unit', numeric: true, render: (r) => usd(r.dollarPerUnit), total: usd(f.fundsSourcesInfo.totalDollarPerUnit) },
                    { key: 'sf', title: '$/SF', numeric: true, render: (r) => usd(r.dollarPerSF, { cents: true }), total: usd(f.fundsSourcesInfo.totalDollarPerSF, { cents: true }) },
                    { key: 'rate', title: 'Rate', numeric: true, render: (r) => pct(r.interestRate, 3) },
                    { key: 'structure', title: 'Structure', render: (r) => (r.loanPaymentStructure ? label(r.loanPaymentStructure) : '—') },
                    { key: 'amort', title: 'Amortization', numeric: true, render: (r) => months(r.amortizationTerm) },
                  ]}
                />
              </Section>
              <Section title="Uses" right={<Text fw={600}>{usd(f.fundsUsesInfo.totalAmount)}</Text>}>
                <DataTable
                  testId="funds-uses"
                  rows={f.fundsUsesInfo.fundUseItems}
                  rowKey={(r) => r.id}
                  withTotals
                  columns={[
                    { key: 'name', title: 'Use', render: (r) => r.usesOfFunds, total: 'Total' },
                    { key: 'amount', title: 'Amount', numeric: true, render: (r) => usd(r.amount), total: usd(f.fundsUsesInfo.totalAmount) },
                    { key: 'share', title: '% of total', numeric: true, render: (r) => pct(r.percentOfTotal, 1), total: pct(1, 1) },
                    { key: 'unit', title: '$/unit', numeric: true, render: (r) => usd(r.dollarPerUnit), total: usd(f.fundsUsesInfo.totalDollarPerUnit) },
                    { key: 'sf', title: '$/SF', numeric: true, render: (r) => usd(r.dollarPerSF, { cents: true }), total: usd(f.fundsUsesInfo.totalDollarPerSF, { cents: true }) },
                  ]}
                />
              </Section>
            </SimpleGrid>
            <Section title="Loans">
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
                  { key: 'name', title: 'Loan', render: (r) => r.sourcesOfFunds },
                  { key: 'amount', title: 'Amount', numeric: true, render: (r) => usd(r.amount) },
                  { key: 'rate', title: 'Rate', numeric: true, render: (r) => pct(r.interestRate, 3) },
                  { key: 'structure', title: 'Structure', render: (r) => label(r.loanPaymentStructure) },
                  { key: 'amort', title: 'Amortization', numeric: true, render: (r) => months(r.amortizationTerm) },
                  { key: 'noi', title: 'Deal NOI', numeric: true, render: (r) => usd(r.dealNOI) },
                  { key: 'value', title: 'Income valuation', numeric: true, render: (r) => usd(r.dealIncomeValuation) },
                  { key: 'dscr', title: 'DSCR', numeric: true, render: (r) => multiple(r.dscr) },
                  { key: 'dy', title: 'Debt yield', numeric: true, render: (r) => pctNumber(r.debtYield) },
                  { key: 'ltv', title: 'LTV', numeric: true, render: (r) => pct(r.ltv, 1) },
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
