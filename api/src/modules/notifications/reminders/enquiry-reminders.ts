import type { NotificationEvent } from '../notifications.port';
import type { OpenDemoOfferRow, UnansweredEnquiryRow } from './enquiry-reminders.repository';

/** The teacher's last hours to answer an enquiry before it expires; said until the deadline. */
export function replyDueReminder(row: UnansweredEnquiryRow, at: Date): NotificationEvent<'teach.enquiry_reply_due'> {
  const replyBy = new Date(row.respond_by);
  return {
    kind: 'teach.enquiry_reply_due',
    userId: row.teacher_user_id,
    params: { listingTitle: row.listing_title, replyBy: replyBy.toISOString(), enquiryId: row.id },
    eventKey: `teach.enquiry_reply_due:${row.id}`,
    at,
    validUntil: replyBy,
  };
}

/** A demo offered and not booked, before its class starts and the offer with it. */
export function offerExpiringReminder(row: OpenDemoOfferRow, at: Date): NotificationEvent<'offer.expiring'> {
  const endsAt = new Date(row.starts_at);
  return {
    kind: 'offer.expiring',
    userId: row.user_id,
    params: { teacherName: row.teacher_name, listingTitle: row.listing_title, enquiryId: row.id, expiresAt: endsAt.toISOString() },
    eventKey: `offer.expiring:${row.id}:${row.session_id}`,
    at,
    validUntil: endsAt,
  };
}
