import { enquiryResponseWindowHours, type EnquiryAction } from '@kalike/shared/format/enquiry-lifecycle';
import type { OutgoingMessage } from '../messaging/message-outbox.repository';
import type { NotificationContextRow } from './enquiries.repository';

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

export interface MessageDetails {
  /** The teacher's reply or a reason, quoted briefly. */
  text?: string | null;
  demoStartsAt?: Date;
  batch?: { name: string; programName: string };
}

const QUOTE_MAX = 120;

const demoTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

function quote(text: string | null | undefined): string {
  if (!text) return '';
  const flat = text.trim().replace(/\s+/g, ' ');
  return ` "${flat.length > QUOTE_MAX ? `${flat.slice(0, QUOTE_MAX - 1)}…` : flat}"`;
}

function body(action: EnquiryAction | 'create', context: NotificationContextRow, details: MessageDetails): string {
  const { teacher_name: teacher, contact_name: learner, listing_title: title } = context;
  const when = details.demoStartsAt ? demoTime.format(details.demoStartsAt) : 'the agreed time';
  const batch = details.batch ? `the ${details.batch.name} batch of ${details.batch.programName}` : 'a batch';
  switch (action) {
    case 'create':
      return `New enquiry from ${learner} for ${title} on Kalike.${quote(details.text)} Please reply within ${enquiryResponseWindowHours} hours.`;
    case 'respond':
      return `${teacher} replied to your enquiry for ${title}:${quote(details.text)} See it on Kalike.`;
    case 'propose_demo':
      return `${teacher} offered a demo class for ${title} on ${when}. Book it on Kalike.`;
    case 'offer_batch':
      return `${teacher} offered you a place in ${batch}. Enrol on Kalike to keep it.`;
    case 'decline':
      return `${teacher} cannot take your enquiry for ${title}.${quote(details.text)} Find another teacher near you on Kalike.`;
    case 'expire':
      return `${teacher} did not reply in time to your enquiry for ${title}. Find another teacher near you on Kalike.`;
    case 'accept_demo':
      return `${learner} booked the demo class for ${title} on ${when}.`;
    case 'enrol':
      return `${learner} enrolled in ${batch} (${title}).`;
    case 'close':
      return `${learner} closed the enquiry for ${title}.${quote(details.text)}`;
    case 'mark_seen':
      return '';
  }
}

/** The text message a move sends, or null when nobody needs to hear about it. */
export function enquiryMessage(
  action: EnquiryAction | 'create',
  enquiryId: string,
  context: NotificationContextRow,
  details: MessageDetails = {},
): OutgoingMessage | null {
  const recipient = recipients[action];
  if (!recipient) return null;
  return {
    toPhone: recipient === 'teacher' ? context.teacher_phone : context.contact_phone,
    body: body(action, context, details),
    kind: `enquiry.${action}`,
    enquiryId,
  };
}
