import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { fields, IsoDate, Timestamp } from './scalars';

export const MarketTrendSummaryDto = z.object(lazyShape(() => ({
  lastUpdated: Timestamp,
  rent: z.object({ title: z.string(), bullets: z.array(z.string()) }),
  sections: z.array(z.object({ title: z.string(), para: z.string() })),
})));
export type MarketTrendSummaryDto = z.infer<typeof MarketTrendSummaryDto>;

export const MarketSummaryDto = z.object(
  fields(['weakness1', 'weakness2', 'weakness3', 'strength1', 'strength2', 'strength3'], () => z.string()),
);
export type MarketSummaryDto = z.infer<typeof MarketSummaryDto>;

export const MainMarketDto = z.object(lazyShape(() => ({
  ...fields(
    [
      'marketPublish',
      'sectorPublish',
      'grade',
      'commentary',
      'crimeRateQuintile',
      'desirabilityQuintile',
      'fiscalHealthTaxQuintile',
      'housingAffordabilityQuintile',
      'irrBetaQuintile',
      'marketAbbr',
      'strength1',
      'strength2',
      'strength3',
      'supplyBarrierQuintile',
      'walkScoreDescription',
      'weakness1',
      'weakness2',
      'weakness3',
      'timestampUpdate',
    ],
    () => z.string(),
  ),
  ...fields(
    [
      'marketId',
      'sectorId',
      'gradeId',
      'ageMedian',
      'assetValueMomentum',
      'caprateEconomic',
      'commuteTimeMean',
      'cppi',
      'desirability',
      'homeownershipRate',
      'homeValueMedianCensus',
      'housingAffordability',
      'incomeHhiMedianCensus',
      'inventory',
      'inventoryGrowth5Yr',
      'irrLiquidityAdjustment',
      'irrRiskAdjusted',
      'irrRiskPremium',
      'irrUnlevered',
      'latitude',
      'longitude',
      'mrevpafGrowth',
      'mrevpafGrowth5Yr',
      'mrevpafGrowthYoyCredit',
      'noiGrowthLt',
      'occupancy',
      'populationDegreeCollegeCensusPct',
      'rankGradeId',
      'rentEffective',
      'rentGrossMedian',
    ],
    () => z.number(),
  ),
})));
export type MainMarketDto = z.infer<typeof MainMarketDto>;

export const SubMarketDto = z.object(lazyShape(() => ({
  ...fields(
    [
      'marketPublish',
      'subMarketPublish',
      'sectorPublish',
      'crimeRateQuintile',
      'desirabilityQuintile',
      'grade',
      'housingAffordabilityQuintile',
      'supplyBarrierQuintile',
      'walkScoreDescription',
      'timeStampUpdate', // capital S, as the spec spells it
    ],
    () => z.string(),
  ),
  ...fields(
    [
      'marketId',
      'subMarketId',
      'sectorId',
      'ageMedian',
      'capRateNominal',
      'commuteTimeMean',
      'desirability',
      'employmentGrowthCivilian',
      'homeValueMedianCensus',
      'housingAffordability',
      'incomeHhiMedianCensus',
      'occupancy',
      'populationDegreeCollegeCensusPct',
      'rankGradeId',
      'rentEffective',
      'rentGrossMedian',
    ],
    () => z.number(),
  ),
})));
export type SubMarketDto = z.infer<typeof SubMarketDto>;

export const MarketDataDto = z.object({ mainMarket: MainMarketDto, subMarket: SubMarketDto });
export type MarketDataDto = z.infer<typeof MarketDataDto>;

export const MarketForecastDto = z.object(lazyShape(() => ({
  ...fields(
    [
      'marketId',
      'dateFcReleaseId',
      'scenarioId',
      'sectorId',
      'caprateNominal',
      'cppiIndex',
      'demandGrowth',
      'mrevpafGrowth',
      'ncfGrowth',
      'noiGrowth',
      'occupancy',
      'rentGrowth',
      'supplyGrowth',
    ],
    () => z.number(),
  ),
  ...fields(['fcPublish', 'marketPublish', 'scenarioPublish', 'sectorPublish', 'timestampUpdate'], () => z.string()),
  dateFcRelease: IsoDate,
  date: IsoDate,
})));
export type MarketForecastDto = z.infer<typeof MarketForecastDto>;
