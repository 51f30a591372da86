import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { TeacherPaymentRequest } from '@kalike/shared/contracts/teacher-payments';
import type { PaymentRequestDetailRow } from './requests.repository';

/** A request as the family reads it: never the learner's phone. */
export function toPaymentRequest(row: PaymentRequestDetailRow): PaymentRequest {
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
    cancelReason: row.cancel_reason,
  };
}

/** A request as its teacher reads it, with the batch and place it is for. */
export function toTeacherPaymentRequest(row: PaymentRequestDetailRow): TeacherPaymentRequest {
  return { ...toPaymentRequest(row), batchId: row.batch_id, batchStudentId: row.batch_student_id };
}
