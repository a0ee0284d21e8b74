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

/** The address columns of an AddressDto (no address: every column null); addressDto's inverse. */
export function addressColumnsOf(a: AddressDto | null): AddressColumns {
  return {
    fullAddress: a ? a.fullAddress : null,
    placeId: a?.placeId ?? null,
    lat: a?.geoLocation?.lat ?? null,
    lng: a?.geoLocation?.lng ?? null,
    zipCode: a?.zipCode ?? null,
    streetNumber: a?.number ?? null,
    street: a?.street ?? null,
    city: a?.city ?? null,
    county: a?.county ?? null,
    state: a?.state ?? null,
    country: a?.country ?? null,
    additionalFreeText: a?.additionalFreeText ?? null,
  };
}
