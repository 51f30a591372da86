import { platformStore } from '@kalike/shared/platform/platform';

import type { DeviceLocationOutcome } from './request-device-location';

type Problem = Exclude<DeviceLocationOutcome, { kind: 'allowed' }>;

/**
 * Why the device location could not be used, in words a parent understands. Inside the
 * native app the permission belongs to the app, not to a browser, so the advice differs.
 */
export function deviceLocationProblem(outcome: Problem, isApp = platformStore.getState().details.isApp): string {
  if (outcome.kind === 'outside-service-area') return 'You seem to be outside Bengaluru, where Kalike is live.';
  if (outcome.kind === 'lookup-failed') return 'We found you but could not look up your address.';
  switch (outcome.reason) {
    case 'refused':
      return isApp
        ? 'Location is turned off for the Kalike app. You can allow it in your phone’s settings.'
        : 'Location is turned off for Kalike in this browser. You can allow it in the browser’s site settings.';
    case 'timeout':
      return 'Your phone did not share its location in time.';
    case 'unsupported':
      return isApp ? 'This version of the Kalike app cannot share your location.' : 'This browser cannot share its location.';
    case 'unavailable':
      return 'Your phone could not find its location just now.';
  }
}
