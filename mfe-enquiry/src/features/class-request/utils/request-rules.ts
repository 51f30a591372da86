import { enquiryLimits, type EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import type { TimeOfDay } from '@kalike/shared/domain/listing-values';
import { checkDateOfBirth, checkPersonName } from '@kalike/shared/domain/account-values';

import { toIndianMobile } from '@kalike/shared/domain/load-indian-mobile';
import type { EnquiryDraft } from './enquiry-draft';

/**
 * Which request this is: to one teacher (with a program to pick), a general request (with
 * a subject to pick), or to several teachers at once (from the shortlist).
 */
export type RequestVariant = 'teacher' | 'general' | 'many';

/** The form's values; days are strings because checkboxes give strings. */
export interface RequestValues {
  categorySlug: string;
  student: string;
  newStudentName: string;
  newStudentDateOfBirth: string;
  programId: string;
  preferredDays: string[];
  preferredTimes: TimeOfDay[];
  mode: EnquiryMode;
  message: string;
  contactName: string;
  alternatePhone: string;
}

export type RequestField = keyof RequestValues;
export type RequestErrors = Partial<Record<RequestField, string>>;

export interface RequestContext {
  variant: RequestVariant;
  /** The account's students once known; a stored choice of a student who is gone is asked again. */
  studentIds?: readonly string[];
  today?: Date;
}

export function valuesFromDraft(draft: EnquiryDraft): RequestValues {
  return {
    categorySlug: draft.categorySlug,
    student: draft.student,
    newStudentName: draft.newStudentName,
    newStudentDateOfBirth: draft.newStudentDateOfBirth,
    programId: draft.programId,
    preferredDays: draft.preferredDays.map(String),
    preferredTimes: draft.preferredTimes,
    mode: draft.mode,
    message: draft.message,
    contactName: draft.contactName,
    alternatePhone: draft.alternatePhone,
  };
}

/** The form's values as draft fields; anything the draft would refuse is left out. */
export function draftFromValues(values: Partial<RequestValues>): Partial<EnquiryDraft> {
  const { preferredDays, ...rest } = values;
  const changes: Partial<EnquiryDraft> = { ...rest };
  if (preferredDays) changes.preferredDays = [...new Set(preferredDays.map(Number))].sort((a, b) => a - b);
  if (changes.message !== undefined) changes.message = changes.message.slice(0, enquiryLimits.messageMaxLength);
  if (changes.newStudentName !== undefined) changes.newStudentName = changes.newStudentName.slice(0, 80);
  if (changes.contactName !== undefined) changes.contactName = changes.contactName.slice(0, 80);
  if (changes.alternatePhone !== undefined && !/^[0-9+\-() ]{0,20}$/.test(changes.alternatePhone)) delete changes.alternatePhone;
  return changes;
}

/**
 * The same rules the API applies, so a mistake shows next to its field before a round
 * trip. The API checks everything again.
 */
export async function checkRequest(values: RequestValues, { variant, studentIds, today }: RequestContext): Promise<RequestErrors> {
  const errors: RequestErrors = {};
  if (variant === 'general' && values.categorySlug === '') errors.categorySlug = 'Choose what you would like to learn.';
  const knownStudent = values.student === 'self' || values.student === 'new' || (studentIds?.includes(values.student) ?? values.student !== '');
  if (!knownStudent) errors.student = 'Choose who the class is for.';
  if (values.student === 'new') {
    const name = checkPersonName(values.newStudentName, { empty: "Enter the child's name." });
    if (name) errors.newStudentName = name;
    const dateOfBirth = checkDateOfBirth(values.newStudentDateOfBirth, today);
    if (dateOfBirth) errors.newStudentDateOfBirth = dateOfBirth;
  }
  if (values.preferredDays.length === 0) errors.preferredDays = 'Choose at least one day.';
  if (values.preferredTimes.length === 0) errors.preferredTimes = 'Choose at least one time of day.';
  if (values.message.length > enquiryLimits.messageMaxLength) {
    errors.message = `Keep the message to ${enquiryLimits.messageMaxLength} characters or fewer.`;
  }
  const contactName = checkPersonName(values.contactName, { empty: 'Enter your name, so the teacher knows whom to ask for.' });
  if (contactName) errors.contactName = contactName;
  if (values.alternatePhone.trim() !== '' && !(await toIndianMobile(values.alternatePhone))) {
    errors.alternatePhone = 'Enter a 10-digit Indian mobile number, or leave this empty.';
  }
  return errors;
}
