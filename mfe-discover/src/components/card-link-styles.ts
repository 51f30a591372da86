import type { Theme } from '@emotion/react';

/**
 * The teacher's name as a link that covers its whole card, so a tap anywhere on the card
 * opens the teacher while screen readers hear one link; the focus ring is drawn on the card.
 */
export const cardLinkStyles = (theme: Theme, focusRingOffset: string) =>
  ({
    color: theme.colors.text,
    textDecoration: 'none',
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: theme.radius.medium },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${theme.colors.accent}`, outlineOffset: focusRingOffset },
  }) as const;
