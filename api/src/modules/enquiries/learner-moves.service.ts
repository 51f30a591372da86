import type { CloseEnquiryBody, ConnectEnquiryBody, Enquiry, EnquiryPaymentStart } from '@kalike/shared/contracts/enquiries';
import { isOpenEnquiry, type EnquiryAction } from '@kalike/shared/domain/enquiry-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { toEnquiryBatch } from '../../shared/enquiry-batches';
import type { EnquiriesRepository } from './enquiries.repository';
import { enquiryNotFound, invalidTransition } from './enquiry-errors';
import type { EnquiryMoves } from './enquiry-moves';
import { enquiryLearners, requireOwnStudent } from './enquiry-parties';
import { optionalText } from './enquiry-text';

interface LearnerMovesDeps {
  repository: Pick<EnquiriesRepository, 'findViews' | 'findBatchStudent' | 'findOfferBatches' | 'findOfferPlans'>;
  moves: Pick<EnquiryMoves, 'move'>;
}

/** The learner's answers to a teacher: accept the offer (a demo, or a place in the batch), close, then on to payment. */
export function createLearnerMoves({ repository, moves: { move } }: LearnerMovesDeps) {
  return {
    /** Accepts the teacher's current offer: a demo is booked, a batch becomes an enrolment. */
    connect(user: AuthUser, id: string, body: ConnectEnquiryBody): Promise<Enquiry> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const action: EnquiryAction = body.offer === 'demo' ? 'accept_demo' : 'enrol';
      return move(user, id, 'learner', {
        action,
        precheck: (row) => {
          if (isOpenEnquiry(row.state) && row.offer_kind !== null && row.offer_kind !== body.offer) {
            throw new DomainError('OFFER_CHANGED', `The teacher's current offer is a ${row.offer_kind}, not a ${body.offer}; reload the enquiry`, 409);
          }
        },
        apply: async (tx, row, at) => {
          if (!row.offer_batch_id) throw invalidTransition(row.state, action);
          if (action === 'accept_demo') {
            const session = row.offer_session_id ? await tx.findUpcomingSession(row.offer_session_id, at) : undefined;
            if (!session) {
              throw new DomainError('OFFER_CHANGED', 'The demo class offered was cancelled or has started; ask the teacher for another', 409);
            }
            await tx.bookDemo({ sessionId: session.id, enquiryId: row.id, learnerAccountId, studentId: row.student_id, at });
            return { details: { demoStartsAt: session.starts_at } };
          }
          const studentId = body.studentId === undefined ? row.student_id : body.studentId;
          if (studentId) await requireOwnStudent(tx, learnerAccountId, studentId, 'body.studentId');
          const batchStudentId = await tx.enrolFromEnquiry({ batchId: row.offer_batch_id, learnerAccountId, studentId, enquiryId: row.id, at });
          if (!batchStudentId) throw new DomainError('BATCH_FULL', 'The offered batch has no seat left; ask the teacher for another batch', 409);
          const batch = await tx.findBatchName(row.offer_batch_id);
          return {
            changes: { batch_student_id: batchStudentId, student_id: studentId },
            details: { batch: batch ? { name: batch.name, programName: batch.program_name } : undefined },
          };
        },
      });
    },

    close(user: AuthUser, id: string, body: CloseEnquiryBody): Promise<Enquiry> {
      enquiryLearners.idOf(user);
      const reason = optionalText(body.reason);
      return move(user, id, 'learner', {
        action: 'close',
        apply: async () => ({ changes: { close_reason: reason }, eventMessage: reason }),
      });
    },

    async paymentStart(user: AuthUser, id: string): Promise<EnquiryPaymentStart> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const [view] = await repository.findViews([id]);
      if (!view || view.learner_account_id !== learnerAccountId) throw enquiryNotFound();
      if (view.state !== 'enrolled' || !view.batch_student_id) throw invalidTransition(view.state, 'payments');
      const batchStudent = await repository.findBatchStudent(view.batch_student_id);
      if (!batchStudent) throw invalidTransition(view.state, 'payments');
      const [batches, plans] = await Promise.all([repository.findOfferBatches([batchStudent.batch_id]), repository.findOfferPlans([batchStudent.batch_id])]);
      const [batch] = batches;
      if (!batch) throw invalidTransition(view.state, 'payments');
      return {
        batchStudentId: batchStudent.id,
        paymentPath: paths.paymentStep('select-payment-plan', batchStudent.id),
        batch: toEnquiryBatch(batch, plans),
      };
    },
  };
}
