import { learnersOnly, teachersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { EnquiryRow } from './enquiry-rows';
import type { OpenEnquiryQueries } from './open-enquiries.repository';

/** The two parties; the system only ever expires. */
export type Party = 'learner' | 'teacher';

export function partyOf(user: AuthUser): Party {
  return user.userType === 'Teacher' ? 'teacher' : 'learner';
}

/** The learner's moves on an enquiry (send, add details, connect, close, pay). */
export const enquiryLearners = learnersOnly('Only learners can do this with an enquiry');
/** The teacher's moves on an enquiry addressed to them. */
export const enquiryTeachers = teachersOnly('Only the teacher an enquiry is addressed to can do this');

/** Learners see their own enquiries, teachers those addressed to them; nobody else learns one exists. */
export function isParty(user: AuthUser, row: Pick<EnquiryRow, 'learner_account_id' | 'teacher_id'>): boolean {
  return user.userType === 'Teacher'
    ? user.teacherId !== null && row.teacher_id === user.teacherId
    : user.learnerAccountId !== null && row.learner_account_id === user.learnerAccountId;
}

/** A student named in a request must be one of the learner's own. */
export async function requireOwnStudent(
  tx: Pick<OpenEnquiryQueries, 'isOwnStudent'>,
  learnerAccountId: string,
  studentId: string,
  field: string,
): Promise<void> {
  if (!(await tx.isOwnStudent(learnerAccountId, studentId))) {
    throw new DomainError('STUDENT_NOT_FOUND', `${field} is not one of this account's students`, 404);
  }
}
