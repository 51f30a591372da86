import { learnerPaymentRequestsLimit, type LearnerPaymentRequests, type PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import { learnersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { PaymentRequestDetailRow, PaymentRequestsRepository } from './payment-requests.repository';

export const requestedLearners = learnersOnly('Only learners have payment requests to pay');

function toPaymentRequest(row: PaymentRequestDetailRow): PaymentRequest {
  return {
    id: row.id,
    status: row.status,
    amountPaise: row.amount_paise,
    description: row.description,
    teacher: { name: row.teacher_name, slug: row.teacher_slug },
    batch: { name: row.batch_name, programName: row.program_name, categoryName: row.category_name },
    studentName: row.student_name,
    classPack: row.plan_name && row.plan_classes_count ? { name: row.plan_name, classesCount: row.plan_classes_count } : null,
    dueOn: row.due_on,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}

export function createPaymentRequestsService(repository: PaymentRequestsRepository) {
  return {
    async getById(id: string): Promise<PaymentRequest> {
      const row = await repository.findByIdIncludeBatchAndTeacher(id);
      if (!row) {
        throw new DomainError('PAYMENT_REQUEST_NOT_FOUND', 'This payment request does not exist', 404);
      }
      return toPaymentRequest(row);
    },

    /** The learner's own requests: those sent to the phone they sign in with. */
    async listForLearner(user: AuthUser): Promise<LearnerPaymentRequests> {
      const phone = await repository.findLearnerPhone(requestedLearners.idOf(user));
      if (!phone) return { open: [], completed: [], cancelled: [] };
      const [open, completed, cancelled] = await Promise.all(
        (['open', 'completed', 'cancelled'] as const).map((status) => repository.findForLearnerPhone(phone, status, learnerPaymentRequestsLimit)),
      );
      return {
        open: (open ?? []).map(toPaymentRequest),
        completed: (completed ?? []).map(toPaymentRequest),
        cancelled: (cancelled ?? []).map(toPaymentRequest),
      };
    },
  };
}
export type PaymentRequestsService = ReturnType<typeof createPaymentRequestsService>;
