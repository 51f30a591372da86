import type { AddressComponent, GeocodeResult, PlusCode, ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';
import * as pluscodesModule from 'pluscodes';
import type { GeoRepository } from './geo.repository';
import type { ReverseGeocoder } from './reverse-geocoder';

// pluscodes is CommonJS with getter exports: Node's ESM loader (the server) sees them only
// under `default`, while CommonJS (the tests) sees them as named exports.
const pluscodes = (pluscodesModule as { default?: typeof pluscodesModule }).default ?? pluscodesModule;
const { encode, shorten } = pluscodes;

/** A point this close to an apartment's pin is taken to be in that apartment complex. */
export const PREMISE_RADIUS_METERS = 150;

/** Where Google puts "Bengaluru" and "India" themselves; used for the coarse results. */
const BENGALURU_CENTRE = { lat: 12.9715987, lng: 77.5945627 };
const INDIA_CENTRE = { lat: 20.593684, lng: 78.96288 };

const city: AddressComponent = { long_name: 'Bengaluru', short_name: 'Bengaluru', types: ['locality', 'political'] };
const district: AddressComponent = {
  long_name: 'Bangalore Urban',
  short_name: 'Bangalore Urban',
  types: ['administrative_area_level_3', 'political'],
};
const state: AddressComponent = { long_name: 'Karnataka', short_name: 'KA', types: ['administrative_area_level_1', 'political'] };
const country: AddressComponent = { long_name: 'India', short_name: 'IN', types: ['country', 'political'] };
const postalCode = (pincode: string): AddressComponent => ({ long_name: pincode, short_name: pincode, types: ['postal_code'] });
const named = (name: string, types: string[]): AddressComponent => ({ long_name: name, short_name: name, types });

/**
 * Google answers with the short code relative to the named city, which is what lets a reader
 * recover the full code from "XHCV+JR Bengaluru"; shorten() only trims as far as that is safe.
 */
export function plusCodeFor(lat: number, lng: number): PlusCode | undefined {
  const globalCode = encode({ latitude: lat, longitude: lng });
  if (!globalCode) return undefined;
  const shortCode = shorten(globalCode, { latitude: BENGALURU_CENTRE.lat, longitude: BENGALURU_CENTRE.lng }) ?? globalCode;
  return { compound_code: `${shortCode} Bengaluru, Karnataka, India`, global_code: globalCode };
}

export function createOfflineGeocoder(repository: GeoRepository): ReverseGeocoder {
  return {
    name: 'offline',
    async reverse(lat, lng): Promise<ReverseGeocodeResponse> {
      const [locality, apartment] = await Promise.all([repository.nearestLocality(lat, lng), repository.nearestApartment(lat, lng)]);
      const plus_code = plusCodeFor(lat, lng);
      if (!locality) return { status: 'ZERO_RESULTS', results: [], ...(plus_code ? { plus_code } : {}) };

      const sublocality = named(locality.name, ['political', 'sublocality', 'sublocality_level_1']);
      const results: GeocodeResult[] = [];

      // Most exact first, as Google orders them.
      if (apartment && apartment.meters <= PREMISE_RADIUS_METERS) {
        results.push({
          formatted_address: `${apartment.name}, ${apartment.locality_name}, Bengaluru, Karnataka ${apartment.pincode}, India`,
          place_id: `kalike:apartment:${apartment.slug}`,
          types: ['establishment', 'point_of_interest', 'premise'],
          geometry: { location: { lat: apartment.lat, lng: apartment.lng }, location_type: 'ROOFTOP' },
          address_components: [
            named(apartment.name, ['premise']),
            named(apartment.locality_name, ['political', 'sublocality', 'sublocality_level_1']),
            city,
            district,
            state,
            country,
            postalCode(apartment.pincode),
          ],
        });
      }
      results.push(
        {
          formatted_address: `${locality.name}, Bengaluru, Karnataka ${locality.pincode}, India`,
          place_id: `kalike:locality:${locality.slug}`,
          types: ['political', 'sublocality', 'sublocality_level_1'],
          geometry: { location: { lat: locality.lat, lng: locality.lng }, location_type: 'GEOMETRIC_CENTER' },
          address_components: [sublocality, city, district, state, country, postalCode(locality.pincode)],
        },
        {
          formatted_address: `Bengaluru, Karnataka ${locality.pincode}, India`,
          place_id: `kalike:postal-code:${locality.pincode}`,
          types: ['postal_code'],
          geometry: { location: { lat: locality.lat, lng: locality.lng }, location_type: 'APPROXIMATE' },
          address_components: [postalCode(locality.pincode), city, district, state, country],
        },
        {
          formatted_address: 'Bengaluru, Karnataka, India',
          place_id: 'kalike:locality:bengaluru',
          types: ['locality', 'political'],
          geometry: { location: BENGALURU_CENTRE, location_type: 'APPROXIMATE' },
          address_components: [city, district, state, country],
        },
        {
          formatted_address: 'India',
          place_id: 'kalike:country:in',
          types: ['country', 'political'],
          geometry: { location: INDIA_CENTRE, location_type: 'APPROXIMATE' },
          address_components: [country],
        },
      );
      return { status: 'OK', results, ...(plus_code ? { plus_code } : {}) };
    },
  };
}
