import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from '@kalike/shared/query/query-client';
import { configureProductApi } from '@kalike/shared/auth/configure-api';
import { setMapboxToken } from '@kalike/shared/config/map-settings';
import { platformStore } from '@kalike/shared/platform/platform';
import { keepTextTypedIntoServerPage } from '@kalike/shared/federation/typed-before-hydration';

import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { adoptServerRenderedPage } from './app/server-rendered-page';
import { FlagClient } from './features/flags/flags';
import { restoreAppSession } from './features/native-app/restore-app-session';
import { captureInstallPrompt } from './features/installable-app/install-prompt';
import { recordVisit } from './features/installable-app/install-offer';
import { registerServiceWorker } from './features/installable-app/register-service-worker';
import { ensureRegistry, preloadRemotePages } from './remotes/load-remote-pages';
import { routeOwnerOf } from './remotes/route-owner';

/** Starts fetching the current route's remote while React is still starting. */
function preloadCurrentRemote() {
  const owner = routeOwnerOf(window.location.pathname)?.owner;
  if (owner && owner !== 'shell') preloadRemotePages(owner);
}

async function boot() {
  // Before anything waits: the browser may offer installing as soon as the page qualifies.
  captureInstallPrompt();
  recordVisit(window.localStorage, new Date());
  // Without a registry the shell still renders its own pages; remote pages show their
  // fallback and ask for the registry again on "Try again".
  const registry = await ensureRegistry().catch((error: unknown) => {
    console.error('[registry]', error);
    return null;
  });
  const apiBaseUrl = registry?.apiBaseUrl ?? '';
  // First: every request after this (the remote's rollout flags included) goes through it.
  configureProductApi({ baseUrl: apiBaseUrl, clientKeyId: registry?.clientKeyId });
  if (registry) preloadCurrentRemote();
  setMapboxToken(registry?.mapboxToken);
  await restoreAppSession(apiBaseUrl);
  const flags = new FlagClient({ apiBaseUrl, clientKey: registry?.flagsClientKey });
  void flags.refresh();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const app = (
    <StrictMode>
      <AppProviders flags={flags}>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );
  // A page the server rendered (docs/server-rendering.md) is already on screen: React takes
  // it over instead of drawing it again.
  if (adoptServerRenderedPage(container, queryClient)) {
    // React may yet draw the remote's part afresh (its code still downloading): what was typed
    // into the server's fields is kept for the page's own fields.
    keepTextTypedIntoServerPage(container);
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('[hydration]', error),
    });
  } else {
    const root = createRoot(container);
    // Rendered as a transition, React yields to the browser every few milliseconds instead
    // of holding the main thread for the whole first render.
    startTransition(() => root.render(app));
  }
  registerServiceWorker({ isApp: platformStore.getState().details.isApp });
}

void boot();
