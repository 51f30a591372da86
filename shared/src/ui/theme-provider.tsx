import type { ReactNode } from 'react';
import { Global, ThemeProvider } from '@emotion/react';

import { theme, colors, font } from '@kalike/shared/ui/theme';

const globalStyles = {
  '*, *::before, *::after': { boxSizing: 'border-box' },
  body: {
    margin: 0,
    fontFamily: font.body,
    color: colors.text,
    background: colors.background,
    lineHeight: 1.5,
    WebkitTextSizeAdjust: '100%',
  },
  a: { color: colors.brand },
  'button, input, select, textarea': { font: 'inherit' },
} as const;

export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <Global styles={globalStyles} />
      {children}
    </ThemeProvider>
  );
}
