import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import type { BatchPaymentRequestCheck } from '@kalike/shared/contracts/payments';
import { paths } from '@kalike/shared/routing/paths';
import { ClassPackTable } from '@kalike/shared/ui/class-pack-table';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form-field';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useBatchPaymentRequest, useJoinBatch } from '../features/batch-payment-requests/api/validate-batch-payment-request';
import { useBatchPaymentRequestStore } from '../features/batch-payment-requests/stores/batch-payment-request-store';
import { BatchSummary } from '../features/class-packs/components/batch-summary';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { isUuid } from '../utils/ids';
import { readRefParams, refLinkParams } from '../utils/ref-params';
import { LoadFailure } from './parts/load-failure';
import { PlanSelection } from './parts/plan-selection';

/** The learner may join: choose a pack for their batch student and pay as on the enrolment path. */
function JoinBatch({ batchId, batchStudentId }: { batchId: string; batchStudentId: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const mark = useBatchPaymentRequestStore((state) => state.markBatchPaymentRequest);
  useEffect(() => mark(batchStudentId, batchId), [mark, batchStudentId, batchId]);
  return (
    <PlanSelection
      batchStudentId={batchStudentId}
      onContinue={({ planId, coupon, referral }) =>
        navigate(
          paths.paymentStep('pay', batchStudentId, {
            planId,
            coupon: coupon ?? undefined,
            referral: referral ?? undefined,
            ...refLinkParams(readRefParams(search)),
          }),
        )
      }
    />
  );
}

/** Valid, and the learner is not in the batch yet: the batch and its packs, and joining to choose one. */
function JoinFirst({ batchId, check }: { batchId: string; check: BatchPaymentRequestCheck }) {
  const theme = useTheme();
  const join = useJoinBatch(batchId);
  return (
    <div css={{ display: 'grid', gap: theme.space(5) }}>
      {check.batch && <BatchSummary batch={check.batch} teacherName={check.teacher?.name ?? 'Your teacher'} />}
      {check.batch && <ClassPackTable plans={check.batch.plans} />}
      <p css={{ margin: 0 }}>{check.message}</p>
      {join.isError && <FieldError id={`join-${batchId}-error`} message={readableErrorMessage(join.error)} />}
      <Button type="button" onClick={() => join.mutate()} disabled={join.isPending} aria-busy={join.isPending}>
        {join.isPending ? 'Joining…' : 'Join and choose a class pack'}
      </Button>
    </div>
  );
}

function BatchPaymentRequest({ batchId }: { batchId: string }) {
  const theme = useTheme();
  const check = useBatchPaymentRequest(batchId);
  if (check.isPending) return <PageLoading label="Checking the batch" rows={3} />;
  if (check.isError) return <LoadFailure error={check.error} title="The batch could not be checked" onRetry={() => void check.refetch()} />;
  const { valid, message, batch, teacher, batchStudentId } = check.data;
  if (!valid) {
    return (
      <StatusMessage title="You cannot pay for this batch right now">
        <p>{message}</p>
        <p>
          <Link to={paths.classes()}>Go to My Classes</Link>
        </p>
      </StatusMessage>
    );
  }
  if (!batchStudentId) return <JoinFirst batchId={batchId} check={check.data} />;
  return (
    <div css={{ display: 'grid', gap: theme.space(4) }}>
      {teacher && batch && (
        <p css={{ margin: 0, color: theme.colors.textMuted }}>
          {teacher.name} invited you to join {batch.name}. Choose a class pack to take your place.
        </p>
      )}
      <JoinBatch batchId={batchId} batchStudentId={batchStudentId} />
    </div>
  );
}

/** `/batch-payment-request/:batchID`: a teacher's link to pay for and join a batch (spec §3 isBatchPaymentRequest). */
export default function BatchPaymentRequestPage() {
  const { batchID = '' } = useParams();
  const learner = useSignedInLearner();
  let content;
  if (!isUuid(batchID)) {
    content = <StatusMessage title="This payment link is not valid">The link looks incomplete. Open it again from your teacher's message.</StatusMessage>;
  } else if (!learner) {
    content = (
      <SignInPrompt title="Sign in to join the batch">
        Your place and your payment belong to your Kalike account. Sign in with your phone number; you come straight back here to choose a class pack.
      </SignInPrompt>
    );
  } else {
    content = <BatchPaymentRequest batchId={batchID} />;
  }
  return (
    <PageColumn>
      <DocumentTitle>Join the batch</DocumentTitle>
      <PageTitle>Join the batch</PageTitle>
      {content}
    </PageColumn>
  );
}
