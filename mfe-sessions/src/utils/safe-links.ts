import { isSafeRedirectPath } from '@kalike/shared/routing/safe-redirect';

/**
 * Map and class-room links come from the API but end up in an href: only http(s) links are
 * followed, so a bad value can never become a `javascript:` link on the page.
 */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A page of this site (a teacher's page path) from the API, or null when it is anything else. */
export function safeAppPath(value: string | null | undefined): string | null {
  return value && isSafeRedirectPath(value) ? value : null;
}
