import type { EnquiryMode, EnquiryState, StudentLevel } from '@kalike/shared/domain/enquiry-lifecycle';
import { weekdayLongNames, weekdayShortNames } from '@kalike/shared/format/dates';

/** How each enquiry mode reads to a parent; `any` leaves it to the teacher. */
export const modeLabels: Record<EnquiryMode, string> = {
  any: 'No preference',
  at_home: 'At my home',
  at_centre: "At the teacher's centre",
  apartment: 'In my apartment',
  online: 'Online',
};

export const levelLabels: Record<StudentLevel, { label: string; hint: string }> = {
  new: { label: 'New to it', hint: 'has never learnt this' },
  beginner: { label: 'Beginner', hint: 'knows the basics' },
  intermediate: { label: 'Intermediate', hint: 'learnt for a year or more' },
  advanced: { label: 'Advanced', hint: 'performs or competes' },
};

/** ISO weekdays, 1 = Monday … 7 = Sunday, with the short and the full name. */
export const weekdays = weekdayShortNames.map((short, index) => ({ day: index + 1, short, long: weekdayLongNames[index]! }));

/** Colours of a state's badge: what needs the learner stands out, ended ones are quiet. */
export function stateTone(state: EnquiryState): 'action' | 'waiting' | 'done' | 'ended' {
  if (state === 'demo_offered' || state === 'batch_offered') return 'action';
  if (state === 'enrolled') return 'done';
  if (state === 'declined' || state === 'closed' || state === 'expired') return 'ended';
  return 'waiting';
}
