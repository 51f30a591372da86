import type { Coords } from '@kalike/shared/contracts/geo';

/** Spec §4 and §9: no answer from the device within 5 s counts as denied. */
export const deviceLocationTimeoutMs = 5_000;

export type DeviceLocationFailure = 'unsupported' | 'refused' | 'unavailable' | 'timeout';

export class DeviceLocationError extends Error {
  constructor(readonly reason: DeviceLocationFailure) {
    super(`Device location failed: ${reason}`);
    this.name = 'DeviceLocationError';
  }
}

function failureOf(error: GeolocationPositionError): DeviceLocationFailure {
  if (error.code === error.PERMISSION_DENIED || error.code === 1) return 'refused';
  if (error.code === error.TIMEOUT || error.code === 3) return 'timeout';
  return 'unavailable';
}

/**
 * Asks the device where it is. Our own timer bounds the wait: browsers apply the
 * `timeout` option only after the person answers the permission prompt, so a prompt left
 * open would otherwise keep the location pending for ever.
 */
export function getDevicePosition(timeoutMs = deviceLocationTimeoutMs): Promise<Coords> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new DeviceLocationError('unsupported'));
      return;
    }
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new DeviceLocationError('timeout'));
    }, timeoutMs);
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    try {
      geolocation.getCurrentPosition(
        (position) => settle(() => resolve({ lat: position.coords.latitude, lng: position.coords.longitude })),
        (error) => settle(() => reject(new DeviceLocationError(failureOf(error)))),
        { enableHighAccuracy: false, maximumAge: 60_000, timeout: timeoutMs },
      );
    } catch {
      settle(() => reject(new DeviceLocationError('unavailable')));
    }
  });
}
