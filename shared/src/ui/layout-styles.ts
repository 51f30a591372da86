import { css } from '@emotion/react';

import { space } from '@kalike/shared/ui/theme';

type StackGap = 1 | 2 | 3 | 4 | 5 | 6;

const stackOf = (gap: StackGap) => css({ display: 'grid', gap: space(gap) });

/** Children one below another, `space(n)` apart: `css={stack[3]}`. */
export const stack: Record<StackGap, ReturnType<typeof css>> = {
  1: stackOf(1),
  2: stackOf(2),
  3: stackOf(3),
  4: stackOf(4),
  5: stackOf(5),
  6: stackOf(6),
};

/** Chips, buttons or badges side by side, wrapping on a narrow phone. */
export const wrapRow = css({ display: 'flex', flexWrap: 'wrap', gap: space(2) });

/** A list without bullets whose items stack a little apart. */
export const plainList = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(2) });

/** Like wrapRow, centred: the actions under an empty state. */
export const centredWrapRow = css({ display: 'flex', flexWrap: 'wrap', gap: space(2), justifyContent: 'center' });

/** Two things at either end of a line: a title and its badge, a label and its amount. */
export const spacedRow = css({ display: 'flex', justifyContent: 'space-between', gap: space(3) });

/** A spacedRow whose sides keep to the top when one of them wraps onto more lines. */
export const spacedRowTop = css({ display: 'flex', justifyContent: 'space-between', gap: space(3), alignItems: 'start' });

export const fullWidth = css({ width: '100%' });
