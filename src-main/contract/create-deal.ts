import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { AddressCreateDto } from './address';
import { AssetType, LoanType } from './enums';
import { envelope } from './error';
import { amount, decimal, freeText, LIMITS, quantity, shortText, STORAGE_LIMIT, userId } from './scalars';

// Every field is optional at the schema level: the gateway reports the first absent entry of
// MANDATORY_CREATE_FIELDS itself as MissingMandatoryField. Types and value ranges are checked here.

const dealFields = {
  ownerId: userId().optional().describe('User id (an e-mail address) of an existing user, the deal owner'),
  dealName: shortText().optional(),
  address: AddressCreateDto.optional(),
  loanType: LoanType.optional(),
  loanAmount: amount().positive().optional().describe('USD, > 0'),
  loanTerm: z.int().positive().max(LIMITS.termMonths).optional().describe(`Months, a whole number from 1 to ${LIMITS.termMonths}`),
};

export const ResidentialLivingUnitCreateDto = z.object(lazyShape(() => ({
  frontEndGridLineNumber: shortText().optional().describe('Orders the list'),
  description: freeText().optional(),
  bedrooms: quantity().nonnegative().optional(),
  bathrooms: quantity().nonnegative().optional(),
  unitSize: quantity().positive().optional().describe('Average square feet, > 0'),
  numUnits: z.int().min(1).max(LIMITS.quantity, STORAGE_LIMIT).optional().describe('Units of this type, >= 1'),
})));
export type ResidentialLivingUnitCreateDto = z.infer<typeof ResidentialLivingUnitCreateDto>;

export const CommercialLivingUnitCreateDto = z.object(lazyShape(() => ({
  frontEndGridLineNumber: shortText().optional().describe('Orders the list'),
  description: freeText().optional(),
  suite: shortText().optional(),
  floor: quantity().optional(),
  unitSize: quantity().positive().optional().describe('Square feet, > 0'),
})));
export type CommercialLivingUnitCreateDto = z.infer<typeof CommercialLivingUnitCreateDto>;

export const HotelCreateDto = z.object(lazyShape(() => ({
  totalRooms: z.int().nonnegative().max(LIMITS.quantity, STORAGE_LIMIT).optional(),
  averageDailyRate: amount('Average daily rate').nonnegative().optional(),
  occupancy: decimal('Occupancy').min(0).max(1).optional(),
  totalSf: quantity('Square feet').nonnegative().optional(),
})));
export type HotelCreateDto = z.infer<typeof HotelCreateDto>;

export const CreateResidentialDealDto = z
  .object(lazyShape(() => ({
    ...dealFields,
    propertyType: z.literal('Multi_Family_Apartments').optional(),
    residentialLivingUnitCreateDto: z
      .array(ResidentialLivingUnitCreateDto)
      .optional()
      .describe('Initial unit mix, one entry per unit type'),
  })))
  .meta({ id: 'CreateResidentialDealDto' });
export type CreateResidentialDealDto = z.infer<typeof CreateResidentialDealDto>;

export const CommercialPropertyType = AssetType.exclude(['Multi_Family_Apartments', 'Hotel']);
export type CommercialPropertyType = z.infer<typeof CommercialPropertyType>;

export const CreateCommercialDealDto = z
  .object(lazyShape(() => ({
    ...dealFields,
    propertyType: CommercialPropertyType.optional(),
    commercialLivingUnitCreateDto: z.array(CommercialLivingUnitCreateDto).optional().describe('Initial suites'),
  })))
  .meta({ id: 'CreateCommercialDealDto' });
export type CreateCommercialDealDto = z.infer<typeof CreateCommercialDealDto>;

export const CreateHotelDealDto = z
  .object(lazyShape(() => ({
    ...dealFields,
    propertyType: z.literal('Hotel').optional(),
    hotelCreateDto: HotelCreateDto.optional(),
  })))
  .meta({ id: 'CreateHotelDealDto' });
export type CreateHotelDealDto = z.infer<typeof CreateHotelDealDto>;

export const CreateResponseDto = envelope(lazyShape(() => ({
  createdEntityId: z.string().describe('UUID of the new deal'),
}))).meta({ id: 'CreateResponseDto' });
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
