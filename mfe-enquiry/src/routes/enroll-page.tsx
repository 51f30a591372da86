import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Enquiry, EnquiryPaymentStart } from '@kalike/shared/contracts/enquiries';
import { isSafeRedirectPath } from '@kalike/shared/routing/safe-redirect';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { enquiryKeys } from '../api/enquiry-keys';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useConnectEnquiry, useStartEnquiryPayment } from '../api/update-enquiry';
import { BatchDetails } from '../components/offer-details';
import { enquiryStatus } from '../features/enquiries/utils/enquiry-text';
import { describeMoveFailure } from '../features/enquiries/utils/move-failure';
import { useAccountStudents } from '@kalike/shared/learner-account/learner-account-api';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { EnquiryGate } from '../features/enquiries/components/enquiry-gate';
import { usePackHeld } from '../features/enrol/api/get-pack-held';
import { PackHeldNotice } from '../features/enrol/components/pack-held-notice';
import { isUuid } from '@kalike/shared/domain/uuid';
import { stack } from '@kalike/shared/ui/layout-styles';
import { errorText, mutedText } from '@kalike/shared/ui/text-styles';
import { formFieldset, formHint, formLegend, formOptionRow } from '@kalike/shared/ui/form/form-css';

/** The payments remote's address from the API, if it is a path on this site; else the known first step. */
function paymentTarget(start: EnquiryPaymentStart): string {
  return isSafeRedirectPath(start.paymentPath) ? start.paymentPath : paths.paymentStep('select-payment-plan', start.batchStudentId);
}

/** Enrolled: the batch student exists, so the payment starts at once and payments take over. */
function StartPayment({ enquiry }: { enquiry: Enquiry }) {
  const navigate = useNavigate();
  const start = useStartEnquiryPayment(enquiry.id);
  const { mutate } = start;
  // Once per visit: React may run effects twice while developing, and "Try again" is the learner's call.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: (answer) => navigate(paymentTarget(answer), { replace: true }) });
  }, [mutate, navigate]);
  if (start.isError) {
    return (
      <StatusMessage
        tone="error"
        title="The payment could not be started"
        action={{ label: 'Try again', onClick: () => mutate(undefined, { onSuccess: (answer) => navigate(paymentTarget(answer), { replace: true }) }) }}
      >
        {describeMoveFailure(start.error).message}
      </StatusMessage>
    );
  }
  return <PageLoading label="Taking you to payment" rows={2} rowHeight="4rem" />;
}

function ConfirmEnrolment({ enquiry, accountId, onEnrolled }: { enquiry: Enquiry; accountId: string | null; onEnrolled: () => void }) {
  const queryClient = useQueryClient();
  const students = useAccountStudents(accountId);
  const connect = useConnectEnquiry(enquiry.id);
  const [attendee, setAttendee] = useState(enquiry.student?.id ?? 'self');
  const batch = enquiry.offer?.batch;
  const failure = connect.error ? describeMoveFailure(connect.error) : null;

  const confirm = () => {
    if (connect.isPending) return;
    connect.mutate(
      { offer: 'batch', studentId: attendee === 'self' ? null : attendee },
      {
        onSuccess: onEnrolled,
        onError: (error) => {
          if (describeMoveFailure(error).stale) void queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiry.id) });
        },
      },
    );
  };

  // The enquiry's own student is a choice even before the account's list arrives.
  const choices = students.data?.map((student) => ({ id: student.id, name: student.name })) ?? (enquiry.student ? [enquiry.student] : []);
  // Their pack in use in this batch, once who attends is known by name (null: the learner themself).
  const attendeeName = attendee === 'self' ? null : choices.find((student) => student.id === attendee)?.name;
  const held = usePackHeld(attendeeName === undefined ? null : (batch?.id ?? null), attendeeName ?? null);
  return (
    <div css={stack[5]}>
      {held && <PackHeldNotice held={held} />}
      {!held && <p css={mutedText}>{enquiry.teacher.name} offered a place in this batch. Confirm who will attend, then choose a class pack and pay.</p>}
      {batch && !held && (
        <Card>
          <BatchDetails batch={batch} headingLevel={2} />
        </Card>
      )}
      <fieldset css={formFieldset}>
        <legend css={formLegend}>Who will attend?</legend>
        {choices.map((student) => (
          <label key={student.id} css={formOptionRow}>
            <input type="radio" name="attendee" value={student.id} checked={attendee === student.id} onChange={() => setAttendee(student.id)} />
            {student.name}
          </label>
        ))}
        <label css={formOptionRow}>
          <input type="radio" name="attendee" value="self" checked={attendee === 'self'} onChange={() => setAttendee('self')} />
          Myself
        </label>
        {students.isPending && accountId && <span css={formHint}>Loading your students…</span>}
        <Link to={paths.enquiryStudentDetails(enquiry.id)}>Add or change a student</Link>
      </fieldset>
      {failure && (
        <p role="alert" css={errorText}>
          {failure.message}
        </p>
      )}
      {!held && (
        <Button type="button" onClick={confirm} disabled={connect.isPending}>
          {connect.isPending ? 'Enrolling…' : 'Confirm enrolment'}
        </Button>
      )}
      <Link to={paths.enquiryDetail(enquiry.id)}>Back to the enquiry</Link>
    </div>
  );
}

function Enrolment({ enquiry, accountId }: { enquiry: Enquiry; accountId: string | null }) {
  const [enrolledNow, setEnrolledNow] = useState(false);
  if (enrolledNow || (enquiry.state === 'enrolled' && enquiry.batchStudentId)) return <StartPayment enquiry={enquiry} />;
  if (!enquiry.allowedActions.includes('enrol')) {
    return (
      <StatusMessage title="There is no batch to enrol in right now">
        <p>{enquiryStatus(enquiry).nextStep}</p>
        <p>
          <Link to={paths.enquiryDetail(enquiry.id)}>See the enquiry</Link>
        </p>
      </StatusMessage>
    );
  }
  return <ConfirmEnrolment enquiry={enquiry} accountId={accountId} onEnrolled={() => setEnrolledNow(true)} />;
}

/** `/enroll?enquiryId=`: take the offered place in a batch, then on to paying for a class pack. */
export default function EnrollPage() {
  const [search] = useSearchParams();
  const enquiryId = search.get('enquiryId') ?? '';
  const learner = useSignedInLearner();
  let content;
  if (!isUuid(enquiryId)) {
    content = (
      <StatusMessage title="This link is not complete">
        <p>
          Open the enquiry from <Link to={paths.enquiries()}>your enquiries</Link> and choose Enrol there.
        </p>
      </StatusMessage>
    );
  } else if (!learner) {
    content = <SignInPrompt title="Sign in to enrol">Enrolments belong to your Kalike account: sign in with the phone number you enquired with.</SignInPrompt>;
  } else {
    content = (
      <EnquiryGate enquiryId={enquiryId} signInTitle="Sign in to enrol" signInReason="" loadingLabel="Loading the offer">
        {(enquiry) => <Enrolment enquiry={enquiry} accountId={learner.accountId} />}
      </EnquiryGate>
    );
  }
  return (
    <PageColumn>
      <DocumentTitle>Enrol</DocumentTitle>
      <PageTitle>Enrol</PageTitle>
      {content}
    </PageColumn>
  );
}
