import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { envelope } from './error';
import { decimal, IsoDate, NumberMap, usd } from './scalars';

const rentRollFields = {
  id: z.string(),
  componentId: z.string(),
  name: z.string(),
  fileId: z.string().nullable().describe('The uploaded rent roll document'),
  effectiveDate: IsoDate.nullable(),
  comment: z.string().nullable(),
  totalSf: z.number(),
  totalUnits: z.number(),
  totalMonthlyRevenue: usd(),
  totalMonthlyRevenuePerSf: usd(),
  totalAnnualRevenue: usd(),
  totalAnnualRevenuePerSf: usd(),
  vacancy: decimal('Physical vacancy: vacant units / units'),
  tenantTurnover: decimal('Annual tenant turnover rate'),
  expiringLeases: NumberMap.describe('Lease rollover by year of leaseEnd'),
};

// A vacant unit has no tenant and no lease.
const rentRollItemFields = {
  id: z.string(),
  tenantName: z.string().nullable(),
  monthlyRent: usd(),
  unitSize: z.number().describe('Square feet'),
  annualRent: usd(),
  monthlyRentPerSf: usd(),
  annualRentPerSf: usd(),
  leaseStart: IsoDate.nullable(),
  leaseEnd: IsoDate.nullable(),
};

export const ResidentialRentRollItemDto = z.object(lazyShape(() => ({
  ...rentRollItemFields,
  unitNumber: z.string(),
  unitType: z.string().describe('Bedroom/bathroom label, e.g. 2BR/1BA'),
  bedrooms: z.number(),
  bathrooms: z.number(),
})));
export type ResidentialRentRollItemDto = z.infer<typeof ResidentialRentRollItemDto>;

export const UnitTypeSummaryDto = z.object(lazyShape(() => ({
  totalUnits: z.number(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  avgSf: z.number(),
  avgMonthlyRevenuePerSf: usd(),
  avgMonthlyRevenuePerUnit: usd(),
})));
export type UnitTypeSummaryDto = z.infer<typeof UnitTypeSummaryDto>;

export const ResidentialRentRollInfoResponseDto = envelope(lazyShape(() => ({
  ...rentRollFields,
  unitTypeSummaryTable: z.array(UnitTypeSummaryDto).describe('Grouped by bedrooms and bathrooms'),
  rentRollItems: z.array(ResidentialRentRollItemDto),
}))).meta({ id: 'ResidentialRentRollInfoResponseDto' });
export type ResidentialRentRollInfoResponseDto = z.infer<typeof ResidentialRentRollInfoResponseDto>;

export const CommercialRentRollItemDto = z.object(lazyShape(() => ({
  ...rentRollItemFields,
  suite: z.string(),
  leaseType: z.string().nullable().describe('e.g. NNN, Gross, Modified Gross'),
  floor: z.number().nullable(),
})));
export type CommercialRentRollItemDto = z.infer<typeof CommercialRentRollItemDto>;

export const CommercialRentRollInfoResponseDto = envelope({
  ...rentRollFields,
  rentRollItems: z.array(CommercialRentRollItemDto),
}).meta({ id: 'CommercialRentRollInfoResponseDto' });
export type CommercialRentRollInfoResponseDto = z.infer<typeof CommercialRentRollInfoResponseDto>;
