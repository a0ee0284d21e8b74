import { describe, expect, it } from 'vitest';
import {
  CREATE_DEAL_DTOS,
  CreateCommercialDealDto,
  CreateHotelDealDto,
  CreateResidentialDealDto,
  MANDATORY_CREATE_FIELDS,
} from '../../../src-main/contract';

const complete = {
  ownerId: 'ann@lender.example',
  dealName: 'Maple Court',
  address: { fullAddress: '100 Main St, Springfield, IL 62701' },
  loanType: 'Acquisition',
  loanAmount: 10_000_000,
  loanTerm: 60,
};

describe('create deal DTOs', () => {
  it.each(Object.entries(CREATE_DEAL_DTOS))('accepts an empty %s body, leaving mandatory fields to the gateway', (_, dto) => {
    expect(dto.safeParse({}).success).toBe(true);
  });

  it.each(Object.entries(MANDATORY_CREATE_FIELDS.deal))('lists only fields the %s DTO has as mandatory', (kind, fields) => {
    const shape = CREATE_DEAL_DTOS[kind as keyof typeof CREATE_DEAL_DTOS].shape;
    for (const field of fields) expect(shape, field).toHaveProperty(field);
  });

  it('names the mandatory fields of the design, in reporting order', () => {
    expect(MANDATORY_CREATE_FIELDS.deal.residential).toEqual([
      'ownerId', 'dealName', 'address', 'propertyType', 'loanType', 'loanAmount', 'loanTerm',
    ]);
    expect(MANDATORY_CREATE_FIELDS.addressOneOf).toEqual(['fullAddress', 'placeId', 'latLng']);
    expect(MANDATORY_CREATE_FIELDS.unitMixRow).toEqual(['numUnits', 'unitSize']);
  });

  it('accepts a residential deal with its unit mix', () => {
    const body = {
      ...complete,
      propertyType: 'Multi_Family_Apartments',
      residentialLivingUnitCreateDto: [
        { frontEndGridLineNumber: '1', description: '2BR/1BA', bedrooms: 2, bathrooms: 1, unitSize: 850, numUnits: 40 },
      ],
    };
    expect(CreateResidentialDealDto.parse(body)).toEqual(body);
  });

  it('keeps each create to its own property types', () => {
    expect(CreateResidentialDealDto.safeParse({ propertyType: 'Office' }).success).toBe(false);
    expect(CreateCommercialDealDto.safeParse({ propertyType: 'Office' }).success).toBe(true);
    expect(CreateCommercialDealDto.safeParse({ propertyType: 'Multi_Family_Apartments' }).success).toBe(false);
    expect(CreateCommercialDealDto.safeParse({ propertyType: 'Hotel' }).success).toBe(false);
    expect(CreateHotelDealDto.safeParse({ propertyType: 'Hotel' }).success).toBe(true);
    expect(CreateHotelDealDto.safeParse({ propertyType: 'Retail' }).success).toBe(false);
  });

  it('rejects a non-positive loan amount, a fractional loan term and empty unit-mix rows', () => {
    expect(CreateResidentialDealDto.safeParse({ loanAmount: 0 }).success).toBe(false);
    expect(CreateResidentialDealDto.safeParse({ loanTerm: 12.5 }).success).toBe(false);
    expect(CreateResidentialDealDto.safeParse({ residentialLivingUnitCreateDto: [{ numUnits: 0 }] }).success).toBe(false);
    expect(CreateResidentialDealDto.safeParse({ residentialLivingUnitCreateDto: [{ unitSize: 0 }] }).success).toBe(false);
  });

  it('accepts commercial suites and hotel figures', () => {
    const commercial = {
      ...complete,
      propertyType: 'Retail',
      commercialLivingUnitCreateDto: [{ frontEndGridLineNumber: '1', description: 'Anchor', suite: '100', floor: 1, unitSize: 12_000 }],
    };
    expect(CreateCommercialDealDto.parse(commercial)).toEqual(commercial);
    const hotel = { ...complete, propertyType: 'Hotel', hotelCreateDto: { totalRooms: 120, averageDailyRate: 189, occupancy: 0.74, totalSf: 85_000 } };
    expect(CreateHotelDealDto.parse(hotel)).toEqual(hotel);
    expect(CreateHotelDealDto.safeParse({ hotelCreateDto: { occupancy: 74 } }).success).toBe(false);
  });
});
