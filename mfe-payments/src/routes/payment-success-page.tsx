import { useLocation, useSearchParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import type { BatchStudentPlan, Receipt } from '@kalike/shared/contracts/payments';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { ActionRow } from '../components/action-row';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { useBatchPaymentRequestFor } from '../features/batch-payment-requests/stores/batch-payment-request-store';
import { useClassPackBalance } from '../features/class-packs/api/get-class-pack-balance';
import { useClassPackOptions } from '../features/class-packs/api/get-class-pack-options';
import { ClassPackBalance } from '../features/class-packs/components/class-pack-balance';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { BatchStudentGate } from '../components/batch-student-gate';
import { LoadFailure } from '../components/load-failure';
import { usePaymentFlow } from '../hooks/payment-flow';
import { SuccessContent } from '../features/checkout/components/success-content';

/** Links on from a paid class pack: the learner's classes, and more of the teacher's. */
function NextSteps({ teacherName }: { teacherName: string | null }) {
  return (
    <ActionRow>
      <LinkButton to={paths.classes()}>Go to My Classes</LinkButton>
      {teacherName && (
        <LinkButton variant="secondary" to={paths.search(teacherName)}>
          More from {teacherName}
        </LinkButton>
      )}
    </ActionRow>
  );
}

/** The pack as the ledger has it now, with the receipt's copy standing in until that arrives. */
function Balance({ batchStudentId, classPack }: { batchStudentId: string; classPack: BatchStudentPlan }) {
  const balance = useClassPackBalance(batchStudentId, classPack.id);
  return <ClassPackBalance classPack={balance.data ?? classPack} />;
}

function PaidClassPack({ batchStudentId, receipt }: { batchStudentId: string; receipt: Receipt }) {
  return (
    <div css={stack[5]}>
      {receipt.classPack && <Balance batchStudentId={receipt.batchStudentId ?? batchStudentId} classPack={receipt.classPack} />}
      <NextSteps teacherName={receipt.teacherName} />
    </div>
  );
}

/** `/payments/thank-you` without an order: the pack in use, from the class-pack options. */
function CurrentPack({ batchStudentId }: { batchStudentId: string }) {
  const flow = usePaymentFlow();
  const options = useClassPackOptions(batchStudentId);
  if (options.isPending) return <PageLoading label="Loading your class pack" rows={2} />;
  if (options.isError) return <LoadFailure error={options.error} title="Your class pack could not be loaded" onRetry={() => void options.refetch()} />;
  const { currentPlan, batchStudent } = options.data;
  if (!currentPlan || currentPlan.status === 'pending_payment') {
    return (
      <StatusMessage title="No class pack paid yet">
        <p>
          <Link to={flow.step('select-payment-plan', batchStudentId)}>Choose a class pack</Link>
        </p>
      </StatusMessage>
    );
  }
  return (
    <div css={stack[5]}>
      <Balance batchStudentId={batchStudentId} classPack={currentPlan} />
      <NextSteps teacherName={batchStudent.teacher.name} />
    </div>
  );
}

function ClassPackSuccess({ batchStudentId }: { batchStudentId: string }) {
  const flow = usePaymentFlow();
  const [search] = useSearchParams();
  const orderId = search.get('orderId');
  if (!isUuid(orderId)) return <CurrentPack batchStudentId={batchStudentId} />;
  return (
    <SuccessContent orderId={orderId} purpose="class_pack" retryTo={flow.step('select-payment-plan', batchStudentId)}>
      {(receipt) => <PaidClassPack batchStudentId={batchStudentId} receipt={receipt} />}
    </SuccessContent>
  );
}

function Title({ batchStudentId }: { batchStudentId: string | null }) {
  const { pathname } = useLocation();
  const joined = useBatchPaymentRequestFor(batchStudentId ?? '');
  const title = joined ? 'Welcome to the batch' : pathname.endsWith('/thank-you') ? 'Thank you' : 'Payment successful';
  return (
    <>
      <DocumentTitle>{title}</DocumentTitle>
      <PageTitle>{title}</PageTitle>
    </>
  );
}

/**
 * `/payments/payment-success` and `/payments/thank-you` (and `/old-payments/payment-success`):
 * the receipt (number, time in IST, what was bought, GST, payer) and the pack's balance.
 */
export default function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const batchStudentId = search.get('batchStudentID');
  return (
    <PageColumn>
      <Title batchStudentId={isUuid(batchStudentId) ? batchStudentId : null} />
      <BatchStudentGate
        signInTitle="Sign in to see your receipt"
        signInReason="Receipts belong to your Kalike account. Sign in with the phone number you paid with; you come straight back here."
      >
        {(id) => <ClassPackSuccess batchStudentId={id} />}
      </BatchStudentGate>
    </PageColumn>
  );
}
