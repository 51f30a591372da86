import { css } from '@emotion/react';

import { theme } from '@kalike/shared/ui/theme';

/** Where a payment link or request stands, as a pill beside its amount. */
export const statusPill = css({ padding: `${theme.space(1)} ${theme.space(3)}`, borderRadius: theme.radius.pill, fontWeight: 700 });

/** Still to pay, paid, or nothing to pay any more (cancelled, expired). */
export const statusPillTone = {
  due: css({ color: theme.colors.brandDark, background: theme.colors.brandSoft }),
  paid: css({ color: theme.colors.success, background: theme.colors.brandSoft }),
  void: css({ color: theme.colors.danger, background: theme.colors.dangerSoft }),
} as const;
