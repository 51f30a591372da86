import { css } from '@emotion/react';
import { useState } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { TeacherPaymentRequest } from '@kalike/shared/contracts/teacher-payments';
import { formatCalendarDate, formatDate } from '@kalike/shared/format/dates';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { paymentRequestLifecycle, paymentRequestStatuses, type PaymentRequestStatus } from '@kalike/shared/domain/payment-request-lifecycle';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { plainList, stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { errorText, mutedText, spacedSectionHeading, strongText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useCancelPaymentRequest, useTeacherRequests } from '../api/teacher-requests-api';

const headRow = css({ display: 'flex', justifyContent: 'space-between', gap: space(3), alignItems: 'baseline', flexWrap: 'wrap' });

/** What the request is for: the pack it delivers, else the teacher's words from when it was made. */
function whatFor(request: TeacherPaymentRequest): string {
  return request.classPack ? `${request.classPack.name}, ${request.classPack.classesCount} classes` : request.description;
}

function RequestCard({ request }: { request: TeacherPaymentRequest }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelPaymentRequest();
  const rows: Array<[string, string]> = [
    ['For', whatFor(request)],
    ['Batch', `${request.batch.programName} · ${request.batch.name}`],
    ['Asked on', formatDate(request.createdAt)],
  ];
  if (request.status === 'open') rows.push(['Due by', formatCalendarDate(request.dueOn)]);
  if (request.completedAt) rows.push(['Paid on', formatDate(request.completedAt)]);
  if (request.cancelReason) rows.push(['Why', request.cancelReason]);
  return (
    <Card as="article" aria-label={`${request.studentName}, ${formatPaiseExact(request.amountPaise)}`} css={stack[2]}>
      <div css={headRow}>
        <h4 css={subsectionHeading}>{request.studentName}</h4>
        <p css={strongText}>{formatPaiseExact(request.amountPaise)}</p>
      </div>
      <p css={mutedText}>{paymentRequestLifecycle.labels[request.status]}</p>
      <DetailsList rows={rows} />
      {paymentRequestLifecycle.can('cancel', request.status) &&
        (confirming ? (
          <div css={stack[2]}>
            <p css={strongText}>Cancel this request? The family can no longer pay it.</p>
            <div css={wrapRow}>
              <Button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate(request.id, { onSuccess: () => setConfirming(false) })}>
                {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
              Cancel request
            </Button>
          </div>
        ))}
      {cancel.isError && (
        <p role="alert" css={errorText}>
          {readableErrorMessage(cancel.error)}
        </p>
      )}
    </Card>
  );
}

const groupHeadings: Record<PaymentRequestStatus, string> = {
  open: 'Open',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const groupEmpty: Record<PaymentRequestStatus, string> = {
  open: 'Nothing waiting for payment.',
  completed: 'No request paid yet.',
  cancelled: 'No request cancelled.',
};

/** The teacher's requests, grouped as spec §4 names them: open, completed, cancelled. */
export function RequestList() {
  const requests = useTeacherRequests();
  if (requests.isPending) return <SkeletonList rows={2} rowHeight="8rem" label="Loading your payment requests" />;
  if (requests.isError) {
    return (
      <StatusMessage tone="error" title="Your payment requests could not be loaded" action={{ label: 'Try again', onClick: () => void requests.refetch() }}>
        {readableErrorMessage(requests.error)}
      </StatusMessage>
    );
  }
  const { waiting } = requests.data;
  return (
    <div css={stack[5]}>
      <p css={mutedText}>
        {waiting.count === 0
          ? 'No request is waiting for payment.'
          : `${waiting.count} ${waiting.count === 1 ? 'request waits' : 'requests wait'} for ${formatPaiseExact(waiting.amountPaise)} in all.`}
      </p>
      {paymentRequestStatuses.map((status) => (
        <section key={status} aria-labelledby={`requests-${status}`} css={stack[3]}>
          <h3 id={`requests-${status}`} css={spacedSectionHeading}>
            {groupHeadings[status]} ({requests.data[status].length})
          </h3>
          {requests.data[status].length === 0 ? (
            <p css={mutedText}>{groupEmpty[status]}</p>
          ) : (
            <ul css={plainList}>
              {requests.data[status].map((request) => (
                <li key={request.id}>
                  <RequestCard request={request} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
