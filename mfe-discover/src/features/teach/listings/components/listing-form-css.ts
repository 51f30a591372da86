import { css } from '@emotion/react';
import { colors, radius, space } from '@kalike/shared/ui/theme';

export const formCss = css({ display: 'grid', gap: space(3), padding: space(3), border: `1px solid ${colors.border}`, borderRadius: radius.medium });
export const listCss = css({ listStyle: 'none', margin: `0 0 ${space(3)}`, padding: 0, display: 'grid', gap: space(2) });
export const itemCss = css({ display: 'grid', gap: space(1), padding: space(2), borderBottom: `1px solid ${colors.border}`, overflowWrap: 'anywhere' });
export const mutedCss = css({ color: colors.textMuted, margin: 0 });
export const heldCss = css({ margin: 0, color: colors.text, fontWeight: 600 });

export const levelLabels = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced', all_levels: 'All levels' } as const;
/** The program levels (`programLevels` of the contracts), in the order the form offers them. */
export const programLevelOptions = ['beginner', 'intermediate', 'advanced', 'all_levels'] as const;
