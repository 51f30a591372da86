import type { ReactNode } from 'react';
import { Global, ThemeProvider } from '@emotion/react';

import { theme } from '@kalike/shared/ui/theme';

const globalStyles = {
  '*, *::before, *::after': { boxSizing: 'border-box' },
  body: {
    margin: 0,
    fontFamily: theme.font.body,
    color: theme.colors.text,
    background: theme.colors.background,
    lineHeight: 1.5,
    WebkitTextSizeAdjust: '100%',
  },
  a: { color: theme.colors.brand },
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
