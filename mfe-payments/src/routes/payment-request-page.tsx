import { useParams } from 'react-router-dom';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { usePaymentRequest } from '../features/payment-requests/api/get-payment-request';
import { PaymentRequestSummary } from '../features/payment-requests/components/payment-request-summary';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function PaymentRequestDetails({ id }: { id: string }) {
  const request = usePaymentRequest(id);
  if (request.isPending) return <SkeletonList rows={1} rowHeight="12rem" label="Loading the payment request" />;
  if (request.isError) {
    if (request.error.statusCode === 404) {
      return (
        <StatusMessage title="We could not find this payment request">
          Check the link your teacher sent you, or ask them to send it again.
        </StatusMessage>
      );
    }
    return (
      <StatusMessage
        tone="error"
        title="The payment request could not be loaded"
        action={{ label: 'Try again', onClick: () => void request.refetch() }}
      >
        {readableErrorMessage(request.error)}
      </StatusMessage>
    );
  }
  return <PaymentRequestSummary request={request.data} />;
}

export default function PaymentRequestPage() {
  const { id = '' } = useParams();
  return (
    <PageColumn>
      <PageTitle>Payment request</PageTitle>
      {uuidPattern.test(id) ? (
        <PaymentRequestDetails id={id} />
      ) : (
        <StatusMessage title="This payment link is not valid">
          The link looks incomplete. Open it again from your teacher's message.
        </StatusMessage>
      )}
    </PageColumn>
  );
}
