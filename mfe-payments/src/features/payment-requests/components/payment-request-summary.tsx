import { css, type SerializedStyles } from '@emotion/react';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import { formatPaise } from '@kalike/shared/format/money';
import { formatDate } from '@kalike/shared/format/dates';
import { Card } from '@kalike/shared/ui/card';
import { spacedRowTop } from '@kalike/shared/ui/layout-styles';
import { amountText, mutedColor, noMargin, smallMutedText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { statusPill, statusPillTone } from '../../../components/status-pill-styles';

const statusText: Record<PaymentRequest['status'], (request: PaymentRequest) => string> = {
  open: (request) => `Due by ${formatDate(request.dueOn)}`,
  completed: (request) => (request.completedAt ? `Paid on ${formatDate(request.completedAt)}` : 'Paid'),
  // A request the API withdrew says why (another pack was paid); one the teacher cancelled says so.
  cancelled: (request) => `${request.cancelReason ?? 'Cancelled by the teacher.'} Nothing is due.`,
};

const statusLabel: Record<PaymentRequest['status'], string> = {
  open: 'Open',
  completed: 'Paid',
  cancelled: 'Cancelled',
};

const descriptionStyle = css({ margin: `0 0 ${space(3)}` });
const detailsStyle = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${space(1)} ${space(4)}`, margin: 0 });

const statusTone: Record<PaymentRequest['status'], SerializedStyles> = {
  open: statusPillTone.due,
  completed: statusPillTone.paid,
  cancelled: statusPillTone.void,
};

export function PaymentRequestSummary({ request }: { request: PaymentRequest }) {
  return (
    <Card as="article" aria-labelledby="payment-request-title">
      <div css={spacedRowTop}>
        <div>
          <p css={smallMutedText}>{request.teacher.name} requests</p>
          <p id="payment-request-title" css={amountText}>
            {formatPaise(request.amountPaise)}
          </p>
        </div>
        <span css={[statusPill, statusTone[request.status]]}>{statusLabel[request.status]}</span>
      </div>
      <p css={descriptionStyle}>{request.description}</p>
      <dl css={detailsStyle}>
        <dt css={mutedColor}>Student</dt>
        <dd css={noMargin}>{request.studentName}</dd>
        {request.classPack && (
          <>
            <dt css={mutedColor}>Class pack</dt>
            <dd css={noMargin}>
              {request.classPack.name}, {request.classPack.classesCount} classes for {request.studentName}
            </dd>
          </>
        )}
        <dt css={mutedColor}>Class</dt>
        <dd css={noMargin}>
          {request.batch.programName} ({request.batch.categoryName}), {request.batch.name}
        </dd>
        <dt css={mutedColor}>Status</dt>
        <dd css={noMargin}>{statusText[request.status](request)}</dd>
      </dl>
    </Card>
  );
}
