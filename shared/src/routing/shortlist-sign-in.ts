import { isUuid } from '@kalike/shared/domain/uuid';

import * as paths from '@kalike/shared/routing/paths';

/**
 * The search parameter of `/login` that carries "shortlist this listing once I am in": a tap on
 * the heart signed out must not be lost on the way through sign-in or sign-up.
 */
export const shortlistIntentParam = 'shortlist';

/** `/login`, back to `returnTo` afterwards (the one `redirectTo` mechanism), with the listing to shortlist on arrival. */
export const loginToShortlist = (returnTo: string, listingId: string): string =>
  `${paths.login(returnTo)}&${shortlistIntentParam}=${encodeURIComponent(listingId)}`;

/**
 * The listing a sign-in was asked to shortlist, or null. It comes from the URL, so it is
 * untrusted: only an id of a listing's shape is kept (the API still checks that it is active).
 */
export function shortlistIntentOf(search: URLSearchParams): string | null {
  const listingId = search.get(shortlistIntentParam);
  return isUuid(listingId) ? listingId.toLowerCase() : null;
}
