import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { orderValidityMinutes } from '@kalike/shared/domain/payment-values';

interface EndedOrderText {
  title: string;
  message: string;
  /** The label of the way on: a fresh payment for the same thing. */
  action: string;
  /** One sentence for a page that offers to pay again right under it. */
  note: string;
}

/**
 * What to tell the family about an unpaid order that can no longer be paid. Leaving the payment
 * (Back at the gateway, then paying again) is not a fault, so it says what happened and how to
 * go on; only an order whose window ran out says it ran out.
 */
export function endedOrderText(order: Pick<CheckoutOrder, 'expiredEarly'>): EndedOrderText {
  if (order.expiredEarly) {
    return {
      title: 'You left the payment before paying',
      message: 'Nothing was charged. You can pay again whenever you are ready.',
      action: 'Try again',
      note: 'You left your earlier payment for this before paying, so nothing was charged. Paying now starts a fresh one.',
    };
  }
  return {
    title: 'This payment was not finished in time',
    message: `A payment stays open for ${orderValidityMinutes} minutes. Nothing was charged: start again for a fresh one.`,
    action: 'Start again',
    note: `Your earlier payment for this was not finished within ${orderValidityMinutes} minutes, so nothing was charged. Paying now starts a fresh one.`,
  };
}
