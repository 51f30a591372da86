import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import { DomainError } from '../../shared/domain-error';
import type {
  PaymentRequestDetailRow,
  PaymentRequestsRepository,
} from './payment-requests.repository';

function toPaymentRequest(row: PaymentRequestDetailRow): PaymentRequest {
  return {
    id: row.id,
    status: row.status,
    amountPaise: row.amount_paise,
    description: row.description,
    teacher: { name: row.teacher_name, slug: row.teacher_slug },
    batch: { name: row.batch_name, programName: row.program_name, categoryName: row.category_name },
    studentName: row.student_name,
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
  };
}
export type PaymentRequestsService = ReturnType<typeof createPaymentRequestsService>;
