import * as paths from '@kalike/shared/routing/paths';
import type { OutgoingMessage } from '../messaging/messaging.port';
import type { NotificationEvent } from '../notifications/notifications.port';

// A text from Kalike carries no one's own words: the admin's reason is read on the listing,
// not in the text.

const listingLink = (publicSiteUrl: string, listingId: string) => `${publicSiteUrl.replace(/\/$/, '')}${paths.teachListing(listingId)}`;

export interface ReviewedListing {
  id: string;
  title: string;
  teacherPhone: string;
  /** The teacher's sign-in; null for a teacher who has none, who is texted instead. */
  teacherUserId: string | null;
}

/** The teacher's notice of a decision, each decision its own event; null when the teacher has no sign-in to read it. */
export function listingDecisionNotice(
  listing: ReviewedListing,
  decision: 'approved' | 'sent_back',
  at: Date,
): NotificationEvent<'teach.listing_approved'> | NotificationEvent<'teach.listing_sent_back'> | null {
  if (!listing.teacherUserId) return null;
  const kind = decision === 'approved' ? ('teach.listing_approved' as const) : ('teach.listing_sent_back' as const);
  return {
    kind,
    userId: listing.teacherUserId,
    params: { listingTitle: listing.title, listingId: listing.id },
    eventKey: `${kind}:${listing.id}:${at.toISOString()}`,
    at,
  };
}

export function listingLiveMessage(listing: ReviewedListing, publicSiteUrl: string): OutgoingMessage {
  return {
    toPhone: listing.teacherPhone,
    body: `Kalike: your listing "${listing.title}" is approved and live. Learners can find it now: ${listingLink(publicSiteUrl, listing.id)}`,
    kind: 'listing.approved',
    enquiryId: null,
  };
}

export function changesApprovedMessage(listing: ReviewedListing, publicSiteUrl: string): OutgoingMessage {
  return {
    toPhone: listing.teacherPhone,
    body: `Kalike: your changes to "${listing.title}" are approved. Learners see them now: ${listingLink(publicSiteUrl, listing.id)}`,
    kind: 'listing.changes_approved',
    enquiryId: null,
  };
}

export function listingSentBackMessage(listing: ReviewedListing, publicSiteUrl: string, changesOnly: boolean): OutgoingMessage {
  const what = changesOnly
    ? `your changes to "${listing.title}" were not approved; learners keep seeing the listing as it was`
    : `your listing "${listing.title}" needs changes before learners see it`;
  return {
    toPhone: listing.teacherPhone,
    body: `Kalike: ${what}. The reason is on your listing: ${listingLink(publicSiteUrl, listing.id)}`,
    kind: 'listing.sent_back',
    enquiryId: null,
  };
}
