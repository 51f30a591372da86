import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { configureProductApi } from '@kalike/shared/auth/configure-api';
import { queryClient } from '@kalike/shared/query/query-client';
import { isApiError } from '@kalike/shared/api/api-error';
import { clearUser } from '@kalike/shared/auth/session';
import { paths } from '@kalike/shared/routing/paths';
import { configureAnalytics } from '@kalike/shared/analytics/track';
import { setMapboxToken } from '@kalike/shared/config/map-settings';

import { AppProviders } from './app/providers';
import { routeTable } from './app/route-table';
import { createAppRouter } from './app/router';
import { createFlags } from './features/flags/growthbook';
import { restoreAppSession } from './features/native-app/restore-app-session';
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
  const apiBaseUrl = registry?.apiBaseUrl ?? '';
  configureProductApi({ baseUrl: apiBaseUrl, clientKeyId: registry?.clientKeyId });
  setMapboxToken(registry?.mapboxToken);
  configureAnalytics({ apiBaseUrl });
  await restoreAppSession(apiBaseUrl);
  const flags = createFlags({ apiBaseUrl, clientKey: registry?.flagsClientKey });
  const router = createAppRouter();
  // Spec §8: the API saying the signed-in user does not exist leads to /user-not-found.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isApiError(event.action.error) && event.action.error.code === 'USER_ERROR_NOT_FOUND') {
      clearUser();
      void router.navigate(paths.userNotFound(), { replace: true });
    }
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders flags={flags}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void boot();
