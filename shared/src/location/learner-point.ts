import { useMemo } from 'react';
import { useBaseLocation } from '@kalike/shared/location/location-store';
import type { LatLng } from '@kalike/shared/format/distance';

/** The learner's point as the API takes it (`lat`, `long`), rounded so nearby taps share a cache entry. */
export interface LearnerPoint {
  lat: number;
  long: number;
}

/** Four decimals is about 11 m: the API normalises to the same, so finer points only split the cache. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export const toLearnerPoint = (coords: LatLng): LearnerPoint => ({ lat: round4(coords.lat), long: round4(coords.lng) });

/** Where "near you" is measured from: the chosen location, else Bangalore Central (spec §3). */
export function useLearnerPoint(): LearnerPoint {
  const { coords } = useBaseLocation();
  const { lat, long } = toLearnerPoint(coords);
  return useMemo(() => ({ lat, long }), [lat, long]);
}

export const pointToLatLng = (point: LearnerPoint): LatLng => ({ lat: point.lat, lng: point.long });
