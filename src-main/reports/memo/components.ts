import type { Content } from 'pdfmake/interfaces';
import { type ComponentInfoResponseDto, format } from '../../contract';
import { collateralTitle } from './collateral';
import { COLORS, dataTable, heading, keepTogether, keyValues, notice, onNewPage, subheading } from './layout';
import type { MemoCollateral, MemoComponent, MemoData } from './types';

const { date, int, label, num, pct, sf, text, timestamp, usd } = format;

/** "Residential · Multi Family Apartments", as the deal page names a component (without its number). */
export function componentTitle(c: MemoComponent): string {
  return `${label(c.summary.componentType)} · ${label(c.summary.assetType)}`;
}

/** Every component of the deal with the collateral it belongs to, numbered across the deal. */
export function dealComponents(data: MemoData): { component: MemoComponent; collateral: MemoCollateral; collateralIndex: number }[] {
  return data.collaterals.flatMap((collateral, collateralIndex) => collateral.components.map((component) => ({ component, collateral, collateralIndex })));
}

type Market = Record<string, unknown>;
const str = (m: Market, key: string): string => (typeof m[key] === 'string' ? (m[key] as string) : '');
const nbr = (m: Market, key: string): number | null => (typeof m[key] === 'number' ? (m[key] as number) : null);

function panel(title: string, source: string, pairs: [string, string][]): Content {
  return { stack: [subheading(title, { margin: [0, 0, 0, 1] }), { text: source, style: 'small', margin: [0, 0, 0, 2] }, keyValues(pairs, 1)] };
}

/** The component's market research: main market, submarket and forecast side by side, then its summary. */
function marketData(c: ComponentInfoResponseDto): Content[] {
  const { marketData: md, marketForecast, marketSummary, marketTrendSummary } = c;
  const title = subheading('Market data');
  if (!md && !marketForecast && !marketSummary && !marketTrendSummary) return [keepTogether(title, notice('No market research for this component.'))];
  const columns: Content[] = [];
  if (md) {
    const m = md.mainMarket as Market;
    const s = md.subMarket as Market;
    columns.push(
      panel(`Main market · ${str(m, 'marketPublish')} · grade ${text(str(m, 'grade'))}`, `${str(m, 'sectorPublish')} · ${str(m, 'marketAbbr')} · updated ${timestamp(str(m, 'timestampUpdate'), { utc: true })}`, [
        ['Occupancy', pct(nbr(m, 'occupancy'), 1)],
        ['Effective rent', usd(nbr(m, 'rentEffective'))],
        ['Economic cap rate', pct(nbr(m, 'caprateEconomic'))],
        ['Unlevered IRR', pct(nbr(m, 'irrUnlevered'))],
        ['NOI growth (LT)', pct(nbr(m, 'noiGrowthLt'))],
        ['Inventory growth (5 yr)', pct(nbr(m, 'inventoryGrowth5Yr'))],
        ['Median household income', usd(nbr(m, 'incomeHhiMedianCensus'))],
        ['Crime / desirability quintile', `${text(str(m, 'crimeRateQuintile'))} / ${text(str(m, 'desirabilityQuintile'))}`],
        ['Supply barrier quintile', text(str(m, 'supplyBarrierQuintile'))],
      ]),
      panel(`Submarket · ${str(s, 'subMarketPublish')} · grade ${text(str(s, 'grade'))}`, `${str(s, 'marketPublish')} · ${str(s, 'sectorPublish')} · updated ${timestamp(str(s, 'timeStampUpdate'), { utc: true })}`, [
        ['Occupancy', pct(nbr(s, 'occupancy'), 1)],
        ['Effective rent', usd(nbr(s, 'rentEffective'))],
        ['Nominal cap rate', pct(nbr(s, 'capRateNominal'))],
        ['Employment growth', pct(nbr(s, 'employmentGrowthCivilian'))],
        ['Desirability', num(nbr(s, 'desirability'), 1)],
        ['Median gross rent', usd(nbr(s, 'rentGrossMedian'))],
        ['Walk score', text(str(s, 'walkScoreDescription'))],
      ]),
    );
  }
  if (marketForecast) {
    const f = marketForecast as unknown as Market;
    columns.push(
      panel(`Forecast · ${str(f, 'scenarioPublish')}`, `${str(f, 'fcPublish')} · released ${date(str(f, 'dateFcRelease'))} · for ${date(str(f, 'date'))}`, [
        ['Rent growth', pct(nbr(f, 'rentGrowth'))],
        ['NOI growth', pct(nbr(f, 'noiGrowth'))],
        ['Occupancy', pct(nbr(f, 'occupancy'), 1)],
        ['Demand growth', pct(nbr(f, 'demandGrowth'))],
        ['Supply growth', pct(nbr(f, 'supplyGrowth'))],
        ['Nominal cap rate', pct(nbr(f, 'caprateNominal'))],
      ]),
    );
  }
  const out: Content[] = [keepTogether(title, { columns: columns.map((c) => ({ width: '*', stack: [c] })), columnGap: 12 })];
  const commentary = md ? str(md.mainMarket as Market, 'commentary') : '';
  if (commentary) out.push({ text: commentary, style: 'small', margin: [0, 0, 0, 4] });
  if (marketSummary) {
    const m = marketSummary as Market;
    const points = (keys: string[]) => keys.map((k) => str(m, k)).filter(Boolean);
    out.push(
      keepTogether({
        columns: [
          { width: '*', stack: [subheading('Strengths', { color: COLORS.pass }), { ul: points(['strength1', 'strength2', 'strength3']), style: 'table' }] },
          { width: '*', stack: [subheading('Weaknesses', { color: COLORS.fail }), { ul: points(['weakness1', 'weakness2', 'weakness3']), style: 'table' }] },
        ],
        columnGap: 12,
        margin: [0, 0, 0, 4],
      }),
    );
  }
  if (marketTrendSummary) {
    out.push(
      keepTogether(
        subheading(`${marketTrendSummary.rent.title} (updated ${timestamp(marketTrendSummary.lastUpdated, { utc: true })})`),
        { ul: marketTrendSummary.rent.bullets, style: 'table', margin: [0, 0, 0, 4] },
      ),
    );
  }
  return out;
}

/** The unit mix, the suites or the hotel's rooms and revenue. */
function spaces(c: MemoComponent): Content[] {
  switch (c.kind) {
    case 'Residential': {
      const u = c.info.livingUnitsInfo;
      return [
        dataTable(
          u.livingUnits,
          [
            { title: 'Unit type', cell: (x) => x.description },
            { title: 'Bed / bath', cell: (x) => `${x.bedrooms} / ${x.bathrooms}` },
            { title: 'Units', cell: (x) => int(x.numUnits), numeric: true, total: int(u.totalUnits) },
            { title: 'Avg SF', cell: (x) => int(x.unitSize), numeric: true },
            { title: 'Market rent / mo', cell: (x) => usd(x.compsRevenue.monthlyPerUnit), numeric: true },
            { title: 'Concluded rent / mo', cell: (x) => usd(x.concludedRevenue.monthlyPerUnit), numeric: true },
            { title: 'Concluded $/SF / yr', cell: (x) => usd(x.concludedRevenue.annualPerSf, { cents: true }), numeric: true },
            { title: 'Concluded annual', cell: (x) => usd(x.concludedRevenue.annual), numeric: true, total: usd(u.concludedTotalRevenue.annual) },
          ],
          { caption: `Unit mix (${int(u.totalUnits)} units, ${sf(u.totalSf)}, average ${sf(u.averageUnitSize)})` },
        ),
      ];
    }
    case 'Commercial': {
      const u = c.info.livingUnitsInfo;
      return [
        dataTable(
          u.livingUnits,
          [
            { title: 'Suite', cell: (x) => x.suite, width: 40 },
            { title: 'Description', cell: (x) => x.description },
            { title: 'Floor', cell: (x) => int(x.floor), numeric: true },
            { title: 'SF', cell: (x) => int(x.unitSize), numeric: true, total: int(u.totalSf) },
            { title: 'Market $/SF / yr', cell: (x) => usd(x.compsRevenue.annualPerSf, { cents: true }), numeric: true },
            { title: 'Concluded $/SF / yr', cell: (x) => usd(x.concludedRevenue.annualPerSf, { cents: true }), numeric: true },
            { title: 'Concluded annual', cell: (x) => usd(x.concludedRevenue.annual), numeric: true, total: usd(u.concludedTotalRevenue.annual) },
          ],
          { caption: `Suites (${int(u.totalUnits)} suites, ${sf(u.totalSf)}, average ${sf(u.averageUnitSize)})` },
        ),
      ];
    }
    case 'Hotel': {
      const h = c.info.hotelInfo;
      return [
        keepTogether(
          subheading('Hotel'),
          keyValues([
            ['Rooms', int(h.totalRooms)],
            ['ADR', usd(h.averageDailyRate, { cents: true })],
            ['Occupancy', pct(h.occupancy, 1)],
            ['RevPAR', usd(h.revPar, { cents: true })],
            ['Room revenue', usd(h.roomRevenueAnnual)],
            ['Other revenue', usd(h.otherRevenueAnnual)],
            ['Total revenue', usd(h.totalRevenueAnnual)],
          ]),
        ),
      ];
    }
    default:
      return [];
  }
}

/** Section 6: every component with its figures, its spaces and its market data. */
export function componentsSection(data: MemoData): Content[] {
  const title = heading('Components and market', { number: '6' });
  const all = dealComponents(data);
  if (all.length === 0) return [onNewPage(keepTogether(title, notice('This deal has no component.')), 'portrait')];
  return all.flatMap(({ component: c, collateral, collateralIndex }, i) => {
    const s = c.summary;
    const opening = keepTogether(
      ...(i === 0 ? [title] : []),
      heading(componentTitle(c), { number: `6.${i + 1}`, level: 2 }),
      { text: `${collateralTitle(collateral, collateralIndex)} · ${c.info.address.fullAddress}`, style: 'small', margin: [0, -2, 0, 4] },
      keyValues([
        [s.componentType === 'Hotel' ? 'Rooms' : 'Units', int(s.totalUnits)],
        ['Square feet', sf(s.totalSf)],
        [`Sale value (${c.info.saleValueComputationType === 'ByUnit' ? 'by unit' : 'by SF'})`, usd(s.saleValue)],
        ['Market revenue (annual)', usd(s.totalMarketAnnualRevenue)],
        ['Concluded revenue (annual)', usd(s.totalConcludedRentAnnualRevenue)],
        ['Rent roll revenue (annual)', usd(s.totalRentRollAnnualRevenue)],
        ['Market vacancy', pct(s.marketVacancy, 1)],
        ['Rent roll vacancy', pct(s.rentRollVacancy, 1)],
      ]),
    );
    // The section opens a portrait page: the pages before it may be landscape cash flows.
    return [i === 0 ? onNewPage(opening, 'portrait') : opening, ...spaces(c), ...marketData(c.info)];
  });
}
