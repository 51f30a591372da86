import '@emotion/react';

import { colors } from '@kalike/shared/ui/colors';

/*
 * Each token group is its own export, so a bundle carries only the groups its styles read;
 * `theme` gathers them for the ThemeProvider and the style helpers that take a theme.
 */
export { colors } from '@kalike/shared/ui/colors';
export const space = (steps: number) => `${steps * 0.25}rem`;
export const radius = { small: '6px', medium: '10px', pill: '999px' } as const;
export const font = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  size: { small: '0.875rem', body: '1rem', large: '1.25rem', title: '1.5rem' },
} as const;
export const layout = {
  /** Spec §2: a centred column of at most 580px. */
  maxWidth: '580px',
  /** Spec §2: pages sit below a 3.5rem header. */
  headerOffset: '3.5rem',
  tabBarHeight: '3.5rem',
} as const;

export const theme = { colors, space, radius, font, layout } as const;

export type AppTheme = typeof theme;

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends AppTheme {}
}
