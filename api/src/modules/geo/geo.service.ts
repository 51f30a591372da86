import { serviceArea, type Place, type PlacesResponse, type ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';
import { geoError } from './google-geocoder';
import type { GeoRepository, PlaceRow } from './geo.repository';
import type { ReverseGeocoder } from './reverse-geocoder';

export const MAX_PLACES = 10;

/** A locality or apartment row as pickers show it, with its one-line address. */
export function toPlace(row: PlaceRow): Place {
  const where = row.locality_name ? `${row.name}, ${row.locality_name}` : row.name;
  return {
    kind: row.kind,
    id: row.id,
    slug: row.slug,
    name: row.name,
    pincode: row.pincode,
    coords: { lat: row.lat, lng: row.lng },
    address: `${where}, Bengaluru ${row.pincode}`,
  };
}

export function isInServiceArea(lat: number, lng: number): boolean {
  return lat >= serviceArea.minLat && lat <= serviceArea.maxLat && lng >= serviceArea.minLng && lng <= serviceArea.maxLng;
}

export function createGeoService(repository: GeoRepository, geocoder: ReverseGeocoder) {
  return {
    async reverse(lat: number, lng: number): Promise<ReverseGeocodeResponse> {
      // Checked before any paid lookup: a point outside the city can never match a teacher.
      if (!isInServiceArea(lat, lng)) {
        throw geoError('OUTSIDE_SERVICE_AREA', 'Kalike is currently live only in Bengaluru', 422);
      }
      return geocoder.reverse(lat, lng);
    },

    async searchPlaces(search: string): Promise<PlacesResponse> {
      const term = search.trim().replace(/\s+/g, ' ');
      if (term.length < 2) return { places: [] };
      const rows = await repository.searchPlaces(term, MAX_PLACES);
      return { places: rows.map(toPlace) };
    },
  };
}
