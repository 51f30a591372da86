import type { ConversationParty, ConversationSubject } from '@kalike/shared/domain/conversation-rules';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ConversationQueries, SubjectRow } from './conversations.repository';

/** Enquiries that ended without a place: declined by the teacher, closed by the family, expired. */
const closedEnquiryStates: Readonly<Record<string, string>> = {
  declined: 'The teacher declined this enquiry, so its conversation is closed.',
  closed: 'This enquiry was closed, so its conversation is closed.',
  expired: 'This enquiry expired, so its conversation is closed.',
};

/** Places that are over: a hold that lapsed unpaid, a student who left the batch. */
const closedEnrolmentStatuses: Readonly<Record<string, string>> = {
  released: 'This place in the batch was not taken up, so its conversation is closed.',
  left: 'The student has left this batch, so its conversation is closed.',
};

export const threadNotFound = () => new DomainError('THREAD_NOT_FOUND', 'There is no conversation here for you', 404);

/** A subject with the caller's side in it. */
export interface Participation {
  subject: SubjectRow;
  party: ConversationParty;
  /** The other side's user, to notify; null for a teacher nobody signs in as. */
  otherUserId: string | null;
}

/**
 * The caller's side of an enquiry or an enrolment: the learner who sent it (or holds the place)
 * or the teacher it is addressed to (or who teaches the batch). Anyone else learns nothing,
 * not even that it exists.
 */
export async function participationOf(
  tx: Pick<ConversationQueries, 'findEnquirySubject' | 'findEnrolmentSubject'>,
  user: AuthUser,
  subject: ConversationSubject,
  id: string,
): Promise<Participation> {
  const row = subject === 'enquiry' ? await tx.findEnquirySubject(id) : await tx.findEnrolmentSubject(id);
  if (!row) throw threadNotFound();
  if (user.userType === 'Teacher' && user.teacherId !== null && row.teacher_id === user.teacherId) {
    return { subject: row, party: 'teacher', otherUserId: row.learner_user_id };
  }
  if (user.userType === 'Learner' && user.learnerAccountId !== null && row.learner_account_id === user.learnerAccountId) {
    return { subject: row, party: 'learner', otherUserId: row.teacher_user_id };
  }
  throw threadNotFound();
}

/** Why nobody may write on the subject any more, or null while they may. */
export function closedReasonOf(row: SubjectRow): string | null {
  return (row.subject === 'enquiry' ? closedEnquiryStates[row.status] : closedEnrolmentStatuses[row.status]) ?? null;
}

/** Phone numbers and emails stay hidden from the other side until the family enrols. */
export function hidesContacts(row: SubjectRow): boolean {
  return !row.enrolled;
}
