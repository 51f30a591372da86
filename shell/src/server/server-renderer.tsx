import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { dehydrate } from '@tanstack/react-query';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
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
} from '@kalike/shared/location/location-store';
import { SiteOriginContext } from '@kalike/shared/routing/site-origin';

import { AppProviders } from '../app/providers';
import { AppRoutesTree } from '../app/router';
import { RemotePagesSourceContext } from '../remotes/remote-pages-source';
import { routeOwnerOf } from '../remotes/route-owner';
import { createPageDataClient } from './page-data';
import { createRemoteServerBuilds } from './remote-server-builds';
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
  /** How often to look for a redeployed remote server build. */
  refreshMs?: number;
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
  | {
      kind: 'rendered';
      status: number;
      /** Markup for inside the root element. */
      body: string;
      /** The page's title, if it has one (text, unescaped). */
      title: string | null;
      /** The page's description, if it has one (text, unescaped). */
      description: string | null;
      /** Other head elements the page rendered (meta, link), as markup. */
      headElements: string[];
      /** The style elements the markup needs. */
      styles: string;
      /** The dehydrated query cache, as JSON safe to put inside a script element. */
      pageData: string;
      /** Whether every query the page asked for was answered in time. */
      complete: boolean;
      /** What the page shows, for the web origin's cache. */
      page: { remote: RemoteName; name: string; teacherSlug: string | null; point: { lat: number; lng: number } };
    }
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

const decodeEntities = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" })[entity] ?? entity,
  );

async function renderToHtml(element: ReactNode, signal: AbortSignal, onError: (error: unknown) => void): Promise<string> {
  // Every boundary inline, however large: React otherwise sends a large boundary after the
  // rest with a script to move it in place, and the page's security policy allows no inline
  // scripts (nor would a crawler run one).
  const { prelude } = await prerenderToNodeStream(element, { signal, onError, progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/** At most this many rounds of render → fetch what the page asked for → render again. */
const maxDataRounds = 3;

export function createServerRenderer({
  registry: registryDocument,
  shellUrl,
  apiOrigin,
  apiFetch,
  refreshMs = 5_000,
  remoteLoadTimeoutMs = 3_000,
  log = () => undefined,
}: ServerRendererOptions): ServerRenderer {
  const registry = parseRegistry(registryDocument, shellUrl);
  // One API client for the server process: anonymous (no page the server renders shows
  // anyone's own data), and every call carries the visitor's address from the request context.
  configureApiClient({ baseUrl: apiOrigin, headers: requestHeaders, fetch: apiFetch });
  const builds = createRemoteServerBuilds({ registry, refreshMs, loadTimeoutMs: remoteLoadTimeoutMs, log });

  const serverRenderedRoute = (pathname: string) => {
    const entry = routeOwnerOf(pathname);
    if (!entry || entry.owner === 'shell' || !serverRenderedPages[entry.owner]?.includes(entry.page)) return null;
    return { remote: entry.owner, page: entry.page };
  };
  const rememberedLocation = (cookieHeader: string | undefined) => {
    const raw = parseCookies(cookieHeader ?? '')[locationCookieName];
    return raw === undefined ? null : parseLocationCookieValue(raw);
  };

  function cacheKey(request: Pick<RenderRequest, 'url' | 'origin' | 'cookieHeader'>): string | null {
    const url = new URL(request.url, request.origin);
    if (!serverRenderedRoute(url.pathname)) return null;
    const { lat, lng } = selectBaseLocation({ location: rememberedLocation(request.cookieHeader) }).coords;
    return `${url.origin}${url.pathname}${url.search}|${lat},${lng}`;
  }

  async function render(request: RenderRequest): Promise<RenderResult> {
    const url = new URL(request.url, request.origin);
    const entry = serverRenderedRoute(url.pathname);
    if (!entry) return { kind: 'not-server-rendered' };
    const { remote } = entry;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('the render budget ran out')), Math.max(0, request.deadline - Date.now()));
    try {
      let pages: RemotePagesModule;
      try {
        pages = await Promise.race([
          builds.pagesOf(remote),
          new Promise<never>((_, reject) => abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error), { once: true })),
        ]);
      } catch (error) {
        return {
          kind: 'failed',
          status: 200,
          reason: `the server build of ${remote} is unavailable: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      const locationStore = createLocationStore({ location: rememberedLocation(request.cookieHeader) });
      const data = createPageDataClient();
      const source = () => settled(pages);

      const app = (emotionCache: ReturnType<typeof createCache>) => (
        <StrictMode>
          <SiteOriginContext value={request.origin}>
            <LocationStoreContext value={locationStore}>
              <CacheProvider value={emotionCache}>
                <AppProviders client={data.client}>
                  <RemotePagesSourceContext value={source}>
                    <MemoryRouter initialEntries={[`${url.pathname}${url.search}`]}>
                      <AppRoutesTree />
                    </MemoryRouter>
                  </RemotePagesSourceContext>
                </AppProviders>
              </CacheProvider>
            </LocationStoreContext>
          </SiteOriginContext>
        </StrictMode>
      );

      const renderErrors: unknown[] = [];
      const noteRenderError = (error: unknown) => {
        renderErrors.push(error);
        log('a part of the page threw while rendering on the server', {
          url: request.url,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      };
      return await withRequestContext({ forwardedFor: request.forwardedFor }, async () => {
        let complete = true;
        let html: string;
        // A cache per render, and the extraction set up before it renders, so styles are
        // collected rather than written inline next to each element.
        const freshStyles = () => {
          const cache = createCache({ key: 'css' });
          return { cache, server: createEmotionServer(cache) };
        };
        let styles: ReturnType<typeof freshStyles>;
        for (let round = 0; ; round += 1) {
          styles = freshStyles();
          html = await renderToHtml(app(styles.cache), abort.signal, noteRenderError);
          const missing = data.missing();
          if (missing.length === 0) break;
          if (round + 1 >= maxDataRounds || abort.signal.aborted) {
            complete = false;
            break;
          }
          const fetched = Promise.allSettled(missing.map((options) => data.client.fetchQuery(options)));
          const outOfTime = new Promise<'late'>((resolve) => abort.signal.addEventListener('abort', () => resolve('late'), { once: true }));
          if ((await Promise.race([fetched, outOfTime])) === 'late') {
            // The data that did arrive is rendered; the browser fetches the rest.
            await data.client.cancelQueries();
            styles = freshStyles();
            html = await renderToHtml(app(styles.cache), new AbortController().signal, noteRenderError);
            complete = false;
            break;
          }
          const failure = data.failures()[0];
          if (failure) {
            // The browser shows failures in its own words (and retries); a missing page is a 404 for crawlers too.
            const status = isApiError(failure.error) && failure.error.statusCode === 404 ? 404 : 200;
            return {
              kind: 'failed',
              status,
              reason: `a query the page needs failed: ${failure.error instanceof Error ? failure.error.message : String(failure.error)}`,
            } as const;
          }
        }
        if (renderErrors.length > 0) {
          // React would send that part for the browser to render, and the browser would report
          // it as a failed hydration: the whole page renders in the browser instead.
          return { kind: 'failed', status: 200, reason: `a part of the page threw while rendering: ${String(renderErrors[0])}` } as const;
        }
        const { head, body } = splitHoistedHead(html);
        const styleElements = styles.server.constructStyleTagsFromChunks(styles.server.extractCriticalToChunks(body));
        let title: string | null = null;
        let description: string | null = null;
        const headElements: string[] = [];
        for (const element of head) {
          const titleMatch = /^<title>([^<]*)<\/title>$/.exec(element);
          const descriptionMatch = /^<meta name="description" content="([^"]*)"\/?>$/.exec(element);
          if (titleMatch) title = decodeEntities(titleMatch[1] ?? '');
          else if (descriptionMatch) description = decodeEntities(descriptionMatch[1] ?? '');
          else headElements.push(element);
        }
        const params = url.pathname.split('/').filter(Boolean);
        return {
          kind: 'rendered',
          status: 200,
          body,
          title,
          description,
          headElements,
          styles: styleElements,
          pageData: scriptSafeJson(dehydrate(data.client)),
          complete,
          page: {
            remote,
            name: entry.page,
            teacherSlug: entry.page === 'teacher' ? decodeURIComponent(params[params.length - 1] ?? '') : null,
            point: selectBaseLocation(locationStore.getState()).coords,
          },
        } as const;
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return { render, cacheKey, parsePageChanges, close: builds.close };
}
