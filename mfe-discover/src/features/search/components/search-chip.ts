import type { Theme } from '@emotion/react';

/**
 * The pill the search page offers things to tap in (recent searches, suggestions): a 44 px
 * touch target that wraps a long teacher's name rather than widening the page.
 */
export const searchChip = (theme: Theme) => ({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${theme.space(4)}`,
  borderRadius: theme.radius.pill,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  color: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  maxWidth: '100%',
  overflowWrap: 'anywhere' as const,
  '&:focus-visible': { outline: `3px solid ${theme.colors.accent}` },
});
