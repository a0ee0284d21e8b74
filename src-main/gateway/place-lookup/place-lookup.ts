import { addressKey } from '../../domain';

/** What a create sends (AddressCreateDto), as the place lookup sees it. */
export interface PlaceQuery {
  fullAddress?: string | null;
  placeId?: string | null;
  latLng?: { lat: number; lng: number } | null;
  additionalFreeText?: string | null;
}

/** A resolved place: the AddressDto fields plus the duplicate-detection key. */
export interface Place {
  fullAddress: string;
  placeId: string;
  lat: number;
  lng: number;
  zipCode: string;
  streetNumber: number | null;
  street: string | null;
  city: string;
  county: string | null;
  state: string;
  country: string;
  additionalFreeText: string | null;
  addressKey: string;
}

export type PlaceResult = { ok: true; place: Place } | { ok: false; target: string; message: string };

/** The port: an offline adapter (ZIP centroids) and an HTTP geocoder implement it. */
export interface PlaceLookup {
  resolve(query: PlaceQuery): Promise<PlaceResult>;
}

export function placeAddressKey(place: Pick<Place, 'streetNumber' | 'street' | 'city' | 'state' | 'zipCode'>): string {
  return addressKey(place);
}
