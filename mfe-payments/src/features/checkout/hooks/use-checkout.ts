import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';

import { describePaymentError, type PaymentProblem } from '../../../utils/payment-errors';
import type { RefParams } from '../../../utils/ref-params';
import { attemptFor, forgetAttempt, rememberOrder } from '../utils/checkout-attempts';
import { endedOrderText } from '../utils/ended-order';
import { openCheckout } from '../utils/open-checkout';
import { sendCheckoutOrder } from '../utils/send-checkout-order';
import { trackPayment } from '../utils/track-payment';
import { useCheckoutInFlight } from './use-checkout-in-flight';

export interface UseCheckoutOptions {
  /** What is being paid for (checkoutSlots); one idempotency key per slot. */
  slot: string;
  /** Null when the API settled it without a payment (a plan change covered by credit). */
  createOrder: (idempotencyKey: string) => Promise<CheckoutOrder | null>;
  /** This site's path the gateway comes back to for the order. */
  returnPath: (orderId: string) => string;
  /** The order (if known) was paid already: show its receipt instead of paying again. */
  onAlreadyPaid: (orderId: string | null) => void;
  /** The API needed no payment after all. */
  onNoPayment?: () => void;
  refs: RefParams;
}

/** The attempt's order ended unpaid (the family left it, or it ran out of time): the next tap starts a fresh one. */
function endedProblem(order: CheckoutOrder): PaymentProblem {
  const { title, message } = endedOrderText(order);
  return { kind: 'start-again', code: 'ORDER_EXPIRED', title, message };
}

/**
 * Creates the order and opens the checkout, at most once at a time: a second tap while the
 * first is on its way does nothing, and every attempt for the same slot sends the same
 * Idempotency-Key, so the API answers with the same order. A failure without an answer
 * keeps the key for "Try again"; a definite answer (refused, expired, a failed payment via
 * `fresh`) starts the next attempt with a new key.
 */
export function useCheckout({ slot, createOrder, returnPath, onAlreadyPaid, onNoPayment, refs }: UseCheckoutOptions) {
  const navigate = useNavigate();
  const inFlight = useCheckoutInFlight();
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const create = useMutation({
    mutationKey: [...rootKeys.payments, 'checkout', slot],
    mutationFn: (idempotencyKey: string) => createOrder(idempotencyKey),
  });
  const { mutateAsync } = create;

  /** A definite answer: the next attempt gets a new key, and the page is usable again. */
  const endAttempt = (then: () => void) => {
    forgetAttempt(slot);
    inFlight.finish();
    then();
  };

  const openGateway = async (order: CheckoutOrder) => {
    trackPayment('payment_started', { orderId: order.orderId, purpose: order.purpose, amountPaise: order.amountPaise, ...refs });
    await openCheckout(order, {
      returnPath: returnPath(order.orderId),
      navigate: (path) => {
        inFlight.finish();
        navigate(path, { replace: true });
      },
    });
    // The sandbox leaves the page and Razorpay's window answers through `navigate`: stay busy until then.
  };

  const onFailure = (error: unknown) => {
    const described = describePaymentError(error);
    if (described.kind === 'already-paid') {
      const orderId = attemptFor(slot)?.orderId ?? null;
      endAttempt(() => onAlreadyPaid(orderId));
      return;
    }
    if (described.kind !== 'retry-same') forgetAttempt(slot);
    setProblem(described);
    inFlight.finish();
  };

  const pay = async ({ fresh = false }: { fresh?: boolean } = {}) => {
    if (!inFlight.start()) return;
    setProblem(null);
    if (fresh) forgetAttempt(slot);
    try {
      const { order, key } = await sendCheckoutOrder(slot, mutateAsync);
      if (!order) {
        endAttempt(() => onNoPayment?.());
        return;
      }
      rememberOrder(slot, key, order.orderId);
      if (order.status === 'paid') endAttempt(() => onAlreadyPaid(order.orderId));
      else if (order.status === 'expired') endAttempt(() => setProblem(endedProblem(order)));
      else await openGateway(order);
    } catch (error) {
      onFailure(error);
    }
  };

  return { pay, pending: inFlight.leaving || create.isPending, problem, clearProblem: () => setProblem(null) };
}
