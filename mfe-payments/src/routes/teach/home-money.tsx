import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatPaiseExact } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { stack } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { brandLinkText, errorText, mutedColor, mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useTeacherEarnings } from '../../features/teach/earnings/api/teacher-earnings-api';
import { currentIstMonth } from '../../features/teach/earnings/utils/month-range';
import { useTeacherRequests } from '../../features/teach/payment-requests/api/teacher-requests-api';

const figuresStyle = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))', gap: space(3), margin: 0 });
const figureStyle = css({ margin: 0, fontSize: '1.25rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

/**
 * The /teach home's "Money" card: requests waiting for payment and what they receive this month so far,
 * each figure the API's, with the way into /teach/payments. Loads, empties and fails on its own.
 */
export default function TeachHomeMoney() {
  const requests = useTeacherRequests();
  const month = currentIstMonth();
  const earnings = useTeacherEarnings({ from: month, to: month });
  let body;
  if (requests.isPending || earnings.isPending) {
    body = <SkeletonList rows={1} rowHeight="3.5rem" label="Loading your money figures" />;
  } else if (requests.isError || earnings.isError) {
    const error = requests.error ?? earnings.error;
    body = (
      <div css={stack[2]}>
        <p role="alert" css={errorText}>
          Your money figures could not be loaded. {readableErrorMessage(error)}
        </p>
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              void requests.refetch();
              void earnings.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (requests.data.waiting.count === 0 && earnings.data.totals.payments === 0 && earnings.data.totals.refunds === 0) {
    body = <p css={mutedText}>No payment is waiting, and nothing is paid yet this month. Ask a student to pay from Payments.</p>;
  } else {
    const { waiting } = requests.data;
    body = (
      <dl css={figuresStyle}>
        <div>
          <dt css={mutedColor}>
            Waiting ({waiting.count} {waiting.count === 1 ? 'request' : 'requests'})
          </dt>
          <dd css={figureStyle}>{formatPaiseExact(waiting.amountPaise)}</dd>
        </div>
        <div>
          <dt css={mutedColor}>You receive this month so far</dt>
          <dd css={figureStyle}>{formatPaiseExact(earnings.data.totals.netPaise)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <Card as="section" aria-labelledby="teach-home-money" css={stack[3]}>
      <h2 id="teach-home-money" css={sectionHeading}>
        Money
      </h2>
      {body}
      <Link to={paths.teachPayments()} css={brandLinkText}>
        Payments, invitations and earnings
      </Link>
      <Link to={paths.teachPayouts()} css={brandLinkText}>
        Payouts to your bank
      </Link>
    </Card>
  );
}
