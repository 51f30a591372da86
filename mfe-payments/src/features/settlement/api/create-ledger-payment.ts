import { apiSend } from '@kalike/shared/api/client';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import type { CheckoutOrder, LedgerPaymentBody } from '@kalike/shared/contracts/payments';

/** A ledger payment: an order for what the ledger says the batch student owes now. */
export function createLedgerPayment(batchStudentId: string, idempotencyKey: string): Promise<CheckoutOrder> {
  const body: LedgerPaymentBody = { batchStudentId };
  return apiSend<CheckoutOrder>('post', 'v1/ledgers/learners/payment', body, { headers: { [idempotencyKeyHeader]: idempotencyKey } });
}
