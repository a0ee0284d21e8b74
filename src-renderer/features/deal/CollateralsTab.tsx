import { Group, Select, SimpleGrid, Stack, Table, Text, type TableProps } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { useState, type ReactNode } from 'react';
import { DCF_NPV_NOTE, type ChannelOutput } from '../../../src-main/contract';
import { useChannel } from '../../shared/api';
import { DataTable, Figure, KeyValues, QueryView, Section } from '../../shared/components/common';
import { date, int, pct, text, usd, usdCompact } from '../../shared/format';
import { SummariesAndDetail } from './SummariesAndDetail';

type CashFlowResponse = ChannelOutput<'collateral.cashFlow'>;
type Valuation = CashFlowResponse['revenueValuations'][number];
type CashFlow = Valuation['cashFlow'];

export function CollateralsTab({ dealId }: { dealId: string }) {
  const summaries = useChannel('deal.collateralSummary', { dealId });
  return (
    <SummariesAndDetail
      query={summaries}
      label="the collaterals"
      items={(s) => s.collateralSummaries}
      title="Collaterals"
      chooser={{ label: 'Collateral', itemLabel: (c) => c.name ?? c.address.fullAddress }}
      table={(list) => ({
        testId: 'collateral-summaries',
        withTotals: list.length > 1,
        columns: [
          { key: 'name', title: 'Collateral', render: (r) => text(r.name), total: 'Total' },
          { key: 'address', title: 'Address', render: (r) => text(r.address.fullAddress) },
          { key: 'year', title: 'Built', numeric: true, render: (r) => (r.yearBuilt ? String(r.yearBuilt) : '—') },
          { key: 'sf', title: 'SF', numeric: true, render: (r) => int(r.totalSF), total: int(sum(list.map((c) => c.totalSF))) },
          { key: 'units', title: 'Units', numeric: true, render: (r) => int(r.totalUnit), total: int(sum(list.map((c) => c.totalUnit))) },
          { key: 'noi', title: 'NOI', numeric: true, render: (r) => usd(r.netOperatingIncome), total: usd(sum(list.map((c) => c.netOperatingIncome))) },
          { key: 'ni', title: 'Net income', numeric: true, render: (r) => usd(r.netIncome), total: usd(sum(list.map((c) => c.netIncome))) },
          { key: 'income', title: 'Income value', numeric: true, render: (r) => usd(r.incomeValuation), total: usd(sum(list.map((c) => c.incomeValuation))) },
          { key: 'sales', title: 'Sales value', numeric: true, render: (r) => usd(r.salesValuation), total: usd(sum(list.map((c) => c.salesValuation))) },
          { key: 'alt', title: 'Alternative', numeric: true, render: (r) => usd(r.alternativeValuation), total: usd(sum(list.map((c) => c.alternativeValuation))) },
        ],
        empty: 'This deal has no collateral.',
      })}
    >
      {(selected) => <CollateralCashFlow key={selected.id} collateralId={selected.id} />}
    </SummariesAndDetail>
  );
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function CollateralCashFlow({ collateralId }: { collateralId: string }) {
  const cashFlow = useChannel('collateral.cashFlow', { id: collateralId });
  const [valuationId, setValuationId] = useState<string | null>(null);
  return (
    <QueryView query={cashFlow} label="the cash flow">
      {(c) => {
        const valuations = c.revenueValuations;
        const current = valuations.find((v) => v.valuationsInfoId === valuationId) ?? valuations.find((v) => v.valuationsInfoId === c.mainIncomeValuationId) ?? valuations[0];
        return (
          <Stack gap="md">
            <Section title="Valuations">
              <SimpleGrid cols={{ base: 2, md: 4 }}>
                <Figure label="Income (main)" value={usd(current?.totalValuation ?? 0)} hint={`cap rate ${pct(c.mainIncomeValuationCapRate)}`} />
                <Figure label="Sales comparison" value={usd(c.salesValuation)} />
                <Figure label="Alternative (main)" value={usd(c.mainAlternativeValuation)} hint={c.mainAlternativeValuationDate ? `as of ${date(c.mainAlternativeValuationDate)}` : undefined} />
                <Figure label="Market cap rate" value={pct(c.marketCapRate)} />
              </SimpleGrid>
              <DataTable
                testId="revenue-valuations"
                rows={valuations}
                rowKey={(v) => v.valuationsInfoId}
                columns={[
                  { key: 'name', title: 'Income valuation', render: (v) => `${v.name}${v.valuationsInfoId === c.mainIncomeValuationId ? ' (main)' : ''}` },
                  { key: 'type', title: 'Type', render: (v) => v.userValuationType },
                  { key: 'cap', title: 'Cap rate', numeric: true, render: (v) => pct(v.capRate) },
                  { key: 'noi', title: 'NOI', numeric: true, render: (v) => usd(v.cashFlow.netOperatingIncome) },
                  { key: 'value', title: 'Value', numeric: true, render: (v) => usd(v.totalValuation) },
                  { key: 'npv', title: 'DCF NPV', numeric: true, render: (v) => usd(v.cashFlow.netPresentValue) },
                  { key: 'period', title: 'Period', render: (v) => `${date(v.startDate)} – ${date(v.endDate)}` },
                ]}
                empty="No income valuation."
              />
              {c.alternativeValuations.length > 0 && (
                <DataTable
                  testId="alternative-valuations"
                  rows={c.alternativeValuations}
                  rowKey={(v) => v.valuationsInfoId}
                  columns={[
                    { key: 'name', title: 'Alternative valuation', render: (v) => v.name },
                    { key: 'desc', title: 'Description', render: (v) => text(v.description) },
                    { key: 'date', title: 'As of', render: (v) => date(v.asOfDate) },
                    { key: 'value', title: 'Value', numeric: true, render: (v) => usd(v.valuation) },
                  ]}
                />
              )}
            </Section>
            {current && (
              <Section
                title="Cash flow by year"
                right={
                  valuations.length > 1 ? (
                    <Select
                      size="xs"
                      w={260}
                      aria-label="Valuation"
                      value={current.valuationsInfoId}
                      onChange={setValuationId}
                      data={valuations.map((v) => ({ value: v.valuationsInfoId, label: v.name }))}
                      allowDeselect={false}
                    />
                  ) : undefined
                }
              >
                <CashFlowTable cashFlow={current.cashFlow} startDate={current.startDate} />
                <CashFlowChart cashFlow={current.cashFlow} startDate={current.startDate} />
                <Dcf valuation={current} />
              </Section>
            )}
          </Stack>
        );
      }}
    </QueryView>
  );
}

function yearLabels(count: number, startDate: string | null): string[] {
  const first = startDate ? Number(startDate.slice(0, 4)) : null;
  return Array.from({ length: count }, (_, i) => (first ? String(first + i) : `Year ${i + 1}`));
}

const LADDER: { key: string; label: string; values: (c: CashFlow) => number[]; strong?: boolean; negative?: boolean }[] = [
  { key: 'revenue', label: 'Revenue', values: (c) => c.revenue.totalByYear },
  { key: 'vacancy', label: 'Vacancy and concessions', values: (c) => c.vacancyAndConcessions.totalByYear, negative: true },
  { key: 'other', label: 'Other income', values: (c) => c.otherIncome.totalByYear },
  { key: 'egi', label: 'Effective gross income', values: (c) => c.effectiveIncomeByYear, strong: true },
  { key: 'opex', label: 'Operating expenses', values: (c) => c.operatingExpenses.totalByYear, negative: true },
  { key: 'noi', label: 'Net operating income', values: (c) => c.netOperatingIncomeByYear, strong: true },
  { key: 'btl', label: 'Below the line', values: (c) => c.belowTheLineExpense.totalByYear, negative: true },
  { key: 'ni', label: 'Net cash flow', values: (c) => c.netIncomeByYear, strong: true },
];

/** A table by year: an empty corner cell then one right-aligned head cell a year, over `children` (its rows). */
function YearsTable({ years, children, ...table }: TableProps & { years: string[]; children: ReactNode; 'data-testid': string }) {
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table withTableBorder className="uw-table" {...table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {years.map((y) => (
              <Table.Th key={y} className="uw-num">
                {y}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One right-aligned dollar cell per value. */
function UsdCells({ values, fw }: { values: number[]; fw?: number }) {
  return values.map((v, i) => (
    <Table.Td key={i} className="uw-num" fw={fw}>
      {usd(v)}
    </Table.Td>
  ));
}

function CashFlowTable({ cashFlow, startDate }: { cashFlow: CashFlow; startDate: string | null }) {
  const years = yearLabels(cashFlow.netOperatingIncomeByYear.length, startDate);
  return (
    <YearsTable years={years} striped verticalSpacing={4} fz="sm" data-testid="cash-flow-table">
      {LADDER.map((line) => (
        <Table.Tr key={line.key}>
          <Table.Td fw={line.strong ? 600 : undefined}>{line.negative ? `less ${line.label.toLowerCase()}` : line.label}</Table.Td>
          <UsdCells values={line.values(cashFlow)} fw={line.strong ? 600 : undefined} />
        </Table.Tr>
      ))}
    </YearsTable>
  );
}

function CashFlowChart({ cashFlow, startDate }: { cashFlow: CashFlow; startDate: string | null }) {
  const years = yearLabels(cashFlow.netOperatingIncomeByYear.length, startDate);
  const data = years.map((year, i) => ({
    year,
    Revenue: cashFlow.revenue.totalByYear[i] ?? 0,
    EGI: cashFlow.effectiveIncomeByYear[i] ?? 0,
    Expenses: cashFlow.operatingExpenses.totalByYear[i] ?? 0,
    NOI: cashFlow.netOperatingIncomeByYear[i] ?? 0,
  }));
  return (
    <div data-testid="cash-flow-chart" aria-label="Revenue, EGI, expenses and NOI by year" role="img">
      <LineChart
        h={240}
        data={data}
        dataKey="year"
        valueFormatter={usdCompact}
        withLegend
        curveType="linear"
        series={[
          { name: 'Revenue', color: 'indigo.6' },
          { name: 'EGI', color: 'teal.6' },
          { name: 'Expenses', color: 'orange.6' },
          { name: 'NOI', color: 'grape.6' },
        ]}
      />
    </div>
  );
}

function Dcf({ valuation }: { valuation: Valuation }) {
  const c = valuation.cashFlow;
  const years = yearLabels(c.presentValues.length, valuation.startDate);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Discounted cash flow
      </Text>
      <KeyValues
        cols={3}
        items={[
          ['Discount rate', pct(c.dcfModel.discountRate)],
          ['Reversion (final sale)', usd(c.finalSale)],
          ['Net present value', usd(c.netPresentValue)],
          ['Expense ratio', pct(c.expenseRatio, 1)],
          ['Cap rate', pct(valuation.capRate)],
          ['Income value', usd(valuation.totalValuation)],
        ]}
      />
      <YearsTable years={years} verticalSpacing={2} fz="xs" data-testid="dcf-table">
        {(
          [
            ['Revenue growth', c.dcfModel.revenueGrowth],
            ['Expense growth', c.dcfModel.expenseGrowth],
          ] as const
        ).map(([name, rates]) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            {years.map((y, i) => (
              <Table.Td key={y} className="uw-num">
                {pct(rates[i], 1)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td>Present value</Table.Td>
          <UsdCells values={c.presentValues} />
        </Table.Tr>
      </YearsTable>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {DCF_NPV_NOTE}
        </Text>
      </Group>
    </Stack>
  );
}
