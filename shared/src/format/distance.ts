import type { PointPrecision } from '@kalike/shared/domain/listing-values';

/** A point on the map in degrees, as the location store and the contracts both hold it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * The sphere every distance is measured on, in metres: the database's earthdistance extension
 * (its `earth()`), on which the listings' stored points, their indexes and the API's distances
 * are built. The browser measures on the same sphere, so a distance it works out (the teacher
 * page) reads the same as one the API sends, and the API's SQL reads this constant. The mean
 * Earth radius (IUGG, 6,371,008.8 m) is 0.11 % smaller; moving to it means redefining earth()
 * in a migration and rebuilding every stored point.
 */
export const earthRadiusMetres = 6_378_168;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance between two points in whole metres. Pages whose responses are shared
 * and cached for everyone (the teacher page) carry no distance, so the browser measures
 * from the learner's own point instead.
 */
export function haversineMetres(from: LatLng, to: LatLng): number {
  const values = [from.lat, from.lng, to.lat, to.lng];
  if (!values.every(Number.isFinite)) throw new RangeError('Coordinates must be finite numbers');
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(a))));
}

/**
 * How far a listing is, as lists say it: "1.2 km away" ("about 2 km away" from a point that is
 * only a locality's centre), or, for an online class (which has no distance), that there is no trip.
 */
export function listingDistanceLabel(distanceMetres: number | null, precision: PointPrecision = 'exact'): string {
  return distanceMetres === null ? 'Online, no travel' : `${formatDistance(distanceMetres, precision)} away`;
}

const oneDecimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const wholeNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * "850 m", "1.2 km", "12 km". Listing locations are rounded to about 100 m, so metres are
 * shown to the nearest 10 and never as less than 10 m, and tenths of a kilometre stop
 * mattering past 10 km. From a point that is only a locality's centre (`locality`), the place
 * can be anywhere in the locality, a kilometre or more away: "about 1 km", "about 4 km", in
 * whole kilometres and never less than one.
 */
export function formatDistance(metres: number, precision: PointPrecision = 'exact'): string {
  if (!Number.isFinite(metres) || metres < 0) throw new RangeError(`Not a distance in metres: ${metres}`);
  if (precision === 'locality') return `about ${wholeNumber.format(Math.max(1, Math.round(metres / 1000)))} km`;
  const tens = Math.max(10, Math.round(metres / 10) * 10);
  if (tens < 1000) return `${tens} m`;
  const km = metres / 1000;
  // Round first, so 9.96 km reads "10 km" rather than "10.0 km" or "9.96".
  const tenths = Math.round(km * 10) / 10;
  return tenths < 10 ? `${oneDecimal.format(tenths)} km` : `${wholeNumber.format(km)} km`;
}
