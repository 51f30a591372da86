import { personNameMaxLength, personNamePattern } from '@kalike/shared/format/account-values';

/** The account API's student rules, checked before a round trip. */
const personName = new RegExp(personNamePattern, 'u');

export function checkPersonName(value: string, { empty }: { empty: string }): string | null {
  const name = value.trim();
  if (name === '') return empty;
  if (name.length > personNameMaxLength || !personName.test(name)) return `Use letters, spaces and . ' - only (up to ${personNameMaxLength}).`;
  return null;
}

/** A date of birth is optional; when given it is a real date, not in the future, within 100 years. */
export function checkDateOfBirth(value: string, today = new Date()): string | null {
  if (value === '') return null;
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    return 'Enter a valid date.';
  }
  if (date > today) return 'The date of birth cannot be in the future.';
  const oldest = new Date(today);
  oldest.setUTCFullYear(today.getUTCFullYear() - 100);
  return date >= oldest ? null : 'Enter a date within the last 100 years.';
}
