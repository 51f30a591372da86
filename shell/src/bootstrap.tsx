import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureApiClient } from '@kalike/shared/api/client';

import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { ensureRegistry } from './remotes/load-remote-pages';

async function boot() {
  // Without a registry the shell still renders its own pages; remote pages show their
  // fallback and ask for the registry again on "Try again".
  const registry = await ensureRegistry().catch((error: unknown) => {
    console.error('[registry]', error);
    return null;
  });
  configureApiClient({ baseUrl: registry?.apiBaseUrl ?? '' });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void boot();
