import { useTheme } from '@emotion/react';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import { formatPaise } from '@kalike/shared/format/money';
import { formatDate } from '@kalike/shared/format/dates';
import { Card } from '@kalike/shared/ui/card';

const statusText: Record<PaymentRequest['status'], (request: PaymentRequest) => string> = {
  open: (request) => `Due by ${formatDate(request.dueOn)}`,
  completed: (request) => (request.completedAt ? `Paid on ${formatDate(request.completedAt)}` : 'Paid'),
  cancelled: () => 'Cancelled by the teacher. Nothing is due.',
};

const statusLabel: Record<PaymentRequest['status'], string> = {
  open: 'Open',
  completed: 'Paid',
  cancelled: 'Cancelled',
};

export function PaymentRequestSummary({ request }: { request: PaymentRequest }) {
  const theme = useTheme();
  const tone = {
    open: { color: theme.colors.brandDark, background: theme.colors.brandSoft },
    completed: { color: theme.colors.success, background: theme.colors.brandSoft },
    cancelled: { color: theme.colors.danger, background: theme.colors.dangerSoft },
  }[request.status];
  return (
    <Card as="article" aria-labelledby="payment-request-title">
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: theme.space(3), alignItems: 'start' }}>
        <div>
          <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.font.size.small }}>
            {request.teacher.name} requests
          </p>
          <p id="payment-request-title" css={{ margin: `${theme.space(1)} 0`, fontSize: '2rem', fontWeight: 800 }}>
            {formatPaise(request.amountPaise)}
          </p>
        </div>
        <span
          css={{ ...tone, padding: `${theme.space(1)} ${theme.space(3)}`, borderRadius: theme.radius.pill, fontWeight: 700 }}
        >
          {statusLabel[request.status]}
        </span>
      </div>
      <p css={{ margin: `0 0 ${theme.space(3)}` }}>{request.description}</p>
      <dl css={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${theme.space(1)} ${theme.space(4)}`, margin: 0 }}>
        <dt css={{ color: theme.colors.textMuted }}>Student</dt>
        <dd css={{ margin: 0 }}>{request.studentName}</dd>
        {request.classPack && (
          <>
            <dt css={{ color: theme.colors.textMuted }}>Class pack</dt>
            <dd css={{ margin: 0 }}>
              {request.classPack.name}, {request.classPack.classesCount} classes for {request.studentName}
            </dd>
          </>
        )}
        <dt css={{ color: theme.colors.textMuted }}>Class</dt>
        <dd css={{ margin: 0 }}>
          {request.batch.programName} ({request.batch.categoryName}), {request.batch.name}
        </dd>
        <dt css={{ color: theme.colors.textMuted }}>Status</dt>
        <dd css={{ margin: 0 }}>{statusText[request.status](request)}</dd>
      </dl>
    </Card>
  );
}
