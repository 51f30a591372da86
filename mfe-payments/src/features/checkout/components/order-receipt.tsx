import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Receipt } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { stack } from '@kalike/shared/ui/layout-styles';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';
import { isAwaitingConfirmation, useOrder } from '../api/get-order';
import { endedOrderText } from '../utils/ended-order';
import { PaymentProgress } from '@kalike/shared/ui/payment-progress';
import { ReceiptCard } from './receipt-card';
import { LoadFailure } from '../../../components/load-failure';

interface OrderReceiptProps {
  orderId: string;
  /** Where to pay again when the order was not paid; null when this page cannot say. */
  retryTo: string | null;
  /** What the page adds under a receipt (the class-pack balance, links on). */
  children?: (receipt: Receipt) => ReactNode;
}

const receivedStyle = css({ textAlign: 'center', padding: space(4), borderRadius: radius.medium, background: colors.brandSoft });
const receivedHeadingStyle = css({ margin: 0, color: colors.success, fontSize: font.size.large });
const receivedAmountStyle = css({ margin: `${space(1)} 0 0`, fontSize: '2rem', fontWeight: 800 });

/**
 * Where an order stands, from the API: paid shows the receipt; a success the API has not
 * booked yet is polled until it is; expired or unpaid says so and where to pay again.
 */
export function OrderReceipt({ orderId, retryTo, children }: OrderReceiptProps) {
  const order = useOrder(orderId, { poll: true });
  if (order.isPending) return <PageLoading label="Loading your receipt" rows={3} rowHeight="6rem" />;
  if (order.isError) return <LoadFailure error={order.error} title="Your receipt could not be loaded" onRetry={() => void order.refetch()} />;
  const { order: details, receipt, failureReason } = order.data;
  const retryLink = (label: string) =>
    retryTo && (
      <p>
        <Link to={retryTo}>{label}</Link>
      </p>
    );
  if (details.status === 'paid' && receipt) {
    return (
      <div css={stack[5]}>
        <section role="status" aria-labelledby="payment-received" css={receivedStyle}>
          <h2 id="payment-received" css={receivedHeadingStyle}>
            Payment received
          </h2>
          <p css={receivedAmountStyle}>{formatPaise(receipt.price.totalPaise)}</p>
        </section>
        <ReceiptCard receipt={receipt} />
        {children?.(receipt)}
      </div>
    );
  }
  if (details.status === 'paid' || isAwaitingConfirmation(order.data)) {
    return <PaymentProgress>Your bank has answered; Kalike is booking the payment. This page updates by itself. Please do not pay again.</PaymentProgress>;
  }
  if (details.status === 'expired') {
    const ended = endedOrderText(details);
    return (
      <StatusMessage title={ended.title}>
        <p>{ended.message}</p>
        {retryLink(ended.action)}
      </StatusMessage>
    );
  }
  return (
    <StatusMessage title="This payment is not complete">
      <p>{failureReason ?? `${formatPaise(details.amountPaise)} has not been paid yet.`}</p>
      {retryLink('Pay now')}
    </StatusMessage>
  );
}
