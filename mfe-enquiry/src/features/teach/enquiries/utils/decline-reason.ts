import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';

/** Reasons a teacher gives most often; the family reads the one chosen (never by text message). */
export const declineReasons = [
  { value: 'full', label: 'My batches are full' },
  { value: 'schedule', label: 'The days or times do not suit my batches' },
  { value: 'level', label: 'I do not teach at this level or age' },
  { value: 'place', label: 'I do not teach in that area or mode' },
  { value: 'other', label: 'Another reason' },
] as const;
export type DeclineReasonValue = (typeof declineReasons)[number]['value'];

export type DeclineInput = { reason: DeclineReasonValue | ''; note: string };

/**
 * The reason the API keeps, "My batches are full. Try again in June.", or the sentence that says
 * what is missing. "Another reason" needs the note; the whole must fit the API's limit.
 */
export function declineReasonText({ reason, note }: DeclineInput): { ok: true; text: string } | { ok: false; error: string } {
  const chosen = declineReasons.find((entry) => entry.value === reason);
  if (!chosen) return { ok: false, error: 'Choose why you cannot take this enquiry.' };
  const tidied = note.trim().replace(/\s+/g, ' ');
  if (chosen.value === 'other' && !tidied) return { ok: false, error: 'Write the reason in a few words.' };
  const text = chosen.value === 'other' ? tidied : tidied ? `${chosen.label}. ${tidied}` : chosen.label;
  if (text.length > enquiryLimits.reasonMaxLength) {
    return { ok: false, error: `Keep the reason under ${enquiryLimits.reasonMaxLength} characters; it is ${text.length} now.` };
  }
  return { ok: true, text };
}
