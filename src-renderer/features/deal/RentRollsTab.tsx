import { Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useState, type ReactNode } from 'react';
import type { ChannelOutput } from '../../../src-main/contract';
import { useChannel } from '../../shared/api';
import { DataTable, Figure, QueryView, Section, type TableColumn } from '../../shared/components/common';
import { date, int, text, usd } from '../../shared/format';
import { rentRollFigures } from './rent-roll-view';
import { ChosenItem } from './ChosenItem';
import { componentTitle } from './ComponentsTab';

type Summary = ChannelOutput<'deal.componentSummary'>['componentSummary'][number];
type Residential = ChannelOutput<'rentRoll.residential'>;
type Commercial = ChannelOutput<'rentRoll.commercial'>;
type RollItem = (Residential | Commercial)['rentRollItems'][number];

export function RentRollsTab({ dealId }: { dealId: string }) {
  const summaries = useChannel('deal.componentSummary', { dealId });
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <QueryView query={summaries} label="the components">
      {(s) => {
        const withRolls = s.componentSummary.filter((c) => c.componentType === 'Residential' || c.componentType === 'Commercial');
        if (withRolls.length === 0) {
          return (
            <Text size="sm" c="dimmed">
              No residential or commercial component: this deal has no rent roll.
            </Text>
          );
        }
        return (
          <Stack gap="md">
            <ChosenItem items={withRolls} chosen={chosen} onChoose={setChosen} label="Component" itemLabel={(c) => componentTitle(c, s.componentSummary.indexOf(c))}>
              {(selected) => <ComponentRentRolls key={selected.id} component={selected} />}
            </ChosenItem>
          </Stack>
        );
      }}
    </QueryView>
  );
}

function ComponentRentRolls({ component }: { component: Summary }) {
  const base = useChannel('component.base', { id: component.id });
  const [rollId, setRollId] = useState<string | null>(null);
  return (
    <QueryView query={base} label="the rent rolls">
      {(c) => {
        const order = c.rentRollsOrder;
        if (order.length === 0) {
          return (
            <Text size="sm" c="dimmed">
              This component has no rent roll.
            </Text>
          );
        }
        const current = rollId && order.includes(rollId) ? rollId : (c.selectedRentRollId ?? order[0]!);
        return (
          <Stack gap="md">
            {order.length > 1 && (
              <Group gap="xs">
                <Select
                  size="xs"
                  w={320}
                  label="Rent roll"
                  value={current}
                  onChange={setRollId}
                  allowDeselect={false}
                  data={order.map((id, i) => ({ value: id, label: `${i + 1}. ${id === c.selectedRentRollId ? 'Selected (primary)' : 'Rent roll'} · ${id.slice(0, 8)}` }))}
                />
              </Group>
            )}
            {component.componentType === 'Residential' ? <ResidentialRoll id={current} /> : <CommercialRoll id={current} />}
          </Stack>
        );
      }}
    </QueryView>
  );
}

function ExpiringLeases({ expiring }: { expiring: Record<string, number> }) {
  const data = Object.entries(expiring)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([year, count]) => ({ year, Leases: count }));
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No lease ends on record.
      </Text>
    );
  }
  return (
    <div data-testid="expiring-leases-chart" role="img" aria-label="Leases expiring by year">
      {/* Lease counts: whole-number ticks only (recharts would otherwise split a count of 2 into 0, 0.5, 1, ...). */}
      <BarChart h={200} data={data} dataKey="year" series={[{ name: 'Leases', color: 'indigo.6' }]} valueFormatter={(v) => int(v)} yAxisProps={{ allowDecimals: false }} />
    </div>
  );
}

/** The columns every rent roll item has: its tenant (or Vacant), then its space, rent and lease dates. */
const TENANT_COLUMN: TableColumn<RollItem> = { key: 'tenant', title: 'Tenant', render: (r) => (r.tenantName ? r.tenantName : <Text span size="sm" c="orange">Vacant</Text>) };
const LEASE_COLUMNS: TableColumn<RollItem>[] = [
  { key: 'sf', title: 'SF', numeric: true, render: (r) => int(r.unitSize) },
  { key: 'rent', title: 'Rent / mo', numeric: true, render: (r) => usd(r.monthlyRent) },
  { key: 'annual', title: 'Annual', numeric: true, render: (r) => usd(r.annualRent) },
  { key: 'psf', title: '$/SF / yr', numeric: true, render: (r) => usd(r.annualRentPerSf, { cents: true }) },
  { key: 'start', title: 'Lease start', render: (r) => date(r.leaseStart) },
  { key: 'end', title: 'Lease end', render: (r) => date(r.leaseEnd) },
];

/**
 * One rent roll: its totals under its name, the leases expiring by year (beside the unit types
 * when there are some), then its items under `itemsTitle` and their count.
 */
function RentRoll<R extends Residential | Commercial>({ roll, unitTypes, itemsTitle, columns }: { roll: R; unitTypes?: ReactNode; itemsTitle: string; columns: TableColumn<NoInfer<R>['rentRollItems'][number]>[] }) {
  const expiring = (
    <Section title="Leases expiring by year">
      <ExpiringLeases expiring={roll.expiringLeases} />
    </Section>
  );
  return (
    <Stack gap="md" data-testid="rent-roll">
      <Section title={roll.name} right={<Text size="xs" c="dimmed">{text(roll.comment)}</Text>}>
        <SimpleGrid cols={{ base: 3, md: 5, xl: 9 }} spacing="md" data-testid="rent-roll-totals">
          {rentRollFigures(roll).map((f) => (
            <Figure key={f.testId} label={f.label} value={f.value} testId={f.testId} />
          ))}
        </SimpleGrid>
      </Section>
      {unitTypes ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {unitTypes}
          {expiring}
        </SimpleGrid>
      ) : (
        expiring
      )}
      <Section title={`${itemsTitle} (${int(roll.rentRollItems.length)})`}>
        <DataTable testId="rent-roll-items" rows={roll.rentRollItems} rowKey={(r) => r.id} maxHeight={420} columns={columns} />
      </Section>
    </Stack>
  );
}

function ResidentialRoll({ id }: { id: string }) {
  const q = useChannel('rentRoll.residential', { id });
  return (
    <QueryView query={q} label="the rent roll">
      {(roll) => (
        <RentRoll
          roll={roll}
          unitTypes={
            <Section title="Unit types">
              <DataTable
                testId="unit-type-summary"
                rows={roll.unitTypeSummaryTable}
                rowKey={(u) => `${u.bedrooms}-${u.bathrooms}`}
                columns={[
                  { key: 'bb', title: 'Bed / bath', render: (u) => `${u.bedrooms} BR / ${u.bathrooms} BA` },
                  { key: 'n', title: 'Units', numeric: true, render: (u) => int(u.totalUnits) },
                  { key: 'sf', title: 'Avg SF', numeric: true, render: (u) => int(u.avgSf) },
                  { key: 'rent', title: 'Avg rent / mo', numeric: true, render: (u) => usd(u.avgMonthlyRevenuePerUnit) },
                  { key: 'psf', title: 'Avg $/SF / mo', numeric: true, render: (u) => usd(u.avgMonthlyRevenuePerSf, { cents: true }) },
                ]}
              />
            </Section>
          }
          itemsTitle="Units"
          columns={[
            { key: 'unit', title: 'Unit', render: (r) => r.unitNumber },
            { key: 'type', title: 'Type', render: (r) => r.unitType },
            TENANT_COLUMN,
            ...LEASE_COLUMNS,
          ]}
        />
      )}
    </QueryView>
  );
}

function CommercialRoll({ id }: { id: string }) {
  const q = useChannel('rentRoll.commercial', { id });
  return (
    <QueryView query={q} label="the rent roll">
      {(roll) => (
        <RentRoll
          roll={roll}
          itemsTitle="Suites"
          columns={[
            { key: 'suite', title: 'Suite', render: (r) => r.suite },
            { key: 'floor', title: 'Floor', numeric: true, render: (r) => int(r.floor) },
            TENANT_COLUMN,
            { key: 'lease', title: 'Lease type', render: (r) => text(r.leaseType) },
            ...LEASE_COLUMNS,
          ]}
        />
      )}
    </QueryView>
  );
}
