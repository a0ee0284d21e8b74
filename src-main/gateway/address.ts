import type { AddressDto } from '../contract';

/** The address columns every addressed table embeds (store/schema addressColumns). */
export interface AddressColumns {
  fullAddress: string | null;
  placeId: string | null;
  lat: number | null;
  lng: number | null;
  zipCode: string | null;
  streetNumber: number | null;
  street: string | null;
  city: string | null;
  county: string | null;
  state: string | null;
  country: string | null;
  additionalFreeText: string | null;
}

export function addressDto(row: AddressColumns): AddressDto {
  return {
    fullAddress: row.fullAddress ?? '',
    placeId: row.placeId,
    geoLocation: row.lat != null && row.lng != null ? { lat: row.lat, lng: row.lng } : null,
    zipCode: row.zipCode,
    number: row.streetNumber,
    street: row.street,
    city: row.city,
    county: row.county,
    state: row.state,
    country: row.country,
    additionalFreeText: row.additionalFreeText,
  };
}

export function optionalAddressDto(row: AddressColumns): AddressDto | null {
  return row.fullAddress || row.placeId || row.lat != null ? addressDto(row) : null;
}
