import { useCallback, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { isInBengaluru, locationStore, type ChosenLocation } from '@kalike/shared/location/location-store';

import { isOutsideServiceArea, reverseGeocodeQueryOptions } from './api/reverse-geocode';
import { DeviceLocationError, getDevicePosition, type DeviceLocationFailure } from './device-location';

export type DeviceLocationOutcome =
  /** Located, named and stored; status is now `allowed`. */
  | { kind: 'allowed'; location: ChosenLocation }
  /** Refused, timed out or failed; status is now `denied`. */
  | { kind: 'denied'; reason: DeviceLocationFailure }
  /** The device is outside Bengaluru, where Kalike is not live. Nothing stored. */
  | { kind: 'outside-service-area' }
  /** Located, but the address could not be looked up (API down, no address). Nothing stored. */
  | { kind: 'lookup-failed' };

/**
 * Spec §4: asks the device, names the point through our API (spec §5's address choice)
 * and stores it as the learner's location.
 */
export async function requestDeviceLocation(queryClient: QueryClient): Promise<DeviceLocationOutcome> {
  let coords;
  try {
    coords = await getDevicePosition();
  } catch (error) {
    locationStore.getState().deny();
    return { kind: 'denied', reason: error instanceof DeviceLocationError ? error.reason : 'unavailable' };
  }
  if (!isInBengaluru(coords)) return { kind: 'outside-service-area' };
  try {
    const resolved = await queryClient.fetchQuery(reverseGeocodeQueryOptions(coords));
    const location: ChosenLocation = { ...resolved, coords, source: 'device' };
    return locationStore.getState().choose(location) ? { kind: 'allowed', location } : { kind: 'outside-service-area' };
  } catch (error) {
    return isOutsideServiceArea(error) ? { kind: 'outside-service-area' } : { kind: 'lookup-failed' };
  }
}

export type DeviceLocationRequestState = { kind: 'idle' } | { kind: 'locating' } | DeviceLocationOutcome;

/** `requestDeviceLocation` for a button: tracks the request so the button can say what is happening. */
export function useDeviceLocationRequest() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DeviceLocationRequestState>({ kind: 'idle' });
  const request = useCallback(async () => {
    setState({ kind: 'locating' });
    const outcome = await requestDeviceLocation(queryClient);
    setState(outcome);
    return outcome;
  }, [queryClient]);
  return { state, request };
}
