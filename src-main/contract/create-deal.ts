import { z } from 'zod';
import { AddressCreateDto } from './address';
import { AssetType, LoanType } from './enums';
import { envelope } from './error';
import { decimal } from './scalars';

// Every field is optional at the schema level: the gateway reports the first absent entry of
// MANDATORY_CREATE_FIELDS itself as MissingMandatoryField. Types and value ranges are checked here.

const dealFields = {
  ownerId: z.string().optional().describe('User id (an e-mail address) of an existing user, the deal owner'),
  dealName: z.string().optional(),
  address: AddressCreateDto.optional(),
  loanType: LoanType.optional(),
  loanAmount: z.number().positive().optional().describe('USD, > 0'),
  loanTerm: z.int().positive().optional().describe('Months, a whole number > 0'),
};

export const ResidentialLivingUnitCreateDto = z.object({
  frontEndGridLineNumber: z.string().optional().describe('Orders the list'),
  description: z.string().optional(),
  bedrooms: z.number().nonnegative().optional(),
  bathrooms: z.number().nonnegative().optional(),
  unitSize: z.number().positive().optional().describe('Average square feet, > 0'),
  numUnits: z.int().min(1).optional().describe('Units of this type, >= 1'),
});
export type ResidentialLivingUnitCreateDto = z.infer<typeof ResidentialLivingUnitCreateDto>;

export const CommercialLivingUnitCreateDto = z.object({
  frontEndGridLineNumber: z.string().optional().describe('Orders the list'),
  description: z.string().optional(),
  suite: z.string().optional(),
  floor: z.number().optional(),
  unitSize: z.number().positive().optional().describe('Square feet, > 0'),
});
export type CommercialLivingUnitCreateDto = z.infer<typeof CommercialLivingUnitCreateDto>;

export const HotelCreateDto = z.object({
  totalRooms: z.int().nonnegative().optional(),
  averageDailyRate: z.number().nonnegative().optional().describe('Average daily rate, USD'),
  occupancy: decimal('Occupancy').min(0).max(1).optional(),
  totalSf: z.number().nonnegative().optional().describe('Square feet'),
});
export type HotelCreateDto = z.infer<typeof HotelCreateDto>;

export const CreateResidentialDealDto = z
  .object({
    ...dealFields,
    propertyType: z.literal('Multi_Family_Apartments').optional(),
    residentialLivingUnitCreateDto: z
      .array(ResidentialLivingUnitCreateDto)
      .optional()
      .describe('Initial unit mix, one entry per unit type'),
  })
  .meta({ id: 'CreateResidentialDealDto' });
export type CreateResidentialDealDto = z.infer<typeof CreateResidentialDealDto>;

export const CommercialPropertyType = AssetType.exclude(['Multi_Family_Apartments', 'Hotel']);
export type CommercialPropertyType = z.infer<typeof CommercialPropertyType>;

export const CreateCommercialDealDto = z
  .object({
    ...dealFields,
    propertyType: CommercialPropertyType.optional(),
    commercialLivingUnitCreateDto: z.array(CommercialLivingUnitCreateDto).optional().describe('Initial suites'),
  })
  .meta({ id: 'CreateCommercialDealDto' });
export type CreateCommercialDealDto = z.infer<typeof CreateCommercialDealDto>;

export const CreateHotelDealDto = z
  .object({
    ...dealFields,
    propertyType: z.literal('Hotel').optional(),
    hotelCreateDto: HotelCreateDto.optional(),
  })
  .meta({ id: 'CreateHotelDealDto' });
export type CreateHotelDealDto = z.infer<typeof CreateHotelDealDto>;

export const CreateResponseDto = envelope({
  createdEntityId: z.string().describe('UUID of the new deal'),
}).meta({ id: 'CreateResponseDto' });
export type CreateResponseDto = z.infer<typeof CreateResponseDto>;

export const CREATE_DEAL_DTOS = {
  residential: CreateResidentialDealDto,
  commercial: CreateCommercialDealDto,
  hotel: CreateHotelDealDto,
} as const;
export type CreateDealKind = keyof typeof CREATE_DEAL_DTOS;

const DEAL_MANDATORY = [
  'ownerId',
  'dealName',
  'address',
  'propertyType',
  'loanType',
  'loanAmount',
  'loanTerm',
] as const satisfies readonly (keyof CreateResidentialDealDto &
  keyof CreateCommercialDealDto &
  keyof CreateHotelDealDto)[];

/**
 * What a create needs, in reporting order: the deal fields, at least one locator of the address,
 * and on each unit-mix row numUnits and unitSize (their ranges are in the schemas).
 */
export const MANDATORY_CREATE_FIELDS = {
  deal: { residential: DEAL_MANDATORY, commercial: DEAL_MANDATORY, hotel: DEAL_MANDATORY },
  addressOneOf: ['fullAddress', 'placeId', 'latLng'],
  unitMixRow: ['numUnits', 'unitSize'],
} as const satisfies {
  deal: Record<CreateDealKind, readonly string[]>;
  addressOneOf: readonly (keyof AddressCreateDto)[];
  unitMixRow: readonly (keyof ResidentialLivingUnitCreateDto)[];
};
