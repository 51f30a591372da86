import { istDateKey, type DateKey } from '@kalike/shared/format/dates';

/**
 * The account rules: the API's schemas (contracts/accounts.ts) are built from these values
 * and every form that takes a person's name or a date of birth checks them before a round
 * trip. Free of schema code so forms can import them.
 */

/**
 * A person's name: starts with a letter of any script; then letters, the vowel signs and
 * viramas Indian scripts write with (Unicode marks, as in ಕಿರಣ್ or முருகன்), the zero-width
 * joiners some of them need, spaces and the punctuation phone keyboards put in names:
 * . ' ’ (the curly apostrophe phones type) and -. Digits, emoji and symbols are not names.
 */
export const personNamePattern = "^\\p{L}(?:[\\p{L}\\p{M} .'\\u2019-]|\\u200C|\\u200D)*$";
export const personNameMaxLength = 80;

const personName = new RegExp(personNamePattern, 'u');

export const personNameProblem = `Use letters, spaces and . ' - only (up to ${personNameMaxLength}).`;

/**
 * The API's name rule, for a form: the sentence to show, or null when the name is fine. The
 * length counts characters as the API's schema does (code points), after trimming.
 */
export function checkPersonName(value: string, { empty }: { empty: string }): string | null {
  const name = value.trim();
  if (name === '') return empty;
  if ([...name].length > personNameMaxLength || !personName.test(name)) return personNameProblem;
  return null;
}

export const dateOfBirthMaxAgeYears = 100;

export type DateOfBirthProblem = 'invalid' | 'future' | 'too-old';

/**
 * What is wrong with a date of birth (YYYY-MM-DD), or null: it must be a day the calendar
 * has (no 30 February), not after `today` and at most 100 years before it. `today` is the
 * Bengaluru calendar day, where birthdays are counted.
 */
export function dateOfBirthProblem(value: string, today: DateKey): DateOfBirthProblem | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'invalid';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 30 February over into March; a real day comes back unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'invalid';
  if (value > today) return 'future';
  const earliest = `${Number(today.slice(0, 4)) - dateOfBirthMaxAgeYears}${today.slice(4)}`;
  return value < earliest ? 'too-old' : null;
}

const dateOfBirthMessages: Record<DateOfBirthProblem, string> = {
  invalid: 'Enter a valid date.',
  future: 'The date of birth cannot be in the future.',
  'too-old': `Enter a date within the last ${dateOfBirthMaxAgeYears} years.`,
};

/** For a form: a date of birth is optional; when given, the sentence to show or null. */
export function checkDateOfBirth(value: string, now: Date = new Date()): string | null {
  if (value === '') return null;
  const problem = dateOfBirthProblem(value, istDateKey(now));
  return problem ? dateOfBirthMessages[problem] : null;
}

export const accountLimits = { maxLocations: 5, maxStudents: 6 } as const;

/** The longest class/grade and school a student's details may hold (characters). */
export const studentDetailMaxLength = { grade: 30, school: 120 } as const;
