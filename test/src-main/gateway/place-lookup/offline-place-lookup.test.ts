import { describe, expect, it, vi } from 'vitest';
import { createOfflinePlaceLookup } from '../../../../src-main/gateway/place-lookup/offline-place-lookup';

// The ZIP table (about 100 MB) is loaded on the first lookup that needs it, not at import.
const loaded = vi.hoisted(() => ({ zipcodes: 0 }));
vi.mock('zipcodes', async (importOriginal) => {
  loaded.zipcodes++;
  return importOriginal();
});

describe('the offline place lookup', () => {
  it('loads no ZIP data to be created, nor to refuse an empty address', async () => {
    const places = createOfflinePlaceLookup();
    expect(await places.resolve({ fullAddress: '  ', placeId: null, latLng: null })).toEqual({
      ok: false,
      target: 'address',
      message: 'An address needs fullAddress, placeId or latLng.',
    });
    expect(loaded.zipcodes).toBe(0);
  });

  it('places a US street address at its ZIP centroid on the first lookup, and resolves its placeId alone', async () => {
    const places = createOfflinePlaceLookup();
    const [first, second] = await Promise.all([
      places.resolve({ fullAddress: '100 Congress Ave, Austin, TX 78701' }),
      places.resolve({ fullAddress: '200 Congress Ave, Austin, TX 78701', additionalFreeText: 'Suite 4' }),
    ]);
    expect(loaded.zipcodes).toBe(1);
    expect(first).toMatchObject({ ok: true, place: { city: 'Austin', state: 'TX', zipCode: '78701', streetNumber: 100, country: 'US' } });
    expect(second).toMatchObject({ ok: true, place: { streetNumber: 200, additionalFreeText: 'Suite 4' } });
    if (!first.ok) throw new Error('unreachable');
    expect(first.place.lat).toBeCloseTo(30.27, 1);
    expect(first.place.placeId).toMatch(/^us:78701:/);
    expect(await places.resolve({ placeId: first.place.placeId })).toEqual(first);
  });

  it('answers coordinates and refuses what it cannot place', async () => {
    const places = createOfflinePlaceLookup();
    expect(await places.resolve({ latLng: { lat: 30.27, lng: -97.74 } })).toMatchObject({ ok: true, place: { state: 'TX', street: null } });
    expect(await places.resolve({ latLng: { lat: 91, lng: 0 } })).toMatchObject({ ok: false, target: 'address.latLng' });
    expect(await places.resolve({ placeId: 'us:00000:1-main-st' })).toMatchObject({ ok: false, target: 'address.placeId' });
    expect(await places.resolve({ fullAddress: 'somewhere' })).toMatchObject({ ok: false, target: 'address.fullAddress' });
  });
});
