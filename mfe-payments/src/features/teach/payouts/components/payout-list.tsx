import { css, type SerializedStyles } from '@emotion/react';
import type { Payout } from '@kalike/shared/contracts/payouts';
import { formatDate } from '@kalike/shared/format/dates';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { payoutLifecycle, type PayoutStatus } from '@kalike/shared/domain/payout-lifecycle';
import { Card } from '@kalike/shared/ui/card';
import { plainList, stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, strongText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { statusPill, statusPillTone } from '../../../../components/status-pill-styles';

const headRow = css({ display: 'flex', justifyContent: 'space-between', gap: space(3), alignItems: 'baseline', flexWrap: 'wrap' });
const wrapText = css({ margin: 0, overflowWrap: 'anywhere' });

const statusTone: Record<PayoutStatus, SerializedStyles> = {
  created: statusPillTone.due,
  processing: statusPillTone.due,
  paid: statusPillTone.paid,
  failed: statusPillTone.void,
};

function PayoutCard({ payout }: { payout: Payout }) {
  const amount = formatPaiseExact(payout.amountPaise);
  return (
    <Card as="article" aria-label={`Payout of ${amount}, ${payoutLifecycle.labels[payout.status]}`} css={stack[2]}>
      <div css={headRow}>
        <p css={strongText}>{amount}</p>
        <span css={[statusPill, statusTone[payout.status]]}>{payoutLifecycle.labels[payout.status]}</span>
      </div>
      <p css={[mutedText, wrapText]}>
        {payout.trigger === 'teacher' ? 'Asked for' : 'Weekly payout'} on {formatDate(payout.createdAt)} · to {payout.accountLabel}
      </p>
      {payout.paidAt && <p css={mutedText}>Paid on {formatDate(payout.paidAt)}</p>}
      {payout.failureReason && <p css={wrapText}>{payout.failureReason} The amount is back in your payable balance and goes out with the next payout.</p>}
    </Card>
  );
}

/** The teacher's payouts, newest first. */
export function PayoutList({ payouts }: { payouts: readonly Payout[] }) {
  if (payouts.length === 0) return <p css={mutedText}>No payouts yet. Once money is payable, it goes out every week, or when you ask.</p>;
  return (
    <ul css={plainList}>
      {payouts.map((payout) => (
        <li key={payout.id}>
          <PayoutCard payout={payout} />
        </li>
      ))}
    </ul>
  );
}
