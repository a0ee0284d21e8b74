import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { AddressDto } from './address';
import { AssetType, ComponentType, SaleValueComputationType } from './enums';
import { envelope } from './error';
import { MarketDataDto, MarketForecastDto, MarketSummaryDto, MarketTrendSummaryDto } from './market-data';
import { decimal, NumberMap, usd } from './scalars';

export const RevenueDto = z
  .object(lazyShape(() => ({
    monthly: usd(),
    monthlyPerSf: usd(),
    monthlyPerUnit: usd(),
    annual: usd(),
    annualPerSf: usd(),
    annualPerUnit: usd(),
  })))
  .describe('Revenue, USD, monthly and annual, in total, per SF and per unit');
export type RevenueDto = z.infer<typeof RevenueDto>;

export const ComponentSummaryDto = z.object(lazyShape(() => ({
  id: z.string().describe('Component id'),
  collateralId: z.string(),
  componentType: ComponentType,
  assetType: AssetType,
  leaseToPreLeaseRatio: z.number(),
  totalUnits: z.number().describe('Apartments, suites or rooms'),
  totalSf: z.number(),
  saleValue: usd('From sales comparables'),
  totalMarketAnnualRevenue: usd(),
  totalConcludedRentAnnualRevenue: usd(),
  marketVacancy: decimal('Market vacancy'),
  selectedRentRollId: z.string().nullable().describe('Active rent roll'),
  totalRentRollAnnualRevenue: usd(),
  rentRollVacancy: decimal('Rent roll vacancy'),
})));
export type ComponentSummaryDto = z.infer<typeof ComponentSummaryDto>;

export const ComponentSummaryResponseDto = envelope({
  componentSummary: z.array(ComponentSummaryDto),
}).meta({ id: 'ComponentSummaryResponseDto' });
export type ComponentSummaryResponseDto = z.infer<typeof ComponentSummaryResponseDto>;

export const ComponentInfoResponseDto = envelope(lazyShape(() => ({
  id: z.string(),
  collateralId: z.string(),
  selectedRentRollId: z.string().nullable(),
  address: AddressDto,
  assetType: AssetType,
  componentType: ComponentType,
  marketTrendSummary: MarketTrendSummaryDto.nullable(),
  marketSummary: MarketSummaryDto.nullable(),
  marketData: MarketDataDto.nullable(),
  marketForecast: MarketForecastDto.nullable(),
  leaseToPreLeaseRatio: z.number(),
  totalRentRollAnnualRevenue: usd('Annual revenue of the primary rent roll'),
  rentRollVacancy: decimal('Vacancy of the primary rent roll'),
  rentRollsOrder: z.array(z.string()).describe('Rent roll ids in display order'),
  saleValueComputationType: SaleValueComputationType,
  salesCompUnitValuation: usd('Average $/unit of sales comparables times component units'),
  salesCompSFValuation: usd('Average $/SF of sales comparables times component square feet'),
}))).meta({ id: 'ComponentInfoResponseDto' });
export type ComponentInfoResponseDto = z.infer<typeof ComponentInfoResponseDto>;

const expiringLeases = NumberMap.describe('Lease rollover by year');

const livingUnitRevenues = { compsRevenue: RevenueDto, concludedRevenue: RevenueDto };
const livingUnitsTotals = {
  marketVacancy: decimal('Market vacancy'),
  totalUnits: z.number(),
  totalSf: z.number(),
  averageUnitSize: z.number().describe('Square feet'),
  concludedTotalRevenue: RevenueDto,
  compsTotalRevenue: RevenueDto,
};

export const CommercialLivingUnitDto = z.object(lazyShape(() => ({
  id: z.string(),
  description: z.string(),
  suite: z.string(),
  floor: z.number(),
  unitSize: z.number().describe('Square feet'),
  ...livingUnitRevenues,
})));
export type CommercialLivingUnitDto = z.infer<typeof CommercialLivingUnitDto>;

export const CommercialLivingUnitsInfoDto = z.object(lazyShape(() => ({
  livingUnits: z.array(CommercialLivingUnitDto),
  ...livingUnitsTotals,
  averageSqft: z.number().describe('Square feet'),
})));
export type CommercialLivingUnitsInfoDto = z.infer<typeof CommercialLivingUnitsInfoDto>;

export const ResidentialLivingUnitDto = z.object(lazyShape(() => ({
  id: z.string(),
  description: z.string(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  unitSize: z.number().describe('Average square feet'),
  numUnits: z.number(),
  ...livingUnitRevenues,
})));
export type ResidentialLivingUnitDto = z.infer<typeof ResidentialLivingUnitDto>;

export const ResidentialLivingUnitsInfoDto = z.object({
  livingUnits: z.array(ResidentialLivingUnitDto),
  ...livingUnitsTotals,
});
export type ResidentialLivingUnitsInfoDto = z.infer<typeof ResidentialLivingUnitsInfoDto>;

export const CommercialComponentInfoResponseDto = ComponentInfoResponseDto.extend({
  expiringLeases,
  livingUnitsInfo: CommercialLivingUnitsInfoDto,
}).meta({ id: 'CommercialComponentInfoResponseDto' });
export type CommercialComponentInfoResponseDto = z.infer<typeof CommercialComponentInfoResponseDto>;

export const ResidentialComponentInfoResponseDto = ComponentInfoResponseDto.extend({
  expiringLeases,
  livingUnitsInfo: ResidentialLivingUnitsInfoDto,
}).meta({ id: 'ResidentialComponentInfoResponseDto' });
export type ResidentialComponentInfoResponseDto = z.infer<typeof ResidentialComponentInfoResponseDto>;

export const HotelInfoDto = z.object(lazyShape(() => ({
  totalRooms: z.number(),
  averageDailyRate: usd('Average daily rate (ADR)'),
  occupancy: decimal('Occupancy'),
  revPar: usd('Revenue per available room: ADR x occupancy'),
  roomRevenueAnnual: usd(),
  otherRevenueAnnual: usd(),
  totalRevenueAnnual: usd(),
})));
export type HotelInfoDto = z.infer<typeof HotelInfoDto>;

export const HotelComponentInfoResponseDto = ComponentInfoResponseDto.extend({
  hotelInfo: HotelInfoDto,
}).meta({ id: 'HotelComponentInfoResponseDto' });
export type HotelComponentInfoResponseDto = z.infer<typeof HotelComponentInfoResponseDto>;
