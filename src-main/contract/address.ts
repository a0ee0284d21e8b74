import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { addressText, shortText } from './scalars';

export const LatLngDto = z.object(lazyShape(() => ({ lat: z.number(), lng: z.number() })));
export type LatLngDto = z.infer<typeof LatLngDto>;

/** Coordinates in a request: degrees of latitude and longitude. */
const LatLngInputDto = z.object(lazyShape(() => ({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })));

export const AddressDto = z.object(lazyShape(() => ({
  fullAddress: z.string(),
  placeId: z.string().nullable().describe('Place-lookup identifier'),
  geoLocation: LatLngDto.nullable(),
  zipCode: z.string().nullable(),
  number: z.int32().nullable().describe('Street number'),
  street: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  additionalFreeText: z.string().nullable().describe('Suite or unit information'),
})));
export type AddressDto = z.infer<typeof AddressDto>;

/** Sent on creates and imports; at least one of fullAddress, placeId, latLng is mandatory. */
export const AddressCreateDto = z.object(lazyShape(() => ({
  fullAddress: addressText()
    .optional()
    .describe('Complete street address, validated by the place-lookup service'),
  additionalFreeText: shortText().optional().describe('Suite or unit information'),
  placeId: shortText()
    .optional()
    .describe('Place-lookup identifier; when given it overrides fullAddress'),
  latLng: LatLngInputDto.optional(),
})));
export type AddressCreateDto = z.infer<typeof AddressCreateDto>;
