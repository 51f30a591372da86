import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { OrderStatusResponse, VerifyPaymentBody } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';
import type { RefParams } from '../../../utils/ref-params';
import { verifyPayment } from '../api/verify-payment';
import { forgetAttemptOfOrder } from '../utils/checkout-attempts';
import { trackPayment } from '../utils/track-payment';

// One verification per payment per page load, whatever React re-renders or re-mounts: a
// replay would be harmless on the server, but it must not be counted or tracked twice.
const verifications = new Map<string, Promise<OrderStatusResponse>>();

function verifyOnce(body: VerifyPaymentBody): Promise<OrderStatusResponse> {
  const id = body.razorpay_payment_id;
  let pending = verifications.get(id);
  if (!pending) {
    pending = verifyPayment(body);
    verifications.set(id, pending);
    // A failed attempt may be asked again ("Check again").
    pending.catch(() => verifications.delete(id));
  }
  return pending;
}

/** For tests. */
export function forgetVerifications(): void {
  verifications.clear();
}

/**
 * Verifies the checkout's success answer once, books the result in the cache, and hands
 * the order's standing to `onVerified` (normally: go to the receipt).
 */
export function useVerifyReturn(body: VerifyPaymentBody | null, { refs, onVerified }: { refs: RefParams; onVerified: (status: OrderStatusResponse) => void }) {
  const queryClient = useQueryClient();
  const verify = useMutation({ mutationKey: [...rootKeys.payments, 'verify'], mutationFn: verifyOnce });
  const { mutate } = verify;
  const started = useRef<string | null>(null);
  const tracked = useRef(new Set<string>());

  const run = useCallback(
    (answer: VerifyPaymentBody) =>
      mutate(answer, {
        onSuccess: (status) => {
          queryClient.setQueryData(paymentKeys.learner.order(status.order.orderId), status);
          if (status.order.status === 'paid') {
            forgetAttemptOfOrder(status.order.orderId);
            // Balances, plans, settlements, links and requests all moved.
            void queryClient.invalidateQueries({ queryKey: rootKeys.payments, refetchType: 'active' });
            if (!tracked.current.has(answer.razorpay_payment_id)) {
              tracked.current.add(answer.razorpay_payment_id);
              const { order } = status;
              trackPayment('payment_succeeded', { orderId: order.orderId, purpose: order.purpose, amountPaise: order.amountPaise, ...refs });
            }
          }
          onVerified(status);
        },
      }),
    [mutate, queryClient, refs, onVerified],
  );

  useEffect(() => {
    if (!body || started.current === body.razorpay_payment_id) return;
    started.current = body.razorpay_payment_id;
    run(body);
  }, [body, run]);

  return { verify, retry: () => body && run(body) };
}
