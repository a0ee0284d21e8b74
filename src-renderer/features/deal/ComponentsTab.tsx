import { Badge, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ChannelOutput } from '../../../src-main/contract';
import type { ReactNode } from 'react';
import { useChannel } from '../../shared/api';
import { DataTable, Figure, KeyValues, QueryView, Section, type TableColumn } from '../../shared/components/common';
import { date, int, label, num, pct, sf, text, timestamp, usd } from '../../shared/format';
import { SummariesAndDetail } from './SummariesAndDetail';

type Summary = ChannelOutput<'deal.componentSummary'>['componentSummary'][number];
type Base = ChannelOutput<'component.base'>;

/**
 * Market data as loose records: the contract builds these long flat objects with a helper whose
 * field types do not survive inference, so reads go through typed accessors.
 */
type Market = Record<string, unknown>;
const str = (m: Market, key: string): string => (typeof m[key] === 'string' ? (m[key] as string) : '');
const nbr = (m: Market, key: string): number | null => (typeof m[key] === 'number' ? (m[key] as number) : null);

export function componentTitle(c: Pick<Summary, 'componentType' | 'assetType'>, index: number): string {
  return `${index + 1}. ${label(c.componentType)} · ${label(c.assetType)}`;
}

export function ComponentsTab({ dealId }: { dealId: string }) {
  const summaries = useChannel('deal.componentSummary', { dealId });
  return (
    <SummariesAndDetail
      query={summaries}
      label="the components"
      items={(s) => s.componentSummary}
      title="Components"
      chooser={{ label: 'Component', itemLabel: (c, i) => componentTitle(c, i) }}
      table={(list) => ({
        testId: 'component-summaries',
        columns: [
          { key: 'type', title: 'Component', render: (r) => componentTitle(r, list.indexOf(r)) },
          { key: 'units', title: 'Units', numeric: true, render: (r) => int(r.totalUnits) },
          { key: 'sf', title: 'SF', numeric: true, render: (r) => int(r.totalSf) },
          { key: 'sale', title: 'Sale value', numeric: true, render: (r) => usd(r.saleValue) },
          { key: 'market', title: 'Market revenue', numeric: true, render: (r) => usd(r.totalMarketAnnualRevenue) },
          { key: 'concluded', title: 'Concluded revenue', numeric: true, render: (r) => usd(r.totalConcludedRentAnnualRevenue) },
          { key: 'rr', title: 'Rent roll revenue', numeric: true, render: (r) => usd(r.totalRentRollAnnualRevenue) },
          { key: 'mv', title: 'Market vacancy', numeric: true, render: (r) => pct(r.marketVacancy, 1) },
          { key: 'rv', title: 'Rent roll vacancy', numeric: true, render: (r) => pct(r.rentRollVacancy, 1) },
        ],
        empty: 'This deal has no component.',
      })}
    >
      {(selected) => <ComponentDetail key={selected.id} summary={selected} />}
    </SummariesAndDetail>
  );
}

function ComponentDetail({ summary }: { summary: Summary }) {
  const base = useChannel('component.base', { id: summary.id });
  return (
    <QueryView query={base} label="the component">
      {(c) => (
        <Stack gap="md">
          <Section title="Market" right={<Text size="xs" c="dimmed">{c.address.fullAddress}</Text>}>
            <MarketPanels component={c} />
          </Section>
          {summary.componentType === 'Residential' && <ResidentialUnits id={summary.id} />}
          {summary.componentType === 'Commercial' && <CommercialUnits id={summary.id} />}
          {summary.componentType === 'Hotel' && <HotelInfo id={summary.id} />}
        </Stack>
      )}
    </QueryView>
  );
}

function quintileColor(q: string): string {
  const n = Number(/\d/.exec(q)?.[0]);
  return n >= 4 ? 'teal' : n === 3 ? 'yellow' : n >= 1 ? 'red' : 'gray';
}

function Quintile({ name, value }: { name: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" className="uw-ellipsis">
        {name}
      </Text>
      <Badge size="sm" variant="light" color={quintileColor(value)}>
        {text(value)}
      </Badge>
    </Group>
  );
}

function MarketPanels({ component }: { component: Base }) {
  const { marketData, marketForecast, marketSummary, marketTrendSummary } = component;
  if (!marketData && !marketForecast && !marketSummary && !marketTrendSummary) {
    return (
      <Text size="sm" c="dimmed">
        No market research for this component.
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="market-data">
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        {marketData && <MainMarket m={marketData.mainMarket as Market} />}
        {marketData && <SubMarket m={marketData.subMarket as Market} />}
        {marketForecast && <Forecast f={marketForecast as Market} />}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {marketTrendSummary && (
          <Stack gap="xs" data-testid="market-trend">
            <Title order={4} size="h6">
              Trend summary <Text span size="xs" c="dimmed">updated {timestamp(marketTrendSummary.lastUpdated)}</Text>
            </Title>
            <Text size="sm" fw={600}>
              {marketTrendSummary.rent.title}
            </Text>
            <List size="sm" spacing={2}>
              {marketTrendSummary.rent.bullets.map((b, i) => (
                <List.Item key={i}>{b}</List.Item>
              ))}
            </List>
            {marketTrendSummary.sections.map((s, i) => (
              <Stack key={i} gap={0}>
                <Text size="sm" fw={600}>
                  {s.title}
                </Text>
                <Text size="sm">{s.para}</Text>
              </Stack>
            ))}
          </Stack>
        )}
        {marketSummary && (
          <SimpleGrid cols={2} spacing="md" data-testid="market-swot">
            <SummaryPoints title="Strengths" color="teal" points={(['strength1', 'strength2', 'strength3'] as const).map((k) => str(marketSummary as Market, k))} />
            <SummaryPoints title="Weaknesses" color="red" points={(['weakness1', 'weakness2', 'weakness3'] as const).map((k) => str(marketSummary as Market, k))} />
          </SimpleGrid>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** One side of the market summary (strengths or weaknesses): its non-empty points as a list. */
function SummaryPoints({ title, color, points }: { title: string; color: string; points: string[] }) {
  return (
    <Stack gap="xs">
      <Title order={4} size="h6" c={color}>
        {title}
      </Title>
      <List size="sm" spacing={4}>
        {points.filter(Boolean).map((s, i) => (
          <List.Item key={i}>{s}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * One panel of market research: its title (beside its grade, if any), a dimmed line of where and
 * when, three columns of key figures, more figures as keys and values, the quintiles if any, then
 * `children`.
 */
function MarketPanel({
  testId,
  title,
  grade,
  source,
  figures,
  items,
  quintiles = [],
  children,
}: {
  testId: string;
  title: string;
  grade?: ReactNode;
  source: ReactNode;
  figures: [string, string][];
  items: [string, ReactNode][];
  quintiles?: [string, string][];
  children?: ReactNode;
}) {
  const heading = (
    <Title order={4} size="h6">
      {title}
    </Title>
  );
  return (
    <Stack gap="xs" data-testid={testId}>
      {grade ? (
        <Group justify="space-between" wrap="nowrap">
          {heading}
          {grade}
        </Group>
      ) : (
        heading
      )}
      <Text size="xs" c="dimmed">
        {source}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {figures.map(([label, value]) => (
          <Figure key={label} label={label} value={value} />
        ))}
      </SimpleGrid>
      <KeyValues items={items} />
      {quintiles.length > 0 && (
        <SimpleGrid cols={2} spacing={4}>
          {quintiles.map(([name, value]) => (
            <Quintile key={name} name={name} value={value} />
          ))}
        </SimpleGrid>
      )}
      {children}
    </Stack>
  );
}

function MainMarket({ m }: { m: Market }) {
  return (
    <MarketPanel
      testId="main-market"
      title={`Main market · ${str(m, 'marketPublish')}`}
      grade={<Badge variant="filled">Grade {str(m, 'grade')}</Badge>}
      source={`${str(m, 'sectorPublish')} · ${str(m, 'marketAbbr')} · updated ${timestamp(str(m, 'timestampUpdate'))}`}
      figures={[
        ['Occupancy', pct(nbr(m, 'occupancy'), 1)],
        ['Effective rent', usd(nbr(m, 'rentEffective'))],
        ['Economic cap rate', pct(nbr(m, 'caprateEconomic'))],
        ['Unlevered IRR', pct(nbr(m, 'irrUnlevered'))],
        ['NOI growth (LT)', pct(nbr(m, 'noiGrowthLt'))],
        ['Inventory', int(nbr(m, 'inventory'))],
      ]}
      items={[
        ['Inventory growth (5 yr)', pct(nbr(m, 'inventoryGrowth5Yr'))],
        ['Asset value momentum', num(nbr(m, 'assetValueMomentum'))],
        ['Desirability', num(nbr(m, 'desirability'), 1)],
        ['Median household income', usd(nbr(m, 'incomeHhiMedianCensus'))],
        ['Median home value', usd(nbr(m, 'homeValueMedianCensus'))],
        ['Homeownership', pct(nbr(m, 'homeownershipRate'), 1)],
        ['Commute (mean, min)', num(nbr(m, 'commuteTimeMean'), 1)],
        ['Median age', num(nbr(m, 'ageMedian'), 1)],
      ]}
      quintiles={[
        ['Crime', str(m, 'crimeRateQuintile')],
        ['Desirability', str(m, 'desirabilityQuintile')],
        ['Fiscal health', str(m, 'fiscalHealthTaxQuintile')],
        ['Affordability', str(m, 'housingAffordabilityQuintile')],
        ['Supply barrier', str(m, 'supplyBarrierQuintile')],
        ['IRR beta', str(m, 'irrBetaQuintile')],
      ]}
    >
      {str(m, 'commentary') && (
        <Text size="sm" c="dimmed">
          {str(m, 'commentary')}
        </Text>
      )}
    </MarketPanel>
  );
}

function SubMarket({ m }: { m: Market }) {
  return (
    <MarketPanel
      testId="sub-market"
      title={`Submarket · ${str(m, 'subMarketPublish')}`}
      grade={<Badge variant="light">Grade {str(m, 'grade')}</Badge>}
      source={`${str(m, 'marketPublish')} · ${str(m, 'sectorPublish')} · updated ${timestamp(str(m, 'timeStampUpdate'))}`}
      figures={[
        ['Occupancy', pct(nbr(m, 'occupancy'), 1)],
        ['Effective rent', usd(nbr(m, 'rentEffective'))],
        ['Nominal cap rate', pct(nbr(m, 'capRateNominal'))],
      ]}
      items={[
        ['Employment growth', pct(nbr(m, 'employmentGrowthCivilian'))],
        ['Desirability', num(nbr(m, 'desirability'), 1)],
        ['Median household income', usd(nbr(m, 'incomeHhiMedianCensus'))],
        ['Median gross rent', usd(nbr(m, 'rentGrossMedian'))],
        ['College degree', pct(nbr(m, 'populationDegreeCollegeCensusPct'), 1)],
        ['Walk score', text(str(m, 'walkScoreDescription'))],
      ]}
      quintiles={[
        ['Crime', str(m, 'crimeRateQuintile')],
        ['Desirability', str(m, 'desirabilityQuintile')],
        ['Affordability', str(m, 'housingAffordabilityQuintile')],
        ['Supply barrier', str(m, 'supplyBarrierQuintile')],
      ]}
    />
  );
}

function Forecast({ f: m }: { f: Market }) {
  return (
    <MarketPanel
      testId="market-forecast"
      title={`Forecast · ${str(m, 'scenarioPublish')}`}
      source={`${str(m, 'fcPublish')} · released ${date(str(m, 'dateFcRelease'))} · for ${date(str(m, 'date'))}`}
      figures={[
        ['Rent growth', pct(nbr(m, 'rentGrowth'))],
        ['NOI growth', pct(nbr(m, 'noiGrowth'))],
        ['Occupancy', pct(nbr(m, 'occupancy'), 1)],
      ]}
      items={[
        ['Demand growth', pct(nbr(m, 'demandGrowth'))],
        ['Supply growth', pct(nbr(m, 'supplyGrowth'))],
        ['NCF growth', pct(nbr(m, 'ncfGrowth'))],
        ['RevPAF growth', pct(nbr(m, 'mrevpafGrowth'))],
        ['Nominal cap rate', pct(nbr(m, 'caprateNominal'))],
        ['CPPI index', num(nbr(m, 'cppiIndex'), 1)],
      ]}
    />
  );
}

type Residential = ChannelOutput<'component.residential'>['livingUnitsInfo'];
type Commercial = ChannelOutput<'component.commercial'>['livingUnitsInfo'];

const UNIT_MIX_COLUMNS: TableColumn<Residential['livingUnits'][number]>[] = [
  { key: 'desc', title: 'Unit type', render: (u) => u.description },
  { key: 'bb', title: 'Bed / bath', render: (u) => `${u.bedrooms} / ${u.bathrooms}` },
  { key: 'n', title: 'Units', numeric: true, render: (u) => int(u.numUnits) },
  { key: 'size', title: 'Avg SF', numeric: true, render: (u) => int(u.unitSize) },
  { key: 'comps', title: 'Market rent / mo', numeric: true, render: (u) => usd(u.compsRevenue.monthlyPerUnit) },
  { key: 'concl', title: 'Concluded rent / mo', numeric: true, render: (u) => usd(u.concludedRevenue.monthlyPerUnit) },
  { key: 'psf', title: 'Concluded $/SF / yr', numeric: true, render: (u) => usd(u.concludedRevenue.annualPerSf, { cents: true }) },
  { key: 'annual', title: 'Concluded annual', numeric: true, render: (u) => usd(u.concludedRevenue.annual) },
];

const SUITE_COLUMNS: TableColumn<Commercial['livingUnits'][number]>[] = [
  { key: 'suite', title: 'Suite', render: (u) => u.suite },
  { key: 'desc', title: 'Description', render: (u) => u.description },
  { key: 'floor', title: 'Floor', numeric: true, render: (u) => int(u.floor) },
  { key: 'size', title: 'SF', numeric: true, render: (u) => int(u.unitSize) },
  { key: 'comps', title: 'Market $/SF / yr', numeric: true, render: (u) => usd(u.compsRevenue.annualPerSf, { cents: true }) },
  { key: 'concl', title: 'Concluded $/SF / yr', numeric: true, render: (u) => usd(u.concludedRevenue.annualPerSf, { cents: true }) },
  { key: 'annual', title: 'Concluded annual', numeric: true, render: (u) => usd(u.concludedRevenue.annual) },
];

/** A residential or commercial component's living units: their revenue totals over their table. */
function LivingUnits<U extends { id: string }>({ title, info, columns, maxHeight }: { title: string; info: Omit<Residential | Commercial, 'livingUnits'> & { livingUnits: readonly U[] }; columns: TableColumn<U>[]; maxHeight?: number }) {
  return (
    <Section title={title}>
      <Group gap="xl">
        <Figure label="Units" value={int(info.totalUnits)} />
        <Figure label="Total SF" value={sf(info.totalSf)} />
        <Figure label="Avg unit size" value={sf(info.averageUnitSize)} />
        <Figure label="Concluded revenue (annual)" value={usd(info.concludedTotalRevenue.annual)} />
        <Figure label="Market revenue (annual)" value={usd(info.compsTotalRevenue.annual)} />
        <Figure label="Market vacancy" value={pct(info.marketVacancy, 1)} />
      </Group>
      <DataTable testId="living-units" rows={info.livingUnits} rowKey={(u) => u.id} maxHeight={maxHeight} columns={columns} />
    </Section>
  );
}

function ResidentialUnits({ id }: { id: string }) {
  const q = useChannel('component.residential', { id });
  return (
    <QueryView query={q} label="the unit mix">
      {(c) => <LivingUnits title="Living units (unit mix)" info={c.livingUnitsInfo} columns={UNIT_MIX_COLUMNS} />}
    </QueryView>
  );
}

function CommercialUnits({ id }: { id: string }) {
  const q = useChannel('component.commercial', { id });
  return (
    <QueryView query={q} label="the suites">
      {(c) => <LivingUnits title="Living units (suites)" info={c.livingUnitsInfo} columns={SUITE_COLUMNS} maxHeight={360} />}
    </QueryView>
  );
}

function HotelInfo({ id }: { id: string }) {
  const q = useChannel('component.hotel', { id });
  return (
    <QueryView query={q} label="the hotel">
      {(c) => (
        <Section title="Hotel">
          <Group gap="xl" data-testid="hotel-info">
            <Figure label="Rooms" value={int(c.hotelInfo.totalRooms)} />
            <Figure label="ADR" value={usd(c.hotelInfo.averageDailyRate, { cents: true })} />
            <Figure label="Occupancy" value={pct(c.hotelInfo.occupancy, 1)} />
            <Figure label="RevPAR" value={usd(c.hotelInfo.revPar, { cents: true })} />
            <Figure label="Room revenue" value={usd(c.hotelInfo.roomRevenueAnnual)} />
            <Figure label="Other revenue" value={usd(c.hotelInfo.otherRevenueAnnual)} />
            <Figure label="Total revenue" value={usd(c.hotelInfo.totalRevenueAnnual)} />
          </Group>
        </Section>
      )}
    </QueryView>
  );
}
