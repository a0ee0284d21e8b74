import type parseAddress from 'parse-address';
import type zipcodesPackage from 'zipcodes';
import type { Place, PlaceLookup, PlaceQuery, PlaceResult } from './place-lookup';
import { placeAddressKey } from './place-lookup';

type Zipcodes = typeof zipcodesPackage;
type AddressParser = typeof parseAddress;

/** The lookup's data: the ZIP-centroid table and the US address parser. */
interface LookupData {
  zipcodes: Zipcodes;
  parser: AddressParser;
}

let loading: Promise<LookupData> | undefined;

/**
 * Loads the data packages on the first lookup, once per process. The ZIP table costs about
 * 100 MB and a few hundred milliseconds to load: a server that never creates a deal (or has not
 * yet) does not pay for it at start. A failed load is retried on the next lookup.
 */
export function loadPlaceLookupData(): Promise<LookupData> {
  loading ??= Promise.all([import('zipcodes'), import('parse-address')]).then(
    ([z, p]) => ({ zipcodes: z.default, parser: p.default }),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

// Offline place ids are self-describing so that a placeId alone resolves without a network:
// "us:<zip5>:<address key with dashes>".
const PLACE_ID = /^us:(\d{5}):([a-z0-9-]+)$/;
const LATLNG_ID = /^latlng:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/;

function titleCase(s: string): string {
  return s.replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

export function offlinePlaceId(zip5: string, key: string): string {
  return `us:${zip5}:${key.replace(/\s+/g, '-')}`;
}

function fail(target: string, message: string): PlaceResult {
  return { ok: false, target, message };
}

function fromParts(zipcodes: Zipcodes, parts: {
  number?: string;
  street: string;
  city?: string;
  state?: string;
  zip?: string;
  unit?: string | null;
  lat?: number;
  lng?: number;
}): PlaceResult {
  let zip = parts.zip ? zipcodes.lookup(parts.zip) : undefined;
  if (!zip && parts.city && parts.state) zip = zipcodes.lookupByName(parts.city, parts.state)[0];
  if (!zip) return fail('address.fullAddress', 'The address could not be located: give a US street address with city, state and ZIP code.');
  if (parts.state && parts.state.toUpperCase() !== zip.state) {
    return fail('address.fullAddress', `ZIP code ${zip.zip} is not in ${parts.state.toUpperCase()}.`);
  }
  const streetNumber = parts.number && /^\d+$/.test(parts.number) ? Number(parts.number) : null;
  const city = parts.city ? titleCase(parts.city.toLowerCase()) : zip.city;
  const line1 = [parts.number, parts.street].filter(Boolean).join(' ');
  const key = placeAddressKey({ streetNumber, street: parts.street, city, state: zip.state, zipCode: zip.zip });
  const place: Place = {
    fullAddress: `${line1}, ${city}, ${zip.state} ${zip.zip}`,
    placeId: offlinePlaceId(zip.zip, key),
    lat: parts.lat ?? zip.latitude,
    lng: parts.lng ?? zip.longitude,
    zipCode: zip.zip,
    streetNumber,
    street: parts.street,
    city,
    county: null,
    state: zip.state,
    country: 'US',
    additionalFreeText: parts.unit ?? null,
    addressKey: key,
  };
  return { ok: true, place };
}

function parseFullAddress(
  { zipcodes, parser }: LookupData,
  fullAddress: string,
  unit: string | null,
  latLng?: { lat: number; lng: number } | null,
): PlaceResult {
  const parsed = parser.parseLocation(fullAddress);
  if (!parsed?.number || !parsed.street || !(parsed.zip || (parsed.city && parsed.state))) {
    return fail('address.fullAddress', 'The address could not be parsed: expected "number street, city, state ZIP".');
  }
  const street = [parsed.prefix, parsed.street, parsed.type, parsed.suffix].filter(Boolean).join(' ');
  const secUnit = [parsed.sec_unit_type, parsed.sec_unit_num].filter(Boolean).join(' ') || null;
  return fromParts(zipcodes, {
    number: parsed.number,
    street,
    city: parsed.city,
    state: parsed.state,
    zip: parsed.zip,
    unit: unit ?? secUnit,
    lat: latLng?.lat,
    lng: latLng?.lng,
  });
}

function parsePlaceId(zipcodes: Zipcodes, placeId: string, unit: string | null): PlaceResult {
  const m = PLACE_ID.exec(placeId);
  if (!m) return fail('address.placeId', 'The placeId is not one the offline place lookup issued; send fullAddress instead.');
  const zip = zipcodes.lookup(m[1]!);
  if (!zip) return fail('address.placeId', 'The placeId names an unknown ZIP code.');
  // The key is "number street... city... state zip": strip the known tail to recover the street line.
  const words = m[2]!.split('-');
  const tail = [...zip.city.toLowerCase().split(/\s+/), zip.state.toLowerCase(), zip.zip];
  const endsWithTail = tail.every((w, i) => words[words.length - tail.length + i] === w);
  const line = endsWithTail ? words.slice(0, words.length - tail.length) : words;
  const number = /^\d+$/.test(line[0] ?? '') ? line.shift() : undefined;
  if (line.length === 0) return fail('address.placeId', 'The placeId names no street.');
  return fromParts(zipcodes, { number, street: titleCase(line.join(' ')), city: zip.city, state: zip.state, zip: zip.zip, unit });
}

function fromCoordinates(zipcodes: Zipcodes, latLng: { lat: number; lng: number }, unit: string | null): PlaceResult {
  if (!Number.isFinite(latLng.lat) || !Number.isFinite(latLng.lng) || Math.abs(latLng.lat) > 90 || Math.abs(latLng.lng) > 180) {
    return fail('address.latLng', 'Coordinates must be a latitude within ±90 and a longitude within ±180.');
  }
  const zip = zipcodes.lookupByCoords(latLng.lat, latLng.lng);
  if (!zip) return fail('address.latLng', 'No US ZIP code lies near these coordinates.');
  const key = placeAddressKey({ streetNumber: null, street: `${latLng.lat.toFixed(6)} ${latLng.lng.toFixed(6)}`, city: zip.city, state: zip.state, zipCode: zip.zip });
  return {
    ok: true,
    place: {
      fullAddress: `${zip.city}, ${zip.state} ${zip.zip}`,
      placeId: `latlng:${latLng.lat.toFixed(6)},${latLng.lng.toFixed(6)}`,
      lat: latLng.lat,
      lng: latLng.lng,
      zipCode: zip.zip,
      streetNumber: null,
      street: null,
      city: zip.city,
      county: null,
      state: zip.state,
      country: 'US',
      additionalFreeText: unit,
      addressKey: key,
    },
  };
}

/**
 * Parses US street addresses and places them at their ZIP centroid, with no network. Creating
 * it is free; its data is loaded on the first lookup (loadPlaceLookupData).
 */
export function createOfflinePlaceLookup(): PlaceLookup {
  return {
    async resolve(query: PlaceQuery): Promise<PlaceResult> {
      const unit = query.additionalFreeText?.trim() || null;
      // The spec: a placeId, when given, overrides fullAddress.
      const placeId = query.placeId?.trim();
      const fullAddress = query.fullAddress?.trim();
      const latLng = query.latLng;
      if (!placeId && !fullAddress && !latLng) return fail('address', 'An address needs fullAddress, placeId or latLng.');
      const data = await loadPlaceLookupData();
      const coords = placeId ? LATLNG_ID.exec(placeId) : null;
      if (coords) return fromCoordinates(data.zipcodes, { lat: Number(coords[1]), lng: Number(coords[2]) }, unit);
      if (placeId) return parsePlaceId(data.zipcodes, placeId, unit);
      if (fullAddress) return parseFullAddress(data, fullAddress, unit, latLng);
      return fromCoordinates(data.zipcodes, latLng!, unit);
    },
  };
}
