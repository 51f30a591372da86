import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { colors } from '@kalike/shared/ui/theme';

type ScrollRegionProps = { children: ReactNode } & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never });

const regionStyle = css({
  // Never wider than the column it sits in, whatever its content asks for.
  maxWidth: '100%',
  // Holds absolutely placed content too (visually hidden words in a far column):
  // placed against the page instead, it would widen the page from outside the box.
  position: 'relative',
  overflowX: 'auto',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});

/**
 * A box that scrolls sideways so that a wide table never widens the page. It is a named
 * region a keyboard can reach (tabindex 0), so the hidden columns can be scrolled to
 * with the arrow keys, and a screen reader says what the region holds.
 */
export function ScrollRegion({ children, label, labelledBy }: ScrollRegionProps) {
  return (
    <div role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} css={regionStyle}>
      {children}
    </div>
  );
}
