import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';

import { checkoutSlots } from '../features/checkout/utils/checkout-attempts';
import { createPaymentRequestOrder } from '../features/payment-requests/api/create-payment-request-order';
import { usePaymentRequest } from '../features/payment-requests/api/get-payment-request';
import { PaymentRequestSummary } from '../features/payment-requests/components/payment-request-summary';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { LinkCheckout } from '../features/checkout/components/link-checkout';

function PaymentRequestDetails({ id }: { id: string }) {
  const request = usePaymentRequest(id);
  const { refetch } = request;
  const reread = useCallback(() => void refetch(), [refetch]);
  if (request.isPending) return <SkeletonList rows={1} rowHeight="12rem" label="Loading the payment request" />;
  if (request.isError) {
    if (request.error.statusCode === 404) {
      return <StatusMessage title="We could not find this payment request">Check the link your teacher sent you, or ask them to send it again.</StatusMessage>;
    }
    return (
      <StatusMessage tone="error" title="The payment request could not be loaded" action={{ label: 'Try again', onClick: reread }}>
        {readableErrorMessage(request.error)}
      </StatusMessage>
    );
  }
  return (
    <div css={stack[5]}>
      <PaymentRequestSummary request={request.data} />
      {request.data.status === 'open' && (
        <LinkCheckout
          slot={checkoutSlots.paymentRequest(id)}
          amountPaise={request.data.amountPaise}
          createOrder={(key) => createPaymentRequestOrder(id, key)}
          from={paths.paymentRequest(id)}
          onStale={reread}
        />
      )}
    </div>
  );
}

/**
 * `/payment-request/:id` (and the earlier link shape `/old-batch-payment-request/:id`): a
 * teacher's request to pay, readable by anyone with the link; paying needs the learner's account.
 */
export default function PaymentRequestPage() {
  const { id = '' } = useParams();
  return (
    <PageColumn>
      <DocumentTitle>Payment request</DocumentTitle>
      <PageTitle>Payment request</PageTitle>
      {isUuid(id) ? (
        <PaymentRequestDetails id={id} />
      ) : (
        <StatusMessage title="This payment link is not valid">The link looks incomplete. Open it again from your teacher's message.</StatusMessage>
      )}
    </PageColumn>
  );
}
