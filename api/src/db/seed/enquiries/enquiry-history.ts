import { enquiryLifecycle, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import { wellKnownLearners } from '../accounts';
import type { Step } from './enquiry-plans';
import type { SentRequest } from './enquiry-request';
import type { EnquiryRows, EnquirySeedContext, PlannedEnquiry } from './enquiry-seed-context';

/** Where an enquiry's history left it: its state and what the learner and teacher said and did. */
export interface WalkedHistory {
  state: EnquiryState;
  teacherMessage: string | null;
  declineReason: string | null;
  closeReason: string | null;
  enriched: boolean;
  batchStudentId: string | null;
  /** Whether the teacher did more than mark it seen, which ends the response deadline. */
  answered: boolean;
  updatedAt: Date;
}

/**
 * Walks a planned enquiry's steps through the lifecycle's transitions, writing an event for
 * each (and the batch student when it enrols), and fails when the plan is one the API could
 * not have followed.
 */
export function walkHistory(
  { random }: EnquirySeedContext,
  { id, plan, listing, offer }: PlannedEnquiry,
  { sentAt, student }: SentRequest,
  teacherUserIds: ReadonlyMap<string | null, string>,
  rows: EnquiryRows,
): WalkedHistory {
  const asha = wellKnownLearners.asha;
  const at = (step: Step) => new Date(sentAt.getTime() + step.after * 3_600_000);
  const walked: WalkedHistory = {
    state: 'sent',
    teacherMessage: null,
    declineReason: null,
    closeReason: null,
    enriched: false,
    batchStudentId: null,
    answered: false,
    updatedAt: sentAt,
  };
  const event = { enquiry_id: id, actor: 'learner', actor_user_id: asha.userId, message: null } as const;
  rows.events.push({ ...event, action: 'create', from_state: null, to_state: 'sent', created_at: sentAt });
  for (const step of plan.steps) {
    walked.updatedAt = at(step);
    if (step.action === 'enrich') {
      walked.enriched = true;
      rows.events.push({ ...event, action: 'enrich', from_state: walked.state, to_state: walked.state, created_at: at(step) });
      continue;
    }
    const transition = enquiryLifecycle.transitions[step.action];
    if (!enquiryLifecycle.can(step.action, walked.state, transition.by))
      throw new Error(`Seeded ${plan.state} enquiry cannot ${step.action} from ${walked.state}`);
    if (transition.by === 'teacher') {
      if (step.action !== 'mark_seen') walked.answered = true;
      if (step.message && step.action !== 'decline') walked.teacherMessage = step.message;
    }
    if (step.action === 'decline') walked.declineReason = step.message ?? null;
    if (step.action === 'close') walked.closeReason = step.message ?? null;
    if (step.action === 'enrol' && offer) {
      walked.batchStudentId = random.uuid();
      rows.batchStudents.push({
        id: walked.batchStudentId,
        batch_id: offer.batchId,
        learner_account_id: asha.accountId,
        student_id: student?.id ?? null,
        created_at: at(step),
      });
      rows.enrolments.push({ batchStudentId: walked.batchStudentId, enquiryId: id });
    }
    rows.events.push({
      enquiry_id: id,
      action: step.action,
      from_state: walked.state,
      to_state: transition.to,
      actor: transition.by,
      actor_user_id: transition.by === 'teacher' ? (teacherUserIds.get(listing.teacherId) ?? null) : transition.by === 'learner' ? asha.userId : null,
      message: step.message ?? null,
      created_at: at(step),
    });
    walked.state = transition.to;
  }
  if (walked.state !== plan.state) throw new Error(`Seeded ${plan.state} enquiry ended in ${walked.state}`);
  return walked;
}
