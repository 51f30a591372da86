import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, parsePath, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { configureApiClient } from '@kalike/shared/api/client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';

export interface RenderOptions {
  path?: string;
  route?: string;
  /** A client another page already filled, as the shell's one client is across remotes. */
  queryClient?: QueryClient;
  /** The router state the page was opened with (what a link sent along with `path`). */
  state?: unknown;
}

/**
 * Renders a page the way the shell would: a query client (fresh per test unless given, no
 * retries so failures show at once), the theme, and a router at `path` matching `route`.
 */
export function renderWithApp(ui: ReactElement, { path = '/', route = '*', queryClient, state }: RenderOptions = {}) {
  configureApiClient({ baseUrl: 'http://api.test' });
  const client = queryClient ?? createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[state === undefined ? path : { ...parsePath(path), state }]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
}
