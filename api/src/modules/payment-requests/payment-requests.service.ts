import { learnerPaymentRequestsLimit, type LearnerPaymentRequests, type PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import { teacherPaymentRequestsLimit, type TeacherPaymentRequest, type TeacherPaymentRequests } from '@kalike/shared/contracts/teacher-payments';
import { learnersOnly, teachersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { PaymentRequestDetailRow, PaymentRequestsRepository } from './payment-requests.repository';

export const requestedLearners = learnersOnly('Only learners have payment requests to pay');
export const requestingTeachersList = teachersOnly('Only teachers have payment requests they sent');

const requestNotFound = () => new DomainError('PAYMENT_REQUEST_NOT_FOUND', 'This payment request does not exist', 404);

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

function toTeacherPaymentRequest(row: PaymentRequestDetailRow): TeacherPaymentRequest {
  return { ...toPaymentRequest(row), batchId: row.batch_id, batchStudentId: row.batch_student_id };
}

export function createPaymentRequestsService(repository: PaymentRequestsRepository) {
  return {
    async getById(id: string): Promise<PaymentRequest> {
      const row = await repository.findByIdIncludeBatchAndTeacher(id);
      if (!row) throw requestNotFound();
      return toPaymentRequest(row);
    },

    async getForTeacher(teacherId: string, id: string): Promise<TeacherPaymentRequest> {
      const row = await repository.findOfTeacher(teacherId, id);
      if (!row) throw requestNotFound();
      return toTeacherPaymentRequest(row);
    },

    /** The requests the signed-in teacher sent, by status, newest first. */
    async listForTeacher(user: AuthUser): Promise<TeacherPaymentRequests> {
      const teacherId = requestingTeachersList.idOf(user);
      const [waiting, [open = [], completed = [], cancelled = []]] = await Promise.all([
        repository.sumOpenForTeacher(teacherId),
        Promise.all((['open', 'completed', 'cancelled'] as const).map((status) => repository.findForTeacher(teacherId, status, teacherPaymentRequestsLimit))),
      ]);
      return {
        waiting,
        open: open.map(toTeacherPaymentRequest),
        completed: completed.map(toTeacherPaymentRequest),
        cancelled: cancelled.map(toTeacherPaymentRequest),
      };
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
