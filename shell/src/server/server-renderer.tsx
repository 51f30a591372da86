import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { dehydrate } from '@tanstack/react-query';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { parseCookie as parseCookies } from 'cookie';
import { isApiError } from '@kalike/shared/api/api-error';
import { configureApiClient } from '@kalike/shared/api/client';
import { parseRegistry } from '@kalike/shared/config/registry';
import { parsePageChanges, type PageChanges } from '@kalike/shared/contracts/page-changes';
import type { RemotePagesModule } from '@kalike/shared/federation/remote-contract';
import type { RemoteName } from '@kalike/shared/federation/remote-pages';
import {
  createLocationStore,
  locationCookieName,
  LocationStoreContext,
  parseLocationCookieValue,
  selectBaseLocation,
  type LocationStore,
} from '@kalike/shared/location/location-store';
import { SiteOriginContext } from '@kalike/shared/routing/site-origin';

import { AppProviders } from '../app/providers';
import { AppRoutesTree } from '../app/router';
import { RemotePagesSourceContext } from '../remotes/remote-pages-source';
import { routeOwnerOf } from '../remotes/route-owner';
import { createPageDataClient, type PageDataClient } from './page-data';
import { readPageHead, type PageHead } from './page-head';
import { createRemoteServerBuilds, type OpenServerBuild } from './remote-server-builds';
import { renderWithPageData } from './render-with-page-data';
import { requestHeaders, withRequestContext } from './request-context';
import { splitHoistedHead } from './split-head';

/** The public, shareable pages the server renders (docs/server-rendering.md); every other page renders in the browser. */
export const serverRenderedPages: Partial<Record<RemoteName, readonly string[]>> = {
  mfe_discover: ['home', 'discover', 'categories', 'category', 'search', 'teachers', 'meet', 'teacher'],
};

export interface ServerRendererOptions {
  /** The registry document the shell serves as /remotes.json. */
  registry: unknown;
  /** The shell's own URL, against which relative registry entries resolve. */
  shellUrl: string;
  /** The API the server's data requests go to. */
  apiOrigin: string;
  /** How to send them: the web origin's fetch through its pool of API instances. */
  apiFetch?: typeof fetch;
  /**
   * How remotes' server builds are fetched and checked against the registry's pins
   * (scripts/server-build-pin.mjs); without it every page renders in the browser.
   */
  openServerBuild?: OpenServerBuild;
  /** How long a remote's server build may take to load before the page renders in the browser. */
  remoteLoadTimeoutMs?: number;
  log?: (message: string, details?: object) => void;
}

export interface RenderRequest {
  /** Path and query, e.g. `/categories/music?sort=rating`. */
  url: string;
  /** The site's origin as the visitor reached it, for canonical links and preview images. */
  origin: string;
  cookieHeader?: string;
  forwardedFor?: string;
  /** When to stop waiting for data and send what is there (ms since the epoch). */
  deadline: number;
}

export type RenderResult =
  | { kind: 'not-server-rendered' }
  | ({
      kind: 'rendered';
      status: number;
      /** Markup for inside the root element. */
      body: string;
      /** The style elements the markup needs. */
      styles: string;
      /** The dehydrated query cache, as JSON safe to put inside a script element. */
      pageData: string;
      /** Whether every query the page asked for was answered in time. */
      complete: boolean;
      /** What the page shows, for the web origin's cache. */
      page: { remote: RemoteName; name: string; teacherSlug: string | null; point: { lat: number; lng: number } };
    } & PageHead)
  | { kind: 'failed'; status: number; reason: string };

export interface ServerRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
  /**
   * What a request's page depends on, as a cache key: origin, path, query and the base
   * location read from the cookie; null for a page the server does not render.
   */
  cacheKey(request: Pick<RenderRequest, 'url' | 'origin' | 'cookieHeader'>): string | null;
  /** Checks an answer of the API's page-change feed (the web origin polls it to purge its cache). */
  parsePageChanges(value: unknown): PageChanges;
  close(): void;
}

/** A promise React's `use` reads without suspending: the module has already arrived. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/** JSON inside a script element: nothing in it may close the element or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type ServerRenderedRoute = { remote: RemoteName; page: string };
type Log = NonNullable<ServerRendererOptions['log']>;
type RemoteServerBuilds = ReturnType<typeof createRemoteServerBuilds>;
type FailedResult = Extract<RenderResult, { kind: 'failed' }>;

function serverRenderedRoute(pathname: string): ServerRenderedRoute | null {
  const entry = routeOwnerOf(pathname);
  if (!entry || entry.owner === 'shell' || !serverRenderedPages[entry.owner]?.includes(entry.page)) return null;
  return { remote: entry.owner, page: entry.page };
}

function rememberedLocation(cookieHeader: string | undefined) {
  const raw = parseCookies(cookieHeader ?? '')[locationCookieName];
  return raw === undefined ? null : parseLocationCookieValue(raw);
}

/** Aborts when the request's render budget runs out; `clear` once the render is over. */
function abortAtDeadline(deadline: number) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('the render budget ran out')), Math.max(0, deadline - Date.now()));
  return { signal: abort.signal, clear: () => clearTimeout(timer) };
}

/** The remote's server build, unless the render budget runs out first. */
function loadPagesInTime(builds: RemoteServerBuilds, remote: RemoteName, signal: AbortSignal): Promise<RemotePagesModule> {
  return Promise.race([
    builds.pagesOf(remote),
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
  ]);
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface PageStores {
  origin: string;
  /** Path and query of the page, for the router. */
  path: string;
  locationStore: LocationStore;
  data: PageDataClient;
  pages: RemotePagesModule;
}

/** The whole app as the browser will hydrate it, around this request's own stores. */
function serverApp({ origin, path, locationStore, data, pages }: PageStores) {
  const source = () => settled(pages);
  return (emotionCache: EmotionCache) => (
    <StrictMode>
      <SiteOriginContext value={origin}>
        <LocationStoreContext value={locationStore}>
          <CacheProvider value={emotionCache}>
            <AppProviders client={data.client}>
              <RemotePagesSourceContext value={source}>
                <MemoryRouter initialEntries={[path]}>
                  <AppRoutesTree />
                </MemoryRouter>
              </RemotePagesSourceContext>
            </AppProviders>
          </CacheProvider>
        </LocationStoreContext>
      </SiteOriginContext>
    </StrictMode>
  );
}

/** The browser shows failures in its own words (and retries); a missing page is a 404 for crawlers too. */
function queryFailed(error: unknown): FailedResult {
  const status = isApiError(error) && error.statusCode === 404 ? 404 : 200;
  return { kind: 'failed', status, reason: `a query the page needs failed: ${describeError(error)}` };
}

/** What the page shows, for the web origin's cache. */
function pageShown(route: ServerRenderedRoute, pathname: string, locationStore: LocationStore) {
  const params = pathname.split('/').filter(Boolean);
  return {
    remote: route.remote,
    name: route.page,
    teacherSlug: route.page === 'teacher' ? decodeURIComponent(params[params.length - 1] ?? '') : null,
    point: selectBaseLocation(locationStore.getState()).coords,
  };
}

interface RenderPageOptions {
  request: RenderRequest;
  url: URL;
  route: ServerRenderedRoute;
  pages: RemotePagesModule;
  signal: AbortSignal;
  log: Log;
}

async function renderPage({ request, url, route, pages, signal, log }: RenderPageOptions): Promise<RenderResult> {
  const locationStore = createLocationStore({ location: rememberedLocation(request.cookieHeader) });
  const data = createPageDataClient();
  const app = serverApp({ origin: request.origin, path: `${url.pathname}${url.search}`, locationStore, data, pages });
  const renderErrors: unknown[] = [];
  const noteRenderError = (error: unknown) => {
    renderErrors.push(error);
    log('a part of the page threw while rendering on the server', {
      url: request.url,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  };
  return await withRequestContext({ forwardedFor: request.forwardedFor }, async () => {
    const rendered = await renderWithPageData({ app, data, signal, onError: noteRenderError });
    if (rendered.kind === 'query-failed') return queryFailed(rendered.error);
    if (renderErrors.length > 0) {
      // React would send that part for the browser to render, and the browser would report
      // it as a failed hydration: the whole page renders in the browser instead.
      return { kind: 'failed', status: 200, reason: `a part of the page threw while rendering: ${String(renderErrors[0])}` } as const;
    }
    const { head, body } = splitHoistedHead(rendered.html);
    const { server } = rendered.styles;
    return {
      kind: 'rendered',
      status: 200,
      body,
      ...readPageHead(head),
      styles: server.constructStyleTagsFromChunks(server.extractCriticalToChunks(body)),
      pageData: scriptSafeJson(dehydrate(data.client)),
      complete: rendered.complete,
      page: pageShown(route, url.pathname, locationStore),
    } as const;
  });
}

export function createServerRenderer({
  registry: registryDocument,
  shellUrl,
  apiOrigin,
  apiFetch,
  openServerBuild,
  remoteLoadTimeoutMs = 3_000,
  log = () => undefined,
}: ServerRendererOptions): ServerRenderer {
  const registry = parseRegistry(registryDocument, shellUrl);
  // One API client for the server process: anonymous (no page the server renders shows
  // anyone's own data), and every call carries the visitor's address from the request context.
  configureApiClient({ baseUrl: apiOrigin, headers: requestHeaders, fetch: apiFetch });
  const builds = createRemoteServerBuilds({ registry, openServerBuild, loadTimeoutMs: remoteLoadTimeoutMs, log });

  function cacheKey(request: Pick<RenderRequest, 'url' | 'origin' | 'cookieHeader'>): string | null {
    const url = new URL(request.url, request.origin);
    if (!serverRenderedRoute(url.pathname)) return null;
    const { lat, lng } = selectBaseLocation({ location: rememberedLocation(request.cookieHeader) }).coords;
    return `${url.origin}${url.pathname}${url.search}|${lat},${lng}`;
  }

  async function render(request: RenderRequest): Promise<RenderResult> {
    const url = new URL(request.url, request.origin);
    const route = serverRenderedRoute(url.pathname);
    if (!route) return { kind: 'not-server-rendered' };
    const budget = abortAtDeadline(request.deadline);
    try {
      let pages: RemotePagesModule;
      try {
        pages = await loadPagesInTime(builds, route.remote, budget.signal);
      } catch (error) {
        return { kind: 'failed', status: 200, reason: `the server build of ${route.remote} is unavailable: ${describeError(error)}` };
      }
      return await renderPage({ request, url, route, pages, signal: budget.signal, log });
    } finally {
      budget.clear();
    }
  }

  return { render, cacheKey, parsePageChanges, close: builds.close };
}
