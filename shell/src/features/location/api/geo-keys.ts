import type { Coords } from '@kalike/shared/contracts/geo';
import { rootKeys } from '@kalike/shared/query/query-keys';

export const geoKeys = {
  all: rootKeys.geo,
  places: (search: string) => [...geoKeys.all, 'places', search] as const,
  reverse: (coords: Coords) => [...geoKeys.all, 'reverse', coords.lat, coords.lng] as const,
};
