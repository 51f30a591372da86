import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { BatchPaymentRequestCheck } from '@kalike/shared/contracts/payments';
import * as paths from '@kalike/shared/routing/paths';
import { ClassPackTable } from '@kalike/shared/ui/class-pack-table';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatTime } from '@kalike/shared/format/dates';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useBatchPaymentRequest, useJoinBatch } from '../features/batch-payment-requests/api/validate-batch-payment-request';
import { useBatchPaymentRequestStore } from '../features/batch-payment-requests/stores/batch-payment-request-store';
import { BatchSummary } from '../features/class-packs/components/batch-summary';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';
import { TeacherPayerNote } from '../components/teacher-payer-note';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, noMargin, strongText } from '@kalike/shared/ui/text-styles';
import { describePaymentError } from '../utils/payment-errors';
import { readRefParams, refLinkParams } from '../utils/ref-params';
import { LoadFailure } from '../components/load-failure';
import { PlanSelection } from '../features/class-packs/components/plan-selection';

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
function JoinFirst({ batchId, invitation, check }: { batchId: string; invitation: string | null; check: BatchPaymentRequestCheck }) {
  const join = useJoinBatch(batchId, invitation);
  return (
    <div css={stack[5]}>
      {check.batch && <BatchSummary batch={check.batch} teacherName={check.teacher?.name ?? 'Your teacher'} />}
      {check.batch && <ClassPackTable plans={check.batch.plans} />}
      <p css={noMargin}>{check.message}</p>
      {join.isError && <FieldError id={`join-${batchId}-error`} message={joinErrorMessage(join.error)} />}
      <Button type="button" onClick={() => join.mutate()} disabled={join.isPending} aria-busy={join.isPending}>
        {join.isPending ? 'Joining…' : 'Join and choose a class pack'}
      </Button>
    </div>
  );
}

/** A refusal the page knows (an invitation that does not work, too many seats held) in its own words; anything else as the API put it. */
function joinErrorMessage(error: unknown): string {
  const problem = describePaymentError(error);
  return problem.kind === 'closed' || (problem.kind === 'refused' && problem.code !== 'UNKNOWN')
    ? `${problem.title}. ${problem.message}`
    : readableErrorMessage(error);
}

function BatchPaymentRequest({ batchId, invitation }: { batchId: string; invitation: string | null }) {
  const check = useBatchPaymentRequest(batchId, invitation);
  if (check.isPending) return <PageLoading label="Checking the batch" rows={3} />;
  if (check.isError) return <LoadFailure error={check.error} title="The batch could not be checked" onRetry={() => void check.refetch()} />;
  const { valid, message, batch, teacher, batchStudentId, holdExpiresAt } = check.data;
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
  if (!batchStudentId) return <JoinFirst batchId={batchId} invitation={invitation} check={check.data} />;
  return (
    <div css={stack[4]}>
      {teacher && batch && (
        <p css={mutedText}>
          {teacher.name} invited you to join {batch.name}. Choose a class pack to take your place.
        </p>
      )}
      {holdExpiresAt && (
        <p role="status" css={strongText}>
          Your seat is held until {formatTime(holdExpiresAt)}. Pay for a class pack by then to keep it; after that it goes back to the batch.
        </p>
      )}
      <JoinBatch batchId={batchId} batchStudentId={batchStudentId} />
    </div>
  );
}

/** `/batch-payment-request/:batchID`: a teacher's link to pay for and join a batch (spec §3 isBatchPaymentRequest). */
export default function BatchPaymentRequestPage() {
  const { batchID = '' } = useParams();
  const [search] = useSearchParams();
  // The teacher's invitation rides in the link; the API checks it.
  const invitation = search.get('invitation');
  const learner = useSignedInLearner();
  const teacher = useSignedInTeacher();
  let content;
  if (!isUuid(batchID)) {
    content = <StatusMessage title="This payment link is not valid">The link looks incomplete. Open it again from your teacher's message.</StatusMessage>;
  } else if (teacher) {
    content = (
      <TeacherPayerNote teacherName={teacher.name}>
        This is the page a family opens from your invitation to join the batch and pay for a class pack.
      </TeacherPayerNote>
    );
  } else if (!learner) {
    content = (
      <SignInPrompt title="Sign in to join the batch">
        Your place and your payment belong to your Kalike account. Sign in with your phone number; you come straight back here to choose a class pack.
      </SignInPrompt>
    );
  } else {
    content = <BatchPaymentRequest batchId={batchID} invitation={invitation} />;
  }
  return (
    <PageColumn>
      <DocumentTitle>Join the batch</DocumentTitle>
      <PageTitle>Join the batch</PageTitle>
      {content}
    </PageColumn>
  );
}
