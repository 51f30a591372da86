import { enquiryResponseWindowHours, isOpenEnquiry } from '@kalike/shared/domain/enquiry-lifecycle';
import { ageOn } from '@kalike/shared/domain/student-age';
import type { Insertable } from 'kysely';
import type { EnquiriesTable } from '../../schema';
import { wellKnownAlternatePhone, wellKnownLearners } from '../accounts';
import type { WalkedHistory } from './enquiry-history';
import type { SentRequest } from './enquiry-request';
import type { PlannedEnquiry } from './enquiry-seed-context';

/** The enquiry as its request and walked history left it; an open one the teacher has not answered still has its deadline. */
export function enquiryRow(
  anchorDate: string,
  { id, plan, listing, offer }: PlannedEnquiry,
  request: SentRequest,
  history: WalkedHistory,
): Insertable<EnquiriesTable> {
  const asha = wellKnownLearners.asha;
  const { sentAt, student } = request;
  const { state, enriched } = history;
  return {
    id,
    request_id: request.requestId,
    learner_account_id: asha.accountId,
    teacher_id: listing.teacherId,
    listing_id: listing.id,
    program_id: null,
    student_id: student?.id ?? null,
    state,
    contact_name: asha.name,
    contact_phone: asha.phone,
    alternate_phone: plan.state === 'demo_booked' ? wellKnownAlternatePhone : null,
    preferred_days: request.preferredDays,
    preferred_times: request.preferredTimes,
    mode: request.mode,
    message: request.message,
    ref_page: request.refPage,
    ref_section: request.refSection,
    student_age_years: enriched && student ? ageOn(student.dateOfBirth, anchorDate) : null,
    level: enriched ? 'beginner' : null,
    goals: enriched ? 'Enjoy learning and perform at the school annual day.' : null,
    teacher_message: history.teacherMessage,
    offer_kind: offer ? (offer.sessionId ? 'demo' : 'batch') : null,
    offer_batch_id: offer?.batchId ?? null,
    offer_session_id: offer?.sessionId ?? null,
    decline_reason: history.declineReason,
    close_reason: history.closeReason,
    batch_student_id: history.batchStudentId,
    respond_by: isOpenEnquiry(state) && !history.answered ? new Date(sentAt.getTime() + enquiryResponseWindowHours * 3_600_000) : null,
    created_at: sentAt,
    updated_at: history.updatedAt,
  };
}
