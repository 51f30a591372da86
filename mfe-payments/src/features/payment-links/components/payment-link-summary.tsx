import { useTheme } from '@emotion/react';
import type { PaymentLink } from '@kalike/shared/contracts/payments';
import type { PaymentLinkStatus } from '@kalike/shared/format/payment-values';
import { formatDateTime } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';

const statusLabel: Record<PaymentLinkStatus, string> = {
  issued: 'Due',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const statusText: Record<PaymentLinkStatus, (link: PaymentLink) => string> = {
  issued: (link) => `Pay by ${formatDateTime(link.expiresAt)} (IST), when this link expires.`,
  paid: (link) => (link.paidAt ? `Paid on ${formatDateTime(link.paidAt)} (IST). Nothing more is due.` : 'Paid. Nothing more is due.'),
  cancelled: (link) => `${link.teacher.name} cancelled this payment. Nothing is due.`,
  expired: (link) => `This link expired on ${formatDateTime(link.expiresAt)} (IST). Ask ${link.teacher.name} to send a new one.`,
};

/** A teacher's payment link: who asks, how much (the server's amount), what for and for whom, where it stands. */
export function PaymentLinkSummary({ link }: { link: PaymentLink }) {
  const theme = useTheme();
  const tone = {
    issued: { color: theme.colors.brandDark, background: theme.colors.brandSoft },
    paid: { color: theme.colors.success, background: theme.colors.brandSoft },
    cancelled: { color: theme.colors.danger, background: theme.colors.dangerSoft },
    expired: { color: theme.colors.danger, background: theme.colors.dangerSoft },
  }[link.status];
  return (
    <Card as="article" aria-labelledby="payment-link-amount" css={{ display: 'grid', gap: theme.space(2) }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: theme.space(3), alignItems: 'start' }}>
        <div>
          <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.font.size.small }}>{link.teacher.name} requests</p>
          <p id="payment-link-amount" css={{ margin: `${theme.space(1)} 0`, fontSize: '2rem', fontWeight: 800 }}>
            {formatPaise(link.amountPaise)}
          </p>
        </div>
        <span css={{ ...tone, padding: `${theme.space(1)} ${theme.space(3)}`, borderRadius: theme.radius.pill, fontWeight: 700 }}>{statusLabel[link.status]}</span>
      </div>
      <p css={{ margin: 0 }}>{link.description}</p>
      {link.studentName && <p css={{ margin: 0 }}>For {link.studentName}</p>}
      <p css={{ margin: 0, color: theme.colors.textMuted }}>{statusText[link.status](link)}</p>
    </Card>
  );
}
