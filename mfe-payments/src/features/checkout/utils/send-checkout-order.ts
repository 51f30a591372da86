import { isApiError } from '@kalike/shared/api/api-error';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';

import { forgetAttempt, keyFor } from './checkout-attempts';

/**
 * Creates the order with the slot's Idempotency-Key; when the API says the key arrived earlier
 * with other content, this is a new submission and goes again once with a fresh key.
 */
export async function sendCheckoutOrder(
  slot: string,
  createOrder: (idempotencyKey: string) => Promise<CheckoutOrder | null>,
): Promise<{ order: CheckoutOrder | null; key: string }> {
  const key = keyFor(slot);
  try {
    return { order: await createOrder(key), key };
  } catch (error) {
    if (!isApiError(error) || error.code !== 'IDEMPOTENCY_KEY_REUSED') throw error;
    forgetAttempt(slot);
    const fresh = keyFor(slot);
    return { order: await createOrder(fresh), key: fresh };
  }
}
