import type { Theme } from '@emotion/react';

/** Form pieces shared by this remote's forms, on top of the UI kit's inputStyles. */
export const fieldsetStyles = (theme: Theme) =>
  ({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: theme.space(2) }) as const;

export const legendStyles = (theme: Theme) => ({ fontWeight: 600, padding: 0, marginBottom: theme.space(2), fontSize: theme.font.size.large }) as const;

export const hintStyles = (theme: Theme) => ({ color: theme.colors.textMuted, fontSize: theme.font.size.small, fontWeight: 400 }) as const;

/** A full-width choice, one per line, easy to hit with a thumb; the radio stays real for keyboards and screen readers. */
export const optionRowStyles = (theme: Theme) =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: theme.space(3),
    minHeight: '44px',
    padding: theme.space(3),
    border: `1px solid ${theme.colors.border}`,
    borderRadius: theme.radius.medium,
    background: theme.colors.surface,
    cursor: 'pointer',
    '&:has(input:checked)': { borderColor: theme.colors.brand, background: theme.colors.brandSoft },
    '&:has(input:focus-visible)': { outline: `3px solid ${theme.colors.accent}`, outlineOffset: '2px' },
  }) as const;

export const inlineFormStyles = (theme: Theme) => ({ display: 'flex', gap: theme.space(2), alignItems: 'stretch' }) as const;
