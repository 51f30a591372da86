import * as paths from '@kalike/shared/routing/paths';
import { isSafeRedirectPath } from '@kalike/shared/routing/safe-redirect';

const fallbackTarget = paths.discover();

/** `/map-screen?redirectTo=…`: where the picker sends the learner once they confirm. */
export function mapScreenHref(redirectTo?: string): string {
  return redirectTo ? `${paths.mapScreen()}?redirectTo=${encodeURIComponent(redirectTo)}` : paths.mapScreen();
}

/** Spec §2: the map screen is reached "with refPage or redirectTo"; anything else returns to discovery. */
export function redirectTargetFrom(searchParams: URLSearchParams): string {
  const candidates = [searchParams.get('redirectTo'), searchParams.get('refPage')];
  return candidates.find((candidate) => isSafeRedirectPath(candidate, [paths.mapScreen()])) ?? fallbackTarget;
}
