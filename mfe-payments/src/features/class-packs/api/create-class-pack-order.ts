import { apiSend } from '@kalike/shared/api/client';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import type { CheckoutOrder, DiscountCodesBody } from '@kalike/shared/contracts/payments';

/** One order for one plan; the same key answers with the first order instead of making a second. */
export function createClassPackOrder(batchStudentId: string, planId: string, codes: DiscountCodesBody, idempotencyKey: string): Promise<CheckoutOrder> {
  return apiSend<CheckoutOrder>('post', `v1/payments/batch-student/${encodeURIComponent(batchStudentId)}/class-pack/${encodeURIComponent(planId)}`, codes, {
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
}
