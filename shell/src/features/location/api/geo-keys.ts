import type { Coords } from '@kalike/shared/contracts/geo';
import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * Geocoding answers are keyed under `listings` until a `geo` root key exists in
 * @kalike/shared/query/query-keys: where a person is decides which listings they see, so
 * invalidating listings may reasonably refetch these too.
 */
export const geoKeys = {
  all: [...rootKeys.listings, 'geo'] as const,
  places: (search: string) => [...geoKeys.all, 'places', search] as const,
  reverse: (coords: Coords) => [...geoKeys.all, 'reverse', coords.lat, coords.lng] as const,
};
