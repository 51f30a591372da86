import { useTheme } from '@emotion/react';

import type { PaymentProblem } from '../../../utils/payment-errors';

/** Why the last tap did not open the payment, next to the button that tries again. */
export function CheckoutProblem({ problem }: { problem: PaymentProblem }) {
  const theme = useTheme();
  return (
    <div
      role="alert"
      css={{
        padding: theme.space(3),
        borderRadius: theme.radius.medium,
        background: theme.colors.dangerSoft,
        border: `1px solid ${theme.colors.danger}`,
      }}
    >
      <p css={{ margin: 0, fontWeight: 700 }}>{problem.title}</p>
      <p css={{ margin: `${theme.space(1)} 0 0` }}>{problem.message}</p>
    </div>
  );
}
