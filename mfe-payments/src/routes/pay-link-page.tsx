import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { checkoutSlots } from '../features/checkout/utils/checkout-attempts';
import { createPaymentLinkOrder } from '../features/payment-links/api/create-payment-link-order';
import { usePaymentLink } from '../features/payment-links/api/get-payment-link';
import { PaymentLinkSummary } from '../features/payment-links/components/payment-link-summary';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { LinkCheckout } from '../features/checkout/components/link-checkout';
import { LoadFailure } from '../components/load-failure';

function PaymentLinkDetails({ id }: { id: string }) {
  const link = usePaymentLink(id);
  const { refetch } = link;
  const reread = useCallback(() => void refetch(), [refetch]);
  if (link.isPending) return <PageLoading label="Loading the payment link" rows={1} rowHeight="12rem" />;
  if (link.isError) return <LoadFailure error={link.error} title="The payment link could not be loaded" onRetry={reread} />;
  return (
    <div css={stack[5]}>
      <PaymentLinkSummary link={link.data} />
      {link.data.status === 'issued' && (
        <LinkCheckout
          slot={checkoutSlots.paymentLink(id)}
          amountPaise={link.data.amountPaise}
          createOrder={(key) => createPaymentLinkOrder(id, key)}
          from={`/pay/${id}`}
          onStale={reread}
        />
      )}
    </div>
  );
}

/** `/pay/:id`: a teacher's payment link; anyone with it may read it, paying needs the learner's account. */
export default function PayLinkPage() {
  const { id = '' } = useParams();
  return (
    <PageColumn>
      <DocumentTitle>Payment</DocumentTitle>
      <PageTitle>Payment</PageTitle>
      {isUuid(id) ? (
        <PaymentLinkDetails id={id} />
      ) : (
        <StatusMessage title="This payment link is not valid">The link looks incomplete. Open it again from your teacher's message.</StatusMessage>
      )}
    </PageColumn>
  );
}
