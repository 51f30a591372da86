import { useMemo } from 'react';
import { useBaseLocation } from '@kalike/shared/location/location-store';
import type { LatLng } from '@kalike/shared/format/distance';

/**
 * The learner's point as the API takes it (spec §7: `lat`, `long`). It is sent as chosen: the
 * API rounds it, once, to the precision it measures and caches by.
 */
export interface LearnerPoint {
  lat: number;
  long: number;
}

/** The one change of shape on the way to the API: the store's `lng` becomes the wire's `long`. */
export const toLearnerPoint = (coords: LatLng): LearnerPoint => ({ lat: coords.lat, long: coords.lng });

/** Where "near you" is measured from: the chosen location, else Bangalore Central (spec §3). */
export function useLearnerPoint(): LearnerPoint {
  const { coords } = useBaseLocation();
  const { lat, long } = toLearnerPoint(coords);
  return useMemo(() => ({ lat, long }), [lat, long]);
}
