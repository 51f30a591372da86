import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@kalike/shared/api/api-error';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';

import { describePaymentError, type PaymentProblem } from '../../../utils/payment-errors';
import type { RefParams } from '../../../utils/ref-params';
import { attemptFor, forgetAttempt, keyFor, rememberOrder } from '../utils/checkout-attempts';
import { openCheckout } from '../utils/open-checkout';
import { trackPayment } from '../utils/track-payment';

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

const expiredProblem: PaymentProblem = {
  kind: 'start-again',
  code: 'ORDER_EXPIRED',
  title: 'This payment expired',
  message: 'Nothing was charged. Start again for a fresh payment.',
};

/**
 * Creates the order and opens the checkout, at most once at a time: a second tap while the
 * first is on its way does nothing, and every attempt for the same slot sends the same
 * Idempotency-Key, so the API answers with the same order. A failure without an answer
 * keeps the key for "Try again"; a definite answer (refused, expired, a failed payment via
 * `fresh`) starts the next attempt with a new key.
 */
export function useCheckout({ slot, createOrder, returnPath, onAlreadyPaid, onNoPayment, refs }: UseCheckoutOptions) {
  const navigate = useNavigate();
  const busy = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const create = useMutation({
    mutationKey: [...rootKeys.payments, 'checkout', slot],
    mutationFn: (idempotencyKey: string) => createOrder(idempotencyKey),
  });
  const { mutateAsync } = create;

  // Back from the gateway's page through the browser's cache: the page is as it was left,
  // "Opening the payment…"; it has to be usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const send = async (): Promise<{ order: CheckoutOrder | null; key: string }> => {
    const key = keyFor(slot);
    try {
      return { order: await mutateAsync(key), key };
    } catch (error) {
      // The key arrived earlier with other content: this is a new submission.
      if (!isApiError(error) || error.code !== 'IDEMPOTENCY_KEY_REUSED') throw error;
      forgetAttempt(slot);
      const fresh = keyFor(slot);
      return { order: await mutateAsync(fresh), key: fresh };
    }
  };

  const pay = async ({ fresh = false }: { fresh?: boolean } = {}) => {
    if (busy.current) return;
    busy.current = true;
    setProblem(null);
    setLeaving(true);
    if (fresh) forgetAttempt(slot);
    try {
      const { order, key } = await send();
      if (!order) {
        forgetAttempt(slot);
        busy.current = false;
        setLeaving(false);
        onNoPayment?.();
        return;
      }
      rememberOrder(slot, key, order.orderId);
      if (order.status === 'paid') {
        forgetAttempt(slot);
        busy.current = false;
        setLeaving(false);
        onAlreadyPaid(order.orderId);
        return;
      }
      if (order.status === 'expired') {
        forgetAttempt(slot);
        setProblem(expiredProblem);
        busy.current = false;
        setLeaving(false);
        return;
      }
      trackPayment('payment_started', { orderId: order.orderId, purpose: order.purpose, amountPaise: order.amountPaise, ...refs });
      await openCheckout(order, {
        returnPath: returnPath(order.orderId),
        navigate: (path) => {
          busy.current = false;
          setLeaving(false);
          navigate(path, { replace: true });
        },
      });
      // The sandbox leaves the page and Razorpay's window answers through `navigate`: stay busy until then.
    } catch (error) {
      const described = describePaymentError(error);
      if (described.kind === 'already-paid') {
        const orderId = attemptFor(slot)?.orderId ?? null;
        forgetAttempt(slot);
        busy.current = false;
        setLeaving(false);
        onAlreadyPaid(orderId);
        return;
      }
      if (described.kind !== 'retry-same') forgetAttempt(slot);
      setProblem(described);
      busy.current = false;
      setLeaving(false);
    }
  };

  return { pay, pending: leaving || create.isPending, problem, clearProblem: () => setProblem(null) };
}
