import { Badge, Group, List, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ChannelOutput } from '../../../src-main/contract/app-channels';
import { useState } from 'react';
import { useChannel } from '../../api';
import { DataTable, Figure, KeyValues, QueryView, Section } from '../../components/common';
import { date, int, label, num, pct, sf, text, timestamp, usd } from '../../format';

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
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <QueryView query={summaries} label="the components">
      {(s) => {
        const list = s.componentSummary;
        const selected = list.find((c) => c.id === chosen) ?? list[0];
        return (
          <Stack gap="md">
            <Section title={`Components (${list.length})`}>
              <DataTable
                testId="component-summaries"
                rows={list}
                rowKey={(r) => r.id}
                columns={[
                  { key: 'type', title: 'Component', render: (r) => componentTitle(r, list.indexOf(r)) },
                  { key: 'units', title: 'Units', numeric: true, render: (r) => int(r.totalUnits) },
                  { key: 'sf', title: 'SF', numeric: true, render: (r) => int(r.totalSf) },
                  { key: 'sale', title: 'Sale value', numeric: true, render: (r) => usd(r.saleValue) },
                  { key: 'market', title: 'Market revenue', numeric: true, render: (r) => usd(r.totalMarketAnnualRevenue) },
                  { key: 'concluded', title: 'Concluded revenue', numeric: true, render: (r) => usd(r.totalConcludedRentAnnualRevenue) },
                  { key: 'rr', title: 'Rent roll revenue', numeric: true, render: (r) => usd(r.totalRentRollAnnualRevenue) },
                  { key: 'mv', title: 'Market vacancy', numeric: true, render: (r) => pct(r.marketVacancy, 1) },
                  { key: 'rv', title: 'Rent roll vacancy', numeric: true, render: (r) => pct(r.rentRollVacancy, 1) },
                ]}
                empty="This deal has no component."
              />
            </Section>
            {selected && (
              <>
                {list.length > 1 && (
                  <SegmentedControl
                    size="xs"
                    value={selected.id}
                    onChange={setChosen}
                    data={list.map((c, i) => ({ value: c.id, label: componentTitle(c, i) }))}
                    aria-label="Component"
                  />
                )}
                <ComponentDetail key={selected.id} summary={selected} />
              </>
            )}
          </Stack>
        );
      }}
    </QueryView>
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
            <Stack gap="xs">
              <Title order={4} size="h6" c="teal">
                Strengths
              </Title>
              <List size="sm" spacing={4}>
                {(['strength1', 'strength2', 'strength3'] as const).map((k) => str(marketSummary as Market, k)).filter(Boolean).map((s, i) => (
                  <List.Item key={i}>{s}</List.Item>
                ))}
              </List>
            </Stack>
            <Stack gap="xs">
              <Title order={4} size="h6" c="red">
                Weaknesses
              </Title>
              <List size="sm" spacing={4}>
                {(['weakness1', 'weakness2', 'weakness3'] as const).map((k) => str(marketSummary as Market, k)).filter(Boolean).map((s, i) => (
                  <List.Item key={i}>{s}</List.Item>
                ))}
              </List>
            </Stack>
          </SimpleGrid>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function MainMarket({ m }: { m: Market }) {
  return (
    <Stack gap="xs" data-testid="main-market">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4} size="h6">
          Main market · {str(m, 'marketPublish')}
        </Title>
        <Badge variant="filled">Grade {str(m, 'grade')}</Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {str(m, 'sectorPublish')} · {str(m, 'marketAbbr')} · updated {timestamp(str(m, 'timestampUpdate'))}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Occupancy" value={pct(nbr(m, 'occupancy'), 1)} />
        <Figure label="Effective rent" value={usd(nbr(m, 'rentEffective'))} />
        <Figure label="Economic cap rate" value={pct(nbr(m, 'caprateEconomic'))} />
        <Figure label="Unlevered IRR" value={pct(nbr(m, 'irrUnlevered'))} />
        <Figure label="NOI growth (LT)" value={pct(nbr(m, 'noiGrowthLt'))} />
        <Figure label="Inventory" value={int(nbr(m, 'inventory'))} />
      </SimpleGrid>
      <KeyValues
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
      />
      <SimpleGrid cols={2} spacing={4}>
        <Quintile name="Crime" value={str(m, 'crimeRateQuintile')} />
        <Quintile name="Desirability" value={str(m, 'desirabilityQuintile')} />
        <Quintile name="Fiscal health" value={str(m, 'fiscalHealthTaxQuintile')} />
        <Quintile name="Affordability" value={str(m, 'housingAffordabilityQuintile')} />
        <Quintile name="Supply barrier" value={str(m, 'supplyBarrierQuintile')} />
        <Quintile name="IRR beta" value={str(m, 'irrBetaQuintile')} />
      </SimpleGrid>
      {str(m, 'commentary') && (
        <Text size="sm" c="dimmed">
          {str(m, 'commentary')}
        </Text>
      )}
    </Stack>
  );
}

function SubMarket({ m }: { m: Market }) {
  return (
    <Stack gap="xs" data-testid="sub-market">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4} size="h6">
          Submarket · {str(m, 'subMarketPublish')}
        </Title>
        <Badge variant="light">Grade {str(m, 'grade')}</Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {str(m, 'marketPublish')} · {str(m, 'sectorPublish')} · updated {timestamp(str(m, 'timeStampUpdate'))}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Occupancy" value={pct(nbr(m, 'occupancy'), 1)} />
        <Figure label="Effective rent" value={usd(nbr(m, 'rentEffective'))} />
        <Figure label="Nominal cap rate" value={pct(nbr(m, 'capRateNominal'))} />
      </SimpleGrid>
      <KeyValues
        items={[
          ['Employment growth', pct(nbr(m, 'employmentGrowthCivilian'))],
          ['Desirability', num(nbr(m, 'desirability'), 1)],
          ['Median household income', usd(nbr(m, 'incomeHhiMedianCensus'))],
          ['Median gross rent', usd(nbr(m, 'rentGrossMedian'))],
          ['College degree', pct(nbr(m, 'populationDegreeCollegeCensusPct'), 1)],
          ['Walk score', text(str(m, 'walkScoreDescription'))],
        ]}
      />
      <SimpleGrid cols={2} spacing={4}>
        <Quintile name="Crime" value={str(m, 'crimeRateQuintile')} />
        <Quintile name="Desirability" value={str(m, 'desirabilityQuintile')} />
        <Quintile name="Affordability" value={str(m, 'housingAffordabilityQuintile')} />
        <Quintile name="Supply barrier" value={str(m, 'supplyBarrierQuintile')} />
      </SimpleGrid>
    </Stack>
  );
}

function Forecast({ f: m }: { f: Market }) {
  return (
    <Stack gap="xs" data-testid="market-forecast">
      <Title order={4} size="h6">
        Forecast · {str(m, 'scenarioPublish')}
      </Title>
      <Text size="xs" c="dimmed">
        {str(m, 'fcPublish')} · released {date(str(m, 'dateFcRelease'))} · for {date(str(m, 'date'))}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Rent growth" value={pct(nbr(m, 'rentGrowth'))} />
        <Figure label="NOI growth" value={pct(nbr(m, 'noiGrowth'))} />
        <Figure label="Occupancy" value={pct(nbr(m, 'occupancy'), 1)} />
      </SimpleGrid>
      <KeyValues
        items={[
          ['Demand growth', pct(nbr(m, 'demandGrowth'))],
          ['Supply growth', pct(nbr(m, 'supplyGrowth'))],
          ['NCF growth', pct(nbr(m, 'ncfGrowth'))],
          ['RevPAF growth', pct(nbr(m, 'mrevpafGrowth'))],
          ['Nominal cap rate', pct(nbr(m, 'caprateNominal'))],
          ['CPPI index', num(nbr(m, 'cppiIndex'), 1)],
        ]}
      />
    </Stack>
  );
}

function RevenueTotals({ concluded, comps, vacancy, units, totalSf, avg }: { concluded: { annual: number; monthly: number }; comps: { annual: number }; vacancy: number; units: number; totalSf: number; avg: number }) {
  return (
    <Group gap="xl">
      <Figure label="Units" value={int(units)} />
      <Figure label="Total SF" value={sf(totalSf)} />
      <Figure label="Avg unit size" value={sf(avg)} />
      <Figure label="Concluded revenue (annual)" value={usd(concluded.annual)} />
      <Figure label="Market revenue (annual)" value={usd(comps.annual)} />
      <Figure label="Market vacancy" value={pct(vacancy, 1)} />
    </Group>
  );
}

function ResidentialUnits({ id }: { id: string }) {
  const q = useChannel('component.residential', { id });
  return (
    <QueryView query={q} label="the unit mix">
      {(c) => (
        <Section title="Living units (unit mix)">
          <RevenueTotals
            concluded={c.livingUnitsInfo.concludedTotalRevenue}
            comps={c.livingUnitsInfo.compsTotalRevenue}
            vacancy={c.livingUnitsInfo.marketVacancy}
            units={c.livingUnitsInfo.totalUnits}
            totalSf={c.livingUnitsInfo.totalSf}
            avg={c.livingUnitsInfo.averageUnitSize}
          />
          <DataTable
            testId="living-units"
            rows={c.livingUnitsInfo.livingUnits}
            rowKey={(u) => u.id}
            columns={[
              { key: 'desc', title: 'Unit type', render: (u) => u.description },
              { key: 'bb', title: 'Bed / bath', render: (u) => `${u.bedrooms} / ${u.bathrooms}` },
              { key: 'n', title: 'Units', numeric: true, render: (u) => int(u.numUnits) },
              { key: 'size', title: 'Avg SF', numeric: true, render: (u) => int(u.unitSize) },
              { key: 'comps', title: 'Market rent / mo', numeric: true, render: (u) => usd(u.compsRevenue.monthlyPerUnit) },
              { key: 'concl', title: 'Concluded rent / mo', numeric: true, render: (u) => usd(u.concludedRevenue.monthlyPerUnit) },
              { key: 'psf', title: 'Concluded $/SF / yr', numeric: true, render: (u) => usd(u.concludedRevenue.annualPerSf, { cents: true }) },
              { key: 'annual', title: 'Concluded annual', numeric: true, render: (u) => usd(u.concludedRevenue.annual) },
            ]}
          />
        </Section>
      )}
    </QueryView>
  );
}

function CommercialUnits({ id }: { id: string }) {
  const q = useChannel('component.commercial', { id });
  return (
    <QueryView query={q} label="the suites">
      {(c) => (
        <Section title="Living units (suites)">
          <RevenueTotals
            concluded={c.livingUnitsInfo.concludedTotalRevenue}
            comps={c.livingUnitsInfo.compsTotalRevenue}
            vacancy={c.livingUnitsInfo.marketVacancy}
            units={c.livingUnitsInfo.totalUnits}
            totalSf={c.livingUnitsInfo.totalSf}
            avg={c.livingUnitsInfo.averageUnitSize}
          />
          <DataTable
            testId="living-units"
            rows={c.livingUnitsInfo.livingUnits}
            rowKey={(u) => u.id}
            maxHeight={360}
            columns={[
              { key: 'suite', title: 'Suite', render: (u) => u.suite },
              { key: 'desc', title: 'Description', render: (u) => u.description },
              { key: 'floor', title: 'Floor', numeric: true, render: (u) => int(u.floor) },
              { key: 'size', title: 'SF', numeric: true, render: (u) => int(u.unitSize) },
              { key: 'comps', title: 'Market $/SF / yr', numeric: true, render: (u) => usd(u.compsRevenue.annualPerSf, { cents: true }) },
              { key: 'concl', title: 'Concluded $/SF / yr', numeric: true, render: (u) => usd(u.concludedRevenue.annualPerSf, { cents: true }) },
              { key: 'annual', title: 'Concluded annual', numeric: true, render: (u) => usd(u.concludedRevenue.annual) },
            ]}
          />
        </Section>
      )}
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
