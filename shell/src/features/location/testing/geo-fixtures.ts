import type { Place, ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';

/** A Google-shaped reverse answer for a point in Indiranagar: a plus code first, then the area. */
export const indiranagarReverse: ReverseGeocodeResponse = {
  status: 'OK',
  plus_code: { compound_code: 'XJCR+QF Bengaluru, Karnataka, India', global_code: '7J4VXJCR+QF' },
  results: [
    {
      formatted_address: 'XJCR+QF Bengaluru, Karnataka, India',
      place_id: 'plus',
      types: ['plus_code'],
      geometry: { location: { lat: 12.9719, lng: 77.6412 }, location_type: 'GEOMETRIC_CENTER' },
      address_components: [{ long_name: 'XJCR+QF', short_name: 'XJCR+QF', types: ['plus_code'] }],
    },
    {
      formatted_address: 'HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560038, India',
      place_id: 'area',
      types: ['political', 'sublocality', 'sublocality_level_2'],
      geometry: { location: { lat: 12.9716, lng: 77.6408 }, location_type: 'APPROXIMATE' },
      address_components: [
        { long_name: 'HAL 2nd Stage', short_name: 'HAL 2nd Stage', types: ['sublocality_level_2', 'sublocality', 'political'] },
        { long_name: '560038', short_name: '560038', types: ['postal_code'] },
      ],
    },
  ],
};

export const outsideServiceArea = {
  statusCode: 422,
  code: 'OUTSIDE_SERVICE_AREA',
  message: 'Kalike is live only in Bengaluru.',
};

export const places: Place[] = [
  {
    kind: 'locality',
    id: '5b0f3c2e-1f7a-4c1d-9a3e-0c6d2e4f1a01',
    slug: 'indiranagar',
    name: 'Indiranagar',
    pincode: '560038',
    coords: { lat: 12.9719, lng: 77.6412 },
    address: 'Indiranagar, Bengaluru 560038',
  },
  {
    kind: 'apartment',
    id: '5b0f3c2e-1f7a-4c1d-9a3e-0c6d2e4f1a02',
    slug: 'prestige-indira-court',
    name: 'Prestige Indira Court',
    pincode: '560038',
    coords: { lat: 12.9735, lng: 77.6399 },
    address: 'Prestige Indira Court, Indiranagar, Bengaluru 560038',
  },
];

type GeolocationMock = { getCurrentPosition: jest.Mock };

/** Replaces the browser's geolocation (outside our system) for one test. */
export function mockGeolocation(behaviour: 'never-answers' | { error: 1 | 2 | 3 } | { lat: number; lng: number }): GeolocationMock {
  const getCurrentPosition = jest.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (behaviour === 'never-answers') return;
    if ('error' in behaviour) {
      failure?.({ code: behaviour.error, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
      return;
    }
    success({ coords: { latitude: behaviour.lat, longitude: behaviour.lng, accuracy: 20 }, timestamp: Date.now() } as GeolocationPosition);
  });
  const geolocation = { getCurrentPosition };
  Object.defineProperty(window.navigator, 'geolocation', { value: geolocation, configurable: true });
  return geolocation;
}
