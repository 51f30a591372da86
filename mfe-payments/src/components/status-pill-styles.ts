import { css } from '@emotion/react';

import { colors, space, radius } from '@kalike/shared/ui/theme';

/** Where a payment link or request stands, as a pill beside its amount. */
export const statusPill = css({ padding: `${space(1)} ${space(3)}`, borderRadius: radius.pill, fontWeight: 700 });

/** Still to pay, paid, or nothing to pay any more (cancelled, expired). */
export const statusPillTone = {
  due: css({ color: colors.brandDark, background: colors.brandSoft }),
  paid: css({ color: colors.success, background: colors.brandSoft }),
  void: css({ color: colors.danger, background: colors.dangerSoft }),
} as const;
