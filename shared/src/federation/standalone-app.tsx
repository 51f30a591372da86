import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

import { configureProductApi } from '@kalike/shared/auth/configure-api';
import { queryClient } from '@kalike/shared/query/query-client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { ToastViewport } from '@kalike/shared/ui/toast-viewport';
import type { RemotePagesModule } from '@kalike/shared/federation/remote-contract';

export interface StandaloneRoute {
  path: string;
  page: string;
  /** A concrete link for the index list, for routes with parameters. */
  example?: string;
}

/**
 * Renders a remote's pages on its own, without the shell: the page a team opens while
 * working on one remote. The API is reached through the remote's own server, which
 * proxies `/v1` like the shell's does.
 */
export function renderStandalone(remote: string, module: RemotePagesModule, routes: StandaloneRoute[]): void {
  configureProductApi({ baseUrl: '' });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const index = (
    <PageColumn withHeaderOffset={false}>
      <h1>{remote} (standalone)</h1>
      <ul>
        {routes.map((route) => (
          <li key={route.path}>
            <Link to={route.example ?? route.path}>{route.example ?? route.path}</Link> → {route.page}
          </li>
        ))}
      </ul>
    </PageColumn>
  );
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <BrowserRouter>
            <Routes>
              <Route path="/__standalone" element={index} />
              {routes.map((route) => {
                const Page = module.pages[route.page];
                if (!Page) throw new Error(`${remote} has no page "${route.page}"`);
                return <Route key={route.path} path={route.path} element={<Page />} />;
              })}
              <Route path="*" element={index} />
            </Routes>
          </BrowserRouter>
          <ToastViewport />
        </AppThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
