/**
 * The numbers demo people are seeded with: +91 00000 XXXXX.
 *
 * India has no fictitious-number range like Ofcom's drama numbers, so the range is one the
 * numbering plan can never hand out: in the National Numbering Plan 0 is the trunk prefix
 * (dialled before a national number, never part of it), so no national number, fixed or
 * mobile, begins with 0. A text to one of these reaches nobody, and nobody can own one.
 * Phone libraries rightly call them invalid; the API accepts them only while it runs as the
 * local demo (no SMS provider configured), where texts go to the terminal and a file.
 */
export const demoPhonePattern = /^\+9100000\d{5}$/;

/** The last digits a demo number can have: 00000 to 99999. */
export const demoPhoneCapacity = 100_000;

export function isDemoPhone(e164: string): boolean {
  return demoPhonePattern.test(e164);
}

/** The demo number with this index, e.g. 1 → +910000000001 ("00000 00001"). */
export function demoPhone(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= demoPhoneCapacity) throw new RangeError(`No demo number has index ${index}`);
  return `+9100000${String(index).padStart(5, '0')}`;
}

/** A demo number as a person types it ("00000 00001", "+91 00000-00001") in E.164, or null. */
export function demoPhoneFromInput(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  const match = /^(?:\+91)?(00000\d{5})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}
