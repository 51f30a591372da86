import { css } from '@emotion/react';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import type { PaymentProblem } from '../../../utils/payment-errors';

const problemStyle = css({
  padding: space(3),
  borderRadius: radius.medium,
  background: colors.dangerSoft,
  border: `1px solid ${colors.danger}`,
});
const titleStyle = css({ margin: 0, fontWeight: 700 });
const messageStyle = css({ margin: `${space(1)} 0 0` });

/** Why the last tap did not open the payment, next to the button that tries again. */
export function CheckoutProblem({ problem }: { problem: PaymentProblem }) {
  return (
    <div role="alert" css={problemStyle}>
      <p css={titleStyle}>{problem.title}</p>
      <p css={messageStyle}>{problem.message}</p>
    </div>
  );
}
