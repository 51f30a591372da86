import type { SerializedStyles } from '@emotion/react';
import type { PaymentLink } from '@kalike/shared/contracts/payments';
import { paymentLinkLifecycle } from '@kalike/shared/domain/payment-link-lifecycle';
import type { PaymentLinkStatus } from '@kalike/shared/domain/payment-values';
import { formatDateTime } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';
import { spacedRowTop, stack } from '@kalike/shared/ui/layout-styles';
import { amountText, mutedText, noMargin, smallMutedText } from '@kalike/shared/ui/text-styles';

import { statusPill, statusPillTone } from '../../../components/status-pill-styles';

const statusText: Record<PaymentLinkStatus, (link: PaymentLink) => string> = {
  issued: (link) => `Pay by ${formatDateTime(link.expiresAt)} (IST), when this link expires.`,
  paid: (link) => (link.paidAt ? `Paid on ${formatDateTime(link.paidAt)} (IST). Nothing more is due.` : 'Paid. Nothing more is due.'),
  cancelled: (link) => `${link.teacher.name} cancelled this payment. Nothing is due.`,
  expired: (link) => `This link expired on ${formatDateTime(link.expiresAt)} (IST). Ask ${link.teacher.name} to send a new one.`,
};

const statusTone: Record<PaymentLinkStatus, SerializedStyles> = {
  issued: statusPillTone.due,
  paid: statusPillTone.paid,
  cancelled: statusPillTone.void,
  expired: statusPillTone.void,
};

/** A teacher's payment link: who asks, how much (the server's amount), what for and for whom, where it stands. */
export function PaymentLinkSummary({ link }: { link: PaymentLink }) {
  return (
    <Card as="article" aria-labelledby="payment-link-amount" css={stack[2]}>
      <div css={spacedRowTop}>
        <div>
          <p css={smallMutedText}>{link.teacher.name} requests</p>
          <p id="payment-link-amount" css={amountText}>
            {formatPaise(link.amountPaise)}
          </p>
        </div>
        <span css={[statusPill, statusTone[link.status]]}>{paymentLinkLifecycle.labels[link.status]}</span>
      </div>
      <p css={noMargin}>{link.description}</p>
      {link.studentName && <p css={noMargin}>For {link.studentName}</p>}
      <p css={mutedText}>{statusText[link.status](link)}</p>
    </Card>
  );
}
