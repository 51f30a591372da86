/** What other modules may rely on from geo: finding localities and places near a point. */
export { createGeoRepository, type GeoRepository } from './geo.repository';
