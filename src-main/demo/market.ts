// Market research attached to each component, shaped like a research vendor's feed (market,
// sub-market, forecast, trend summary). Figures are per metro and sector, so every component of a
// market reads the same market-level numbers; sub-market figures are per ZIP.

// The documents' shapes are the contract's DTOs (contract/market-data.ts), field by field as the
// spec lists them; the tests parse every generated document with their zod schemas.
import type { MainMarketDto, MarketForecastDto, MarketSummaryDto, MarketTrendSummaryDto, SubMarketDto } from '../contract';
import type { AssetProfile } from './assets';
import { addDays, timestamp, yearOf } from './calendar';
import { METROS, ZIP_AREAS, metroCentroid, type Metro, type ZipArea } from './places';
import { clamp, roundTo, Rng } from './random';

export interface MarketDocuments {
  trendSummary: MarketTrendSummaryDto;
  summary: MarketSummaryDto;
  mainMarket: MainMarketDto;
  subMarket: SubMarketDto;
  forecast: MarketForecastDto;
}

const GENERIC_STRENGTHS = [
  'Diversified employment base',
  'Above-average population growth',
  'Strong household income growth',
  'Deep pool of institutional buyers',
  'Limited new supply pipeline',
  'High barriers to new development',
  'Major university and healthcare anchors',
  'Business-friendly tax climate',
  'Growing technology and life-science employers',
  'Well-connected transit and highway access',
  'Airport and port logistics hub',
  'Net in-migration of young professionals',
];
const GENERIC_WEAKNESSES = [
  'Elevated construction pipeline',
  'Rising property tax assessments',
  'Insurance cost pressure',
  'High cost of living slows in-migration',
  'Slowing job growth',
  'Employment concentrated in a few industries',
  'Housing affordability constraints',
  'Aging infrastructure',
  'Lengthy permitting and entitlement process',
  'Softening rent growth',
  'Climate and flood exposure',
  'Rising operating costs',
];
const SECTOR_STRENGTHS: Record<string, readonly string[]> = {
  Apartment: ['Homeownership out of reach for many renter households', 'Household formation outpacing deliveries'],
  'Senior Housing': ['Aging population drives need-based demand', 'Little new senior housing under construction'],
  Office: ['Trophy and Class A space still in demand', 'Conversions are shrinking obsolete inventory'],
  Industrial: ['E-commerce and nearshoring demand', 'Scarce industrial land near the urban core'],
  'Strip Center': ['Grocery-anchored centers near full occupancy', 'Almost no new retail construction'],
  Lodging: ['Recovering group and business travel', 'Year-round leisure demand'],
  'Self-Storage': ['Housing turnover supports storage demand', 'Sticky month-to-month renters'],
  Land: ['Scarce entitled land in the path of growth', 'Strong demand for pad sites'],
  Specialty: ['Healthcare and education demand is non-cyclical', 'Long leases with credit tenants'],
};
const SECTOR_WEAKNESSES: Record<string, readonly string[]> = {
  Apartment: ['Record deliveries pressure concessions', 'Rent-control proposals under discussion'],
  'Senior Housing': ['Labor shortages raise operating costs', 'Private-pay affordability limits'],
  Office: ['Hybrid work weighs on office demand', 'Elevated sublease availability'],
  Industrial: ['Speculative big-box deliveries', 'Rent growth cooling from record highs'],
  'Strip Center': ['E-commerce competition for soft-goods tenants', 'Store closures by national chains'],
  Lodging: ['New select-service supply', 'Rising labor and franchise costs'],
  'Self-Storage': ['New supply in several trade areas', 'Street rates below their peak'],
  Land: ['Entitlement risk', 'Higher construction costs delay development'],
  Specialty: ['Thin buyer pool for special-purpose assets', 'Re-tenanting requires costly conversion'],
};

const WALK_SCORES: Record<ZipArea['kind'], readonly string[]> = {
  urban: ["Walker's Paradise", 'Very Walkable'],
  suburban: ['Somewhat Walkable', 'Car-Dependent'],
  industrial: ['Car-Dependent'],
};

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
const quintile = (x: number) => String(clamp(Math.ceil(x * 5), 1, 5));
const r4 = (x: number) => roundTo(x, 0.0001);

interface MarketStats {
  metroIndex: number;
  rank: number;
  grade: 'A' | 'B' | 'C';
  occupancy: number;
  rentGrowth: number;
  inventory: number;
  inventoryGrowth5Yr: number;
  capRate: number;
  strengths: string[];
  weaknesses: string[];
}

function pickDistinct(rng: Rng, pools: readonly (readonly string[])[], count: number): string[] {
  return rng.sample([...new Set(pools.flat())], count);
}

/** Effective market rent in the vendor's unit: $/unit/month for housing, ADR for hotels, $/SF/year otherwise. */
function marketRent(profile: AssetProfile, metro: Metro): number {
  switch (profile.sector) {
    case 'Apartment':
      return roundTo(metro.apartmentRentPsf * 900, 1);
    case 'Senior Housing':
      return roundTo(2_400 + 700 * metro.apartmentRentPsf, 1);
    case 'Lodging':
      return roundTo(metro.hotelAdr, 0.01);
    case 'Office':
      return roundTo(metro.officeRentPsf, 0.01);
    case 'Strip Center':
      return roundTo(metro.retailRentPsf, 0.01);
    case 'Self-Storage':
      return roundTo(12 + metro.apartmentRentPsf * 2.6, 0.01);
    case 'Land':
      return roundTo(metro.industrialRentPsf * 0.38, 0.01);
    case 'Specialty':
      return roundTo(metro.officeRentPsf * 0.72, 0.01);
    default:
      return roundTo(metro.industrialRentPsf, 0.01);
  }
}

/** Inventory in the vendor's unit: apartment units, hotel rooms, or square feet. */
function inventorySize(rng: Rng, profile: AssetProfile, metro: Metro): number {
  const scale = metro.weight / 10;
  switch (profile.sector) {
    case 'Apartment':
      return Math.round(rng.float(0.8, 1.2) * scale * 900_000);
    case 'Senior Housing':
      return Math.round(rng.float(0.8, 1.2) * scale * 60_000);
    case 'Lodging':
      return Math.round(rng.float(0.8, 1.2) * scale * 160_000);
    case 'Office':
      return Math.round(rng.float(0.8, 1.2) * scale * 450_000_000);
    case 'Industrial':
      return Math.round(rng.float(0.8, 1.2) * scale * 1_100_000_000);
    case 'Strip Center':
      return Math.round(rng.float(0.8, 1.2) * scale * 180_000_000);
    case 'Self-Storage':
      return Math.round(rng.float(0.8, 1.2) * scale * 60_000_000);
    default:
      return Math.round(rng.float(0.8, 1.2) * scale * 40_000_000);
  }
}

/**
 * The research documents of one market and sector, built once per (metro, sector) and cached,
 * plus the sub-market (ZIP) part per (ZIP, sector).
 */
export class MarketResearch {
  private readonly stats = new Map<string, MarketStats>();
  private readonly subMarkets = new Map<string, SubMarketDto>();
  private readonly shared = new Map<
    string,
    { mainMarket: MainMarketDto; forecast: MarketForecastDto; trendSummary: MarketTrendSummaryDto; strengths: string[]; weaknesses: string[] }
  >();
  private readonly releaseDate: string;
  private readonly horizonDate: string;
  private readonly stamp: string;

  constructor(
    private readonly seed: number,
    asOf: string,
  ) {
    // The vendor releases forecasts quarterly; the latest release before asOf is in use.
    const year = yearOf(asOf);
    const month = Number(asOf.slice(5, 7));
    const quarterStart = `${year}-${String(1 + 3 * Math.floor((month - 1) / 3)).padStart(2, '0')}-01`;
    this.releaseDate = quarterStart;
    this.horizonDate = `${year + 1}-12-31`;
    this.stamp = timestamp(addDays(asOf, -12), 6, 0);
  }

  private statsFor(metro: Metro, profile: AssetProfile): MarketStats {
    const key = `${metro.key}|${profile.sector}`;
    let s = this.stats.get(key);
    if (!s) {
      const rng = new Rng(this.seed, `market:${key}`);
      const metroIndex = METROS.indexOf(metro);
      // Bigger, richer metros rank higher, with a sector-specific twist.
      const base = clamp(metro.weight / 10 + metro.householdIncomeMedian / 300_000 + rng.float(-0.25, 0.25), 0, 1);
      const rank = clamp(Math.round(50 - base * 48), 1, 50);
      const grade: 'A' | 'B' | 'C' = rank <= 15 ? 'A' : rank <= 35 ? 'B' : 'C';
      const [vLo, vHi] = profile.marketVacancy;
      s = {
        metroIndex,
        rank,
        grade,
        occupancy: r4(1 - rng.float(vLo, vHi)),
        rentGrowth: r4(rng.float(-0.01, 0.045)),
        inventory: inventorySize(rng, profile, metro),
        inventoryGrowth5Yr: r4(rng.float(0.03, 0.14)),
        capRate: r4((profile.capRate[0] + profile.capRate[1]) / 2 + metro.capRateAdjustment * 0.6 + rng.float(-0.002, 0.002)),
        strengths: pickDistinct(rng, [GENERIC_STRENGTHS, SECTOR_STRENGTHS[profile.sector] ?? []], 3),
        weaknesses: pickDistinct(rng, [GENERIC_WEAKNESSES, SECTOR_WEAKNESSES[profile.sector] ?? []], 3),
      };
      this.stats.set(key, s);
    }
    return s;
  }

  private mainMarket(metro: Metro, profile: AssetProfile): MainMarketDto {
    const s = this.statsFor(metro, profile);
    const rng = new Rng(this.seed, `main:${metro.key}|${profile.sector}`);
    const centroid = metroCentroid(metro);
    const irrUnlevered = r4(s.capRate + rng.float(0.012, 0.025));
    const irrRiskPremium = r4(rng.float(0.01, 0.03));
    const irrLiquidityAdjustment = r4(rng.float(-0.004, 0.004));
    const affordability = roundTo((100 * metro.householdIncomeMedian * 3.5) / metro.homeValueMedian, 0.1);
    const desirability = roundTo(clamp(100 - s.rank * 1.6 + rng.float(-6, 6), 5, 99), 0.1);
    const tone = s.grade === 'A' ? 'among the strongest in the country' : s.grade === 'B' ? 'in line with the national average' : 'below the national average';
    const commentary =
      `${metro.name} ${profile.sector.toLowerCase()} fundamentals are ${tone}. ` +
      `Occupancy stands at ${pct(s.occupancy)} and effective rents ${s.rentGrowth >= 0 ? 'grew' : 'fell'} ${pct(Math.abs(s.rentGrowth))} over the past year, ` +
      `while inventory expanded ${pct(s.inventoryGrowth5Yr)} over five years. ` +
      `${s.strengths[0]} offsets ${s.weaknesses[0]!.toLowerCase()}.`;
    return {
      marketPublish: metro.name,
      sectorPublish: profile.sector,
      grade: s.grade,
      commentary,
      crimeRateQuintile: quintile(rng.next()),
      desirabilityQuintile: quintile(desirability / 100),
      fiscalHealthTaxQuintile: quintile(rng.next()),
      housingAffordabilityQuintile: quintile(clamp(affordability / 120, 0, 1)),
      irrBetaQuintile: quintile(rng.next()),
      marketAbbr: metro.abbr,
      strength1: s.strengths[0]!,
      strength2: s.strengths[1]!,
      strength3: s.strengths[2]!,
      supplyBarrierQuintile: quintile(clamp(1 - s.inventoryGrowth5Yr / 0.15, 0, 1)),
      walkScoreDescription: metro.weight >= 5 ? 'Very Walkable' : 'Somewhat Walkable',
      weakness1: s.weaknesses[0]!,
      weakness2: s.weaknesses[1]!,
      weakness3: s.weaknesses[2]!,
      timestampUpdate: this.stamp,
      marketId: 100 + s.metroIndex,
      sectorId: profile.sectorId,
      gradeId: s.grade === 'A' ? 1 : s.grade === 'B' ? 2 : 3,
      ageMedian: roundTo(rng.float(33, 40), 0.1),
      assetValueMomentum: r4(s.rentGrowth * 0.8 + rng.float(-0.02, 0.02)),
      caprateEconomic: r4(s.capRate + rng.float(0.003, 0.007)),
      commuteTimeMean: roundTo(rng.float(24, 36), 0.1),
      cppi: roundTo(rng.float(140, 260), 0.1),
      desirability,
      homeownershipRate: r4(rng.float(0.45, 0.66)),
      homeValueMedianCensus: metro.homeValueMedian,
      housingAffordability: affordability,
      incomeHhiMedianCensus: metro.householdIncomeMedian,
      inventory: s.inventory,
      inventoryGrowth5Yr: s.inventoryGrowth5Yr,
      irrLiquidityAdjustment,
      irrRiskAdjusted: r4(irrUnlevered - irrRiskPremium + irrLiquidityAdjustment),
      irrRiskPremium,
      irrUnlevered,
      latitude: centroid.latitude,
      longitude: centroid.longitude,
      mrevpafGrowth: r4(s.rentGrowth + rng.float(-0.01, 0.01)),
      mrevpafGrowth5Yr: r4(rng.float(0.01, 0.04)),
      mrevpafGrowthYoyCredit: r4(rng.float(-0.01, 0.015)),
      noiGrowthLt: r4(rng.float(0.015, 0.03)),
      occupancy: s.occupancy,
      populationDegreeCollegeCensusPct: metro.collegeDegreeShare,
      rankGradeId: s.rank,
      rentEffective: marketRent(profile, metro),
      rentGrossMedian: metro.grossRentMedian,
    };
  }

  private subMarket(area: ZipArea, profile: AssetProfile): SubMarketDto {
    const key = `${area.zip}|${profile.sector}`;
    let sub = this.subMarkets.get(key);
    if (!sub) {
      const metro = area.metro;
      const s = this.statsFor(metro, profile);
      const rng = new Rng(this.seed, `sub:${key}`);
      const urban = area.kind === 'urban';
      const homeValue = roundTo(metro.homeValueMedian * rng.float(urban ? 1 : 0.75, urban ? 1.7 : 1.3), 1_000);
      const income = roundTo(metro.householdIncomeMedian * rng.float(0.8, 1.5), 100);
      const desirability = roundTo(clamp(100 - s.rank * 1.6 + rng.float(-15, 15), 5, 99), 0.1);
      const affordability = roundTo((100 * income * 3.5) / homeValue, 0.1);
      const subRank = clamp(s.rank + rng.int(-8, 8), 1, 50);
      const siblings = ZIP_AREAS.filter((z) => z.metro === metro);
      sub = {
        marketPublish: metro.name,
        subMarketPublish: area.subMarket,
        sectorPublish: profile.sector,
        crimeRateQuintile: quintile(rng.next()),
        desirabilityQuintile: quintile(desirability / 100),
        grade: subRank <= 15 ? 'A' : subRank <= 35 ? 'B' : 'C',
        housingAffordabilityQuintile: quintile(clamp(affordability / 120, 0, 1)),
        supplyBarrierQuintile: quintile(urban ? rng.float(0.5, 1) : rng.float(0, 0.6)),
        walkScoreDescription: rng.pick(WALK_SCORES[area.kind]),
        timeStampUpdate: this.stamp,
        marketId: 100 + s.metroIndex,
        subMarketId: (100 + s.metroIndex) * 100 + siblings.indexOf(area) + 1,
        sectorId: profile.sectorId,
        ageMedian: roundTo(rng.float(29, 42), 0.1),
        capRateNominal: r4(s.capRate + (urban ? -0.002 : 0.002) + rng.float(-0.0015, 0.0015)),
        commuteTimeMean: roundTo(rng.float(urban ? 20 : 26, urban ? 32 : 40), 0.1),
        desirability,
        employmentGrowthCivilian: r4(rng.float(0.002, 0.03)),
        homeValueMedianCensus: homeValue,
        housingAffordability: affordability,
        incomeHhiMedianCensus: income,
        occupancy: r4(clamp(s.occupancy + rng.float(-0.03, 0.02), 0.5, 0.995)),
        populationDegreeCollegeCensusPct: r4(clamp(metro.collegeDegreeShare * rng.float(0.8, 1.4), 0.1, 0.85)),
        rankGradeId: subRank,
        rentEffective: roundTo(marketRent(profile, metro) * rng.float(0.85, 1.2), 0.01),
        rentGrossMedian: roundTo(metro.grossRentMedian * rng.float(0.85, 1.3), 1),
      };
      this.subMarkets.set(key, sub);
    }
    return sub;
  }

  private forecast(metro: Metro, profile: AssetProfile): MarketForecastDto {
    const s = this.statsFor(metro, profile);
    const rng = new Rng(this.seed, `forecast:${metro.key}|${profile.sector}`);
    const quarter = 1 + Math.floor((Number(this.releaseDate.slice(5, 7)) - 1) / 3);
    const supplyGrowth = r4(rng.float(0.005, 0.03));
    const demandGrowth = r4(supplyGrowth + rng.float(-0.01, 0.012));
    const rentGrowth = r4(clamp(s.rentGrowth * 0.5 + rng.float(0.005, 0.025), -0.02, 0.05));
    return {
      marketId: 100 + s.metroIndex,
      dateFcReleaseId: Number(this.releaseDate.replace(/-/g, '')),
      scenarioId: 1,
      sectorId: profile.sectorId,
      caprateNominal: r4(s.capRate + rng.float(-0.0025, 0.0015)),
      cppiIndex: roundTo(rng.float(140, 270), 0.1),
      demandGrowth,
      mrevpafGrowth: r4(rentGrowth + (demandGrowth - supplyGrowth) * 0.5),
      ncfGrowth: r4(rentGrowth + rng.float(-0.01, 0.005)),
      noiGrowth: r4(rentGrowth + rng.float(-0.008, 0.004)),
      occupancy: r4(clamp(s.occupancy + (demandGrowth - supplyGrowth), 0.5, 0.995)),
      rentGrowth,
      supplyGrowth,
      fcPublish: `Q${quarter} ${yearOf(this.releaseDate)} Forecast`,
      marketPublish: metro.name,
      scenarioPublish: 'Base Case',
      sectorPublish: profile.sector,
      timestampUpdate: this.stamp,
      dateFcRelease: this.releaseDate,
      date: this.horizonDate,
    };
  }

  private trendSummary(metro: Metro, profile: AssetProfile, forecast: MarketForecastDto): MarketTrendSummaryDto {
    const s = this.statsFor(metro, profile);
    const sector = profile.sector.toLowerCase();
    const rising = s.rentGrowth >= 0;
    const bullets = [
      `Effective ${sector} rents ${rising ? 'rose' : 'declined'} ${pct(Math.abs(s.rentGrowth))} year over year in ${metro.name}.`,
      `Occupancy averaged ${pct(s.occupancy)}, ${s.occupancy >= forecast.occupancy ? 'softening slightly' : 'improving'} to ${pct(forecast.occupancy)} by ${forecast.date.slice(0, 4)} in the base case.`,
      `Rent growth is forecast at ${pct(forecast.rentGrowth)} over the next twelve months.`,
    ];
    if (forecast.supplyGrowth > forecast.demandGrowth) {
      bullets.push(`Deliveries (${pct(forecast.supplyGrowth)} of stock) are expected to outpace absorption.`);
    }
    const tightening = s.capRate > forecast.caprateNominal;
    return {
      lastUpdated: this.stamp,
      rent: { title: `${profile.sector} rents in ${metro.name}`, bullets },
      sections: [
        {
          title: 'Supply',
          para: `Inventory grew ${pct(s.inventoryGrowth5Yr)} over the last five years. The pipeline adds about ${pct(forecast.supplyGrowth)} of existing stock over the coming year, ${forecast.supplyGrowth > 0.02 ? 'above' : 'below'} the long-run average for the market.`,
        },
        {
          title: 'Demand',
          para: `Demand is expected to grow ${pct(forecast.demandGrowth)}, supported by ${s.strengths[1]!.toLowerCase()}. ${s.weaknesses[1]} remains the main risk to absorption.`,
        },
        {
          title: 'Capital Markets',
          para: `Nominal cap rates average ${pct(s.capRate, 2)} and are forecast at ${pct(forecast.caprateNominal, 2)}, ${tightening ? 'compressing as financing costs ease' : 'holding near current levels'}. Transaction volume remains below its 2021-2022 peak.`,
        },
        {
          title: 'Outlook',
          para: `We expect NOI growth of ${pct(forecast.noiGrowth)} in the base case. ${metro.name} ranks ${s.rank} of 50 markets for ${sector} investment (grade ${s.grade}).`,
        },
      ],
    };
  }

  /** All documents for a component of this profile in this ZIP. */
  documentsFor(area: ZipArea, profile: AssetProfile, rng: Rng): MarketDocuments {
    const metro = area.metro;
    const key = `${metro.key}|${profile.sector}`;
    let shared = this.shared.get(key);
    if (!shared) {
      const forecast = this.forecast(metro, profile);
      const st = this.statsFor(metro, profile);
      shared = {
        forecast,
        mainMarket: this.mainMarket(metro, profile),
        trendSummary: this.trendSummary(metro, profile, forecast),
        strengths: [...new Set([...st.strengths, ...(SECTOR_STRENGTHS[profile.sector] ?? []), ...GENERIC_STRENGTHS])],
        weaknesses: [...new Set([...st.weaknesses, ...(SECTOR_WEAKNESSES[profile.sector] ?? []), ...GENERIC_WEAKNESSES])],
      };
      this.shared.set(key, shared);
    }
    const strengths = rng.sample(shared.strengths, 3);
    const weaknesses = rng.sample(shared.weaknesses, 3);
    // Market-level documents are the same for every component of the market: shared objects.
    return {
      trendSummary: shared.trendSummary,
      summary: {
        strength1: strengths[0]!,
        strength2: strengths[1]!,
        strength3: strengths[2]!,
        weakness1: weaknesses[0]!,
        weakness2: weaknesses[1]!,
        weakness3: weaknesses[2]!,
      },
      mainMarket: shared.mainMarket,
      subMarket: this.subMarket(area, profile),
      forecast: shared.forecast,
    };
  }
}
