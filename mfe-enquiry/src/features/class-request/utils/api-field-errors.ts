import { isApiError, readableErrorMessage } from '@kalike/shared/api/api-error';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';

import type { RequestErrors, RequestField } from './request-rules';

/** What to say next to a field the API refused, by the body field its message names. */
const bodyFields: Record<string, { field: RequestField; message: string }> = {
  contactName: { field: 'contactName', message: "Check your name: use letters, spaces and . ' - only (up to 80)." },
  alternatePhone: { field: 'alternatePhone', message: 'Enter a 10-digit Indian mobile number, or leave this empty.' },
  preferredDays: { field: 'preferredDays', message: 'Choose at least one day.' },
  preferredTimes: { field: 'preferredTimes', message: 'Choose at least one time of day.' },
  mode: { field: 'mode', message: 'Choose where the classes should happen.' },
  message: { field: 'message', message: `Keep the message to ${enquiryLimits.messageMaxLength} characters or fewer.` },
  studentId: { field: 'student', message: 'Choose who the class is for again.' },
  programId: { field: 'programId', message: 'This program is not offered any more. Choose another, or "Not sure yet".' },
  name: { field: 'newStudentName', message: "Check the child's name: use letters, spaces and . ' - only (up to 80)." },
  dateOfBirth: { field: 'newStudentDateOfBirth', message: 'Check the date of birth: not in the future, within the last 100 years.' },
};

const byCode: Record<string, { field: RequestField; message: string }> = {
  PROGRAM_NOT_FOUND: bodyFields.programId!,
  STUDENT_NOT_FOUND: bodyFields.studentId!,
  MODE_NOT_OFFERED: { field: 'mode', message: 'A teacher you chose does not teach there. Choose another place, or "No preference".' },
  TOO_MANY_STUDENTS: { field: 'student', message: 'Your account has the most students it can hold. Choose one of them, or Myself.' },
};

export interface RequestFailure {
  /** Messages to show next to fields. */
  fields: RequestErrors;
  /** A message for the whole form, when no field is to blame. */
  form: string | null;
  /** True when no answer came (offline, time-out): the same submission may be tried again. */
  retryable: boolean;
}

/**
 * Turns a failed submission into what the learner reads. The API's 400 VALIDATION_ERROR
 * names the field (`body.alternatePhone must match …`); its words are not for people.
 */
export function describeRequestFailure(error: unknown): RequestFailure {
  if (!isApiError(error)) return { fields: {}, form: readableErrorMessage(error), retryable: true };
  if (error.statusCode === 0 || error.statusCode >= 500) return { fields: {}, form: readableErrorMessage(error), retryable: true };
  const known = byCode[error.code];
  if (known) return { fields: { [known.field]: known.message }, form: null, retryable: false };
  if (error.code === 'VALIDATION_ERROR') {
    const named = /\bbody\.(?:targets\.\d+\.)?([A-Za-z]+)/.exec(error.message)?.[1];
    const match = named ? bodyFields[named] : undefined;
    if (match) return { fields: { [match.field]: match.message }, form: null, retryable: false };
  }
  if (error.code === 'TOO_MANY_ENQUIRIES') {
    return {
      fields: {},
      form: 'You have sent as many enquiries as you can in one day. Wait for the teachers to reply, or send this one tomorrow.',
      retryable: false,
    };
  }
  if (error.code === 'RATE_LIMITED') {
    return { fields: {}, form: 'You are sending enquiries very quickly. Wait a few minutes, then send again.', retryable: false };
  }
  if (error.code === 'LISTING_NOT_FOUND') {
    return { fields: {}, form: 'A teacher you chose no longer takes enquiries. Choose another teacher and send again.', retryable: false };
  }
  if (error.code === 'OWN_LISTING') {
    return {
      fields: {},
      form: 'One of the teachers you chose is you: you cannot send an enquiry to yourself. Take your own listing off and send again.',
      retryable: false,
    };
  }
  if (error.statusCode === 401) return { fields: {}, form: 'You have been signed out. Sign in again to send your enquiry.', retryable: false };
  return { fields: {}, form: readableErrorMessage(error), retryable: false };
}
