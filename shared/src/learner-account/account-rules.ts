import { checkDateOfBirth, checkPersonName } from '@kalike/shared/domain/account-values';

/**
 * The account forms' rules (react-hook-form `validate`), built from the rules the API's
 * schemas are made of (domain/account-values.ts), so most mistakes are caught before a round trip.
 */
export const nameRule = {
  validate: (value: string) => checkPersonName(value, { empty: 'Enter your name.' }) ?? true,
};

export const emailRule = {
  validate: (value: string) => value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) || 'Enter a valid email address.',
};

export const studentNameRule = {
  validate: (value: string) => checkPersonName(value, { empty: "Enter the student's name." }) ?? true,
};

export function dateOfBirthRule(now = new Date()) {
  return { validate: (value: string) => checkDateOfBirth(value, now) ?? true };
}
