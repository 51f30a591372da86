import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureApiClient } from '@kalike/shared/api/client';

import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { matchRoutes } from 'react-router-dom';

import { routeTable } from './app/route-table';
import { ensureRegistry, preloadRemotePages } from './remotes/load-remote-pages';

/** Starts fetching the current route's remote while React is still starting. */
function preloadCurrentRemote() {
  const match = matchRoutes(routeTable.map((entry) => ({ path: entry.path, entry })), window.location.pathname)?.at(-1);
  const owner = match?.route.entry.owner;
  if (owner && owner !== 'shell') preloadRemotePages(owner);
}

async function boot() {
  // Without a registry the shell still renders its own pages; remote pages show their
  // fallback and ask for the registry again on "Try again".
  const registry = await ensureRegistry().catch((error: unknown) => {
    console.error('[registry]', error);
    return null;
  });
  if (registry) preloadCurrentRemote();
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
