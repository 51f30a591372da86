import { apiSend } from '@kalike/shared/api/client';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';

/** An order for what the batch student owes, as the server reckons it now. */
export function createSettlementOrder(batchStudentId: string, idempotencyKey: string): Promise<CheckoutOrder> {
  return apiSend<CheckoutOrder>('post', `v1/payments/settlement-balance/batch-student/${encodeURIComponent(batchStudentId)}`, undefined, {
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
}
