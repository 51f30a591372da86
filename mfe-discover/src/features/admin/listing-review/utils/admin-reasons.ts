import { badgeReasonLength } from '@kalike/shared/domain/admin-values';
import { sendBackReasonLength } from '@kalike/shared/domain/listing-review-lifecycle';

/** Characters as a person counts them (an emoji is one), as the API counts them. */
const lengthOf = (text: string) => [...text.trim()].length;

/** The send-back rule in one sentence, shown under the field before anyone types. */
export const sendBackRule = `Say what to change, in ${sendBackReasonLength.min} to ${sendBackReasonLength.max} characters. The teacher reads it on their listing.`;

/** What is wrong with a send-back reason, in the API's words; null when it can go. */
export function sendBackProblem(text: string): string | null {
  if (lengthOf(text) < sendBackReasonLength.min) return `Say what to change in at least ${sendBackReasonLength.min} characters`;
  if (lengthOf(text) > sendBackReasonLength.max) return `A reason can be at most ${sendBackReasonLength.max} characters`;
  return null;
}

export const badgeReasonRule = `Learners read it beside the badge: ${badgeReasonLength.min} to ${badgeReasonLength.max} characters.`;

export function badgeReasonProblem(text: string): string | null {
  if (lengthOf(text) < badgeReasonLength.min) return `Say why in at least ${badgeReasonLength.min} characters`;
  if (lengthOf(text) > badgeReasonLength.max) return `A reason can be at most ${badgeReasonLength.max} characters`;
  return null;
}
