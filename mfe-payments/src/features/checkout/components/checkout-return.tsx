import { useEffect, useRef } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import type { OrderStatusResponse } from '@kalike/shared/contracts/payments';
import type { OrderPurpose } from '@kalike/shared/domain/payment-values';
import { fullWidth } from '@kalike/shared/ui/layout-styles';
import { mutedText, noMargin, sectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import { describePaymentError } from '../../../utils/payment-errors';
import type { RefParams } from '../../../utils/ref-params';
import { isAwaitingConfirmation, useOrder } from '../api/get-order';
import { useVerifyReturn } from '../hooks/use-verify-return';
import { endedOrderText } from '../utils/ended-order';
import type { GatewayReturn } from '../utils/gateway-return';
import { trackPayment } from '../utils/track-payment';
import { PaymentProgress } from '@kalike/shared/ui/payment-progress';

interface CheckoutReturnProps {
  /** The order the return names; null if the URL lost it (a success can still be verified). */
  orderId: string | null;
  gatewayReturn: GatewayReturn;
  /** What the page pays for, for analytics when the order itself cannot be read. */
  purpose: OrderPurpose;
  refs: RefParams;
  /** The order is paid: show its receipt. */
  onPaid: (orderId: string) => void;
  /** "Try again": `fresh` after a definite failure (a new order), else the same attempt's key. */
  onRetry: (fresh: boolean) => void;
  retrying: boolean;
}

function RetryButton({ label = 'Try again', onClick, disabled }: { label?: string; onClick: () => void; disabled: boolean }) {
  return (
    <Button type="button" onClick={onClick} disabled={disabled} aria-busy={disabled} css={fullWidth}>
      {disabled ? 'Opening the payment…' : label}
    </Button>
  );
}

const outcomeStyle = css({
  display: 'grid',
  gap: space(3),
  padding: space(4),
  borderRadius: radius.medium,
  background: colors.dangerSoft,
  border: `1px solid ${colors.danger}`,
});

/**
 * Where an order stands after the checkout came back without a success, or with one the
 * API would not accept: it asks the API (a late success may have arrived by webhook), then
 * says what happened and offers the way on.
 */
function OrderStanding({
  orderId,
  gatewayReturn,
  purpose,
  refs,
  onPaid,
  onRetry,
  retrying,
  refusal,
}: CheckoutReturnProps & { refusal?: { title: string; message: string } }) {
  const order = useOrder(orderId, { poll: true });
  const status = order.data;
  const paid = status?.order.status === 'paid';
  const tracked = useRef(false);

  useEffect(() => {
    if (paid && orderId) onPaid(orderId);
  }, [paid, orderId, onPaid]);

  // One failure event per return, once what the order was is known (or cannot be).
  const settled = orderId === null || order.isSuccess || order.isError;
  useEffect(() => {
    if (!settled || paid || tracked.current) return;
    tracked.current = true;
    trackPayment('payment_failed', {
      orderId: orderId ?? 'unknown',
      purpose: status?.order.purpose ?? purpose,
      amountPaise: status?.order.amountPaise ?? null,
      ...refs,
      reason: refusal ? 'verify_refused' : gatewayReturn.kind === 'failure' ? `failure:${gatewayReturn.code}` : 'abandoned',
    });
  }, [settled, paid, orderId, status, purpose, refs, refusal, gatewayReturn]);

  if ((orderId !== null && order.isPending) || paid) return <PaymentProgress title="Checking your payment…" />;
  if (isAwaitingConfirmation(status)) return <PaymentProgress />;
  if (status?.order.status === 'expired') {
    const ended = endedOrderText(status.order);
    return (
      <StatusMessage title={ended.title} action={{ label: ended.action, onClick: () => onRetry(true) }}>
        {ended.message}
      </StatusMessage>
    );
  }
  let title: string;
  let message: string;
  // Only a definite failure starts over with a new order; after closing the window the
  // same order is paid, so a payment still on its way cannot be made twice.
  let fresh = true;
  if (refusal) {
    ({ title, message } = refusal);
  } else if (gatewayReturn.kind === 'failure') {
    title = 'The payment did not go through';
    message = gatewayReturn.description ?? status?.failureReason ?? 'The bank or payment app declined it.';
  } else {
    title = 'You closed the payment window';
    message = 'Nothing has been paid for this order yet.';
    fresh = false;
  }
  return (
    <section role="alert" aria-labelledby="checkout-outcome" css={outcomeStyle}>
      <h2 id="checkout-outcome" css={sectionHeading}>
        {title}
      </h2>
      <p css={noMargin}>{message}</p>
      {gatewayReturn.kind === 'failure' && !refusal && (
        <p css={mutedText}>If money left your account for this attempt, it is not counted as paid and your bank returns it.</p>
      )}
      <RetryButton onClick={() => onRetry(fresh)} disabled={retrying} />
    </section>
  );
}

/** The page the checkout came back to: verify a success once, or show what went wrong. */
export function CheckoutReturn(props: CheckoutReturnProps) {
  const { gatewayReturn, refs, onPaid, orderId } = props;
  // The page memoises `gatewayReturn` on its URL, so the body is the same object across renders.
  const body = gatewayReturn.kind === 'success' ? gatewayReturn.body : null;
  const { verify, retry } = useVerifyReturn(body, { refs, onVerified: (status: OrderStatusResponse) => onPaid(status.order.orderId) });
  const problem = verify.isError ? describePaymentError(verify.error) : null;
  const alreadyPaid = problem?.kind === 'already-paid';

  useEffect(() => {
    if (alreadyPaid && orderId) onPaid(orderId);
  }, [alreadyPaid, orderId, onPaid]);

  if (gatewayReturn.kind !== 'success') return <OrderStanding {...props} />;
  if (problem) {
    if (alreadyPaid) return <PaymentProgress title="Checking your payment…" />;
    if (problem.kind === 'retry-same') {
      return (
        <StatusMessage tone="error" title="We could not confirm your payment yet" action={{ label: 'Check again', onClick: () => retry() }}>
          {problem.message} If money left your account, your payment is safe: do not pay again.
        </StatusMessage>
      );
    }
    if (problem.kind === 'start-again') {
      return (
        <StatusMessage title={problem.title} action={{ label: 'Start again', onClick: () => props.onRetry(true) }}>
          {problem.message}
        </StatusMessage>
      );
    }
    return <OrderStanding {...props} refusal={problem} />;
  }
  return <PaymentProgress />;
}
