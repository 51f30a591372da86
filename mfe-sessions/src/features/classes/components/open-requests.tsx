import { css } from '@emotion/react';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import { formatShortDay } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { plainList } from '@kalike/shared/ui/layout-styles';
import { subsectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

const requestStyle = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space(3), padding: `${space(2)} 0` });
const textStyle = css({ margin: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' });

/** The teacher's payment requests still open for this child, each with its Pay link. */
export function OpenRequests({ requests, teacherName, headingId }: { requests: readonly PaymentRequest[]; teacherName: string; headingId: string }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} css={subsectionHeading}>
        {requests.length === 1 ? 'Payment request' : 'Payment requests'}
      </h3>
      <ul css={plainList}>
        {requests.map((request) => (
          <li key={request.id} css={requestStyle}>
            <p css={textStyle}>
              {teacherName} asks {formatPaise(request.amountPaise)} for {request.description}, due {formatShortDay(request.dueOn)}
            </p>
            <LinkButton to={paths.paymentRequest(request.id)}>Pay {formatPaise(request.amountPaise)}</LinkButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
