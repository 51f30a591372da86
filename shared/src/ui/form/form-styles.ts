import type { Theme } from '@emotion/react';

/** Form pieces shared by every app's forms, as functions of the theme (form-css builds them once for the product's theme). */

/** Text inputs, selects and text areas, the same on every form of the product. */
export const inputStyles = (theme: Theme) => ({
  width: '100%',
  minHeight: '44px',
  padding: `${theme.space(2)} ${theme.space(3)}`,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius.small,
  fontSize: theme.font.size.body,
  background: theme.colors.surface,
});

export const fieldStyles = (theme: Theme) => ({ display: 'grid', gap: theme.space(1), minWidth: 0 }) as const;

export const labelStyles = { fontWeight: 600 } as const;

export const fieldsetStyles = (theme: Theme) => ({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: theme.space(2) }) as const;

/** A fieldset's question; `large` where it is the page's one question (the payment plan). */
export const legendStyles = (theme: Theme, size: 'body' | 'large' = 'body') =>
  ({ fontWeight: 600, padding: 0, marginBottom: theme.space(2), ...(size === 'large' ? { fontSize: theme.font.size.large } : {}) }) as const;

export const hintStyles = (theme: Theme) => ({ color: theme.colors.textMuted, fontSize: theme.font.size.small, fontWeight: 400 }) as const;

/** A tappable chip wrapping a checkbox or radio: the input stays real, for keyboards and screen readers. */
export const chipStyles = (theme: Theme) =>
  ({
    display: 'inline-flex',
    alignItems: 'center',
    gap: theme.space(2),
    minHeight: '44px',
    boxSizing: 'border-box',
    padding: `0 ${theme.space(3)}`,
    border: `1px solid ${theme.colors.border}`,
    borderRadius: theme.radius.pill,
    background: theme.colors.surface,
    cursor: 'pointer',
    '&:has(input:checked)': { borderColor: theme.colors.brand, background: theme.colors.brandSoft },
    '&:has(input:focus-visible)': { outline: `3px solid ${theme.colors.accent}`, outlineOffset: '2px' },
  }) as const;

export const chipRowStyles = (theme: Theme) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }) as const;

/**
 * A full-width choice (who, mode, level, plan), one per line, easy to hit with a thumb; the
 * input stays real for keyboards and screen readers. `roomy` for choices that carry a second
 * line (a plan and its price).
 */
export const optionRowStyles = (theme: Theme, spacing: 'compact' | 'roomy' = 'compact') =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: theme.space(3),
    minHeight: '44px',
    padding: spacing === 'roomy' ? theme.space(3) : `${theme.space(2)} ${theme.space(3)}`,
    border: `1px solid ${theme.colors.border}`,
    borderRadius: theme.radius.medium,
    background: theme.colors.surface,
    cursor: 'pointer',
    '&:has(input:checked)': { borderColor: theme.colors.brand, background: theme.colors.brandSoft },
    '&:has(input:focus-visible)': { outline: `3px solid ${theme.colors.accent}`, outlineOffset: '2px' },
  }) as const;

/** An input and its button on one line. */
export const inlineFormStyles = (theme: Theme) => ({ display: 'flex', gap: theme.space(2), alignItems: 'stretch' }) as const;

export const mutedTextStyles = (theme: Theme) => ({ color: theme.colors.textMuted, marginTop: 0 }) as const;
