import { enquiryResponseWindowHours, type EnquiryAction } from '@kalike/shared/domain/enquiry-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import type { OutgoingMessage } from '../messaging/messaging.port';
import type { NotificationEvent } from '../notifications/notifications.port';
import type { NotificationContextRow } from './enquiry-moves.repository';

/** Whoever did not make the move and needs to hear about it; mark_seen tells nobody. */
const recipients: Readonly<Record<EnquiryAction | 'create', 'teacher' | 'learner' | null>> = {
  create: 'teacher',
  mark_seen: null,
  respond: 'learner',
  propose_demo: 'learner',
  offer_batch: 'learner',
  decline: 'learner',
  expire: 'learner',
  accept_demo: 'teacher',
  enrol: 'teacher',
  close: 'teacher',
};

/**
 * What a text may say beyond the fixed words. Never the other party's free text (a message, a
 * reason, a contact name): a text from Kalike must not carry a stranger's words or links.
 * Teacher names, listing titles and batch names come from Kalike's own catalogue.
 */
export interface MessageDetails {
  demoStartsAt?: Date;
  batch?: { name: string; programName: string };
}

const demoTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

function body(action: EnquiryAction | 'create', context: NotificationContextRow, details: MessageDetails, link: string): string {
  const { teacher_name: teacher, listing_title: title } = context;
  const when = details.demoStartsAt ? demoTime.format(details.demoStartsAt) : 'the agreed time';
  const batch = details.batch ? `the ${details.batch.name} batch of ${details.batch.programName}` : 'a batch';
  switch (action) {
    case 'create':
      return `Kalike: a new enquiry for ${title}. Read it and reply within ${enquiryResponseWindowHours} hours: ${link}`;
    case 'respond':
      return `Kalike: ${teacher} replied to your enquiry for ${title}. Read the reply: ${link}`;
    case 'propose_demo':
      return `Kalike: ${teacher} offered a demo class for ${title} on ${when}. Book it: ${link}`;
    case 'offer_batch':
      return `Kalike: ${teacher} offered you a place in ${batch}. Enrol to keep it: ${link}`;
    case 'decline':
      return `Kalike: ${teacher} cannot take your enquiry for ${title}. Find another teacher near you: ${link}`;
    case 'expire':
      return `Kalike: ${teacher} did not reply in time to your enquiry for ${title}. Find another teacher near you: ${link}`;
    case 'accept_demo':
      return `Kalike: the demo class for ${title} on ${when} is booked. Details: ${link}`;
    case 'enrol':
      return `Kalike: a learner from your enquiry for ${title} enrolled in ${batch}. Details: ${link}`;
    case 'close':
      return `Kalike: an enquiry for ${title} was closed by the learner. Details: ${link}`;
    case 'mark_seen':
      return '';
  }
}

type EnquiryNotice = NotificationEvent<'teach.enquiry_new'> | NotificationEvent<'enquiry.replied'> | NotificationEvent<'offer.made'>;

/**
 * The notification a move raises, where the catalogue has a kind for it: a new enquiry for the
 * teacher, a reply and an offer for the family. Null for the other moves (they are texted as
 * before) and for a teacher without a sign-in, who has no notifications to read.
 */
export function enquiryNotice(
  action: EnquiryAction | 'create',
  { enquiryId, eventId }: { enquiryId: string; eventId: string },
  context: NotificationContextRow,
  at: Date,
): EnquiryNotice | null {
  const names = { teacherName: context.teacher_name, listingTitle: context.listing_title, enquiryId };
  // A teacher may reply or offer again: each move is its own event, named by its row in the enquiry's history.
  const moveKey = `${enquiryId}:${eventId}`;
  switch (action) {
    case 'create':
      if (!context.teacher_user_id) return null;
      return {
        kind: 'teach.enquiry_new',
        userId: context.teacher_user_id,
        params: { listingTitle: context.listing_title, enquiryId },
        eventKey: `teach.enquiry_new:${enquiryId}`,
        at,
      };
    case 'respond':
      return { kind: 'enquiry.replied', userId: context.learner_user_id, params: names, eventKey: `enquiry.replied:${moveKey}`, at };
    case 'propose_demo':
    case 'offer_batch':
      return { kind: 'offer.made', userId: context.learner_user_id, params: names, eventKey: `offer.made:${moveKey}`, at };
    default:
      return null;
  }
}

/** The text message a move sends, or null when nobody needs to hear about it. */
export function enquiryMessage(
  action: EnquiryAction | 'create',
  enquiryId: string,
  context: NotificationContextRow,
  publicSiteUrl: string,
  details: MessageDetails = {},
): OutgoingMessage | null {
  const recipient = recipients[action];
  if (!recipient) return null;
  // Each party's link opens the enquiry on their own side: the teacher's to answer it, the learner's to follow it.
  const path = recipient === 'teacher' ? paths.teachEnquiry(enquiryId) : paths.enquiryDetail(enquiryId);
  return {
    toPhone: recipient === 'teacher' ? context.teacher_phone : context.contact_phone,
    body: body(action, context, details, `${publicSiteUrl}${path}`),
    kind: `enquiry.${action}`,
    enquiryId,
  };
}
