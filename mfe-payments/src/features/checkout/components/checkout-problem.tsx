import { css } from '@emotion/react';
import { theme } from '@kalike/shared/ui/theme';

import type { PaymentProblem } from '../../../utils/payment-errors';

const problemStyle = css({
  padding: theme.space(3),
  borderRadius: theme.radius.medium,
  background: theme.colors.dangerSoft,
  border: `1px solid ${theme.colors.danger}`,
});
const titleStyle = css({ margin: 0, fontWeight: 700 });
const messageStyle = css({ margin: `${theme.space(1)} 0 0` });

/** Why the last tap did not open the payment, next to the button that tries again. */
export function CheckoutProblem({ problem }: { problem: PaymentProblem }) {
  return (
    <div role="alert" css={problemStyle}>
      <p css={titleStyle}>{problem.title}</p>
      <p css={messageStyle}>{problem.message}</p>
    </div>
  );
}
