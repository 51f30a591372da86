import type { ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';

/**
 * Turns a point into Google-shaped reverse-geocoding results. Adapters are chosen from config:
 * the offline one answers from seeded places, the Google one calls the real service.
 */
export interface ReverseGeocoder {
  readonly name: 'offline' | 'google';
  reverse(lat: number, lng: number): Promise<ReverseGeocodeResponse>;
}
