import { apiSend } from '@kalike/shared/api/client';
import type { ShortlistChange, ShortlistRequest } from '@kalike/shared/contracts/teacher-listings';

/**
 * Puts a listing on the signed-in learner's shortlist: the discovery remote's heart, and the
 * shell keeping a signed-out family's tap through sign-in, call the API this one way.
 */
export function shortlistListing(listingId: string): Promise<ShortlistChange> {
  return apiSend<ShortlistChange>('post', 'v1/marketplace/teacherListings/shortlist', { teacherListingID: listingId } satisfies ShortlistRequest);
}
