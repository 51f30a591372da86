/** What other modules may rely on from geo: finding localities and places near a point, and a place as pickers show it. */
export { createGeoRepository, type GeoRepository } from './geo.repository';
export { toPlace } from './geo.service';
