import type { ReactNode } from 'react';

/** Styles for text that screen readers read and the screen does not draw. */
export const visuallyHiddenStyles = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Words a screen reader needs that the layout already shows another way (a ★, an icon). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span css={visuallyHiddenStyles}>{children}</span>;
}
