import type { Enquiry, EnquiryEvent } from '@kalike/shared/contracts/enquiries';
import { enquiryEventHeadline, enquiryNextStep, enquiryStatusLabel } from '@kalike/shared/domain/enquiry-lifecycle';
import { formatLongDay, istDateKey } from '@kalike/shared/format/dates';

import { formatInstantLong } from '@kalike/shared/format/dates';

export const firstName = (name: string) => name.split(' ')[0] ?? name;

/** The state as the learner reads it, and what happens next in one sentence. */
export function enquiryStatus(enquiry: Pick<Enquiry, 'state' | 'classPackPaid'>) {
  return {
    label: enquiryStatusLabel(enquiry.state, enquiry.classPackPaid),
    nextStep: enquiryNextStep(enquiry.state, enquiry.classPackPaid).learnerSummary,
  };
}

/** The one time that matters now: the reply deadline, the demo class, or the batch's start. */
export function enquiryTiming(enquiry: Pick<Enquiry, 'state' | 'respondBy' | 'offer'>): string | null {
  const { state, respondBy, offer } = enquiry;
  if ((state === 'demo_offered' || state === 'demo_booked') && offer?.kind === 'demo') {
    return `Demo class: ${formatInstantLong(offer.session.startsAt)}`;
  }
  if ((state === 'batch_offered' || state === 'enrolled') && offer) return batchStartText(offer.batch.startsOn);
  if (respondBy && (state === 'sent' || state === 'seen' || state === 'responded')) return `Reply expected by ${formatInstantLong(respondBy)}`;
  return null;
}

/** A batch that is already running says so, rather than reading like a start date in the past. */
export function batchStartText(startsOn: string, today = istDateKey(new Date())): string {
  return startsOn > today ? `Batch starts ${formatLongDay(startsOn)}` : `Batch running since ${formatLongDay(startsOn)}`;
}

/** The event's headline from the lifecycle's one table, as My Updates says it: "Kiran Rao read your enquiry". */
export const eventText = (event: EnquiryEvent, teacherName: string) => enquiryEventHeadline(event.action, teacherName);

/** Oldest first, whatever order the events came in; events at the same time keep theirs. */
export function historyOldestFirst(history: readonly EnquiryEvent[]): EnquiryEvent[] {
  return history
    .map((event, index) => ({ event, index }))
    .sort((a, b) => Date.parse(a.event.at) - Date.parse(b.event.at) || a.index - b.index)
    .map(({ event }) => event);
}
