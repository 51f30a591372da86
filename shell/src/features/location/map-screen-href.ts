import { paths } from '@kalike/shared/routing/paths';

const fallbackTarget = paths.discover();
const checkOrigin = 'https://kalike.invalid';

/** `/map-screen?redirectTo=…`: where the picker sends the learner once they confirm. */
export function mapScreenHref(redirectTo?: string): string {
  return redirectTo ? `${paths.mapScreen()}?redirectTo=${encodeURIComponent(redirectTo)}` : paths.mapScreen();
}

/**
 * Only a same-origin path is a place to go back to: it starts with exactly one `/` and
 * stays on this origin once resolved (no `//evil.example`, `/\evil`, `javascript:`).
 */
export function isSafeRedirectPath(value: string | null): value is string {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value, checkOrigin);
    return url.origin === checkOrigin && url.pathname !== paths.mapScreen();
  } catch {
    return false;
  }
}

/** Spec §2: the map screen is reached "with refPage or redirectTo"; anything else returns to discovery. */
export function redirectTargetFrom(searchParams: URLSearchParams): string {
  const candidates = [searchParams.get('redirectTo'), searchParams.get('refPage')];
  return candidates.find(isSafeRedirectPath) ?? fallbackTarget;
}
