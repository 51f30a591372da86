import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import createCache, { type EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';

import type { PageDataClient } from './page-data';

/** At most this many rounds of render → fetch what the page asked for → render again. */
const maxDataRounds = 3;

/** The emotion cache one render writes to, and what reads the styles back out of it. */
export interface CollectedStyles {
  cache: EmotionCache;
  server: ReturnType<typeof createEmotionServer>;
}

export type PageRender =
  | {
      kind: 'rendered';
      html: string;
      styles: CollectedStyles;
      /** Whether every query the page asked for was answered in time. */
      complete: boolean;
    }
  | { kind: 'query-failed'; error: unknown };

export interface RenderWithPageDataOptions {
  /** The page's element, styled through the given cache. */
  app: (emotionCache: EmotionCache) => ReactNode;
  data: PageDataClient;
  /** Aborted when the request's render budget runs out. */
  signal: AbortSignal;
  onError: (error: unknown) => void;
}

// A cache per render, and the extraction set up before it renders, so styles are
// collected rather than written inline next to each element.
function collectStyles(): CollectedStyles {
  const cache = createCache({ key: 'css' });
  return { cache, server: createEmotionServer(cache) };
}

async function renderToHtml(element: ReactNode, signal: AbortSignal, onError: (error: unknown) => void): Promise<string> {
  // Every boundary inline, however large: React otherwise sends a large boundary after the
  // rest with a script to move it in place, and the page's security policy allows no inline
  // scripts (nor would a crawler run one).
  const { prelude } = await prerenderToNodeStream(element, { signal, onError, progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/** Fetches the queries the page asked for; 'late' when the render budget ran out first. */
async function fetchMissing(data: PageDataClient, missing: ReturnType<PageDataClient['missing']>, signal: AbortSignal) {
  const fetched = Promise.allSettled(missing.map((options) => data.client.fetchQuery(options)));
  const outOfTime = new Promise<'late'>((resolve) => signal.addEventListener('abort', () => resolve('late'), { once: true }));
  return (await Promise.race([fetched, outOfTime])) === 'late' ? 'late' : 'fetched';
}

/**
 * Renders the page, fetches what it asked for and renders it again with the data, until it
 * asks for nothing new, the rounds are used up or the budget runs out; a query that failed
 * ends it, for the page to render in the browser.
 */
export async function renderWithPageData({ app, data, signal, onError }: RenderWithPageDataOptions): Promise<PageRender> {
  for (let round = 0; ; round += 1) {
    const styles = collectStyles();
    const html = await renderToHtml(app(styles.cache), signal, onError);
    const missing = data.missing();
    if (missing.length === 0) return { kind: 'rendered', html, styles, complete: true };
    if (round + 1 >= maxDataRounds || signal.aborted) return { kind: 'rendered', html, styles, complete: false };
    if ((await fetchMissing(data, missing, signal)) === 'late') {
      // The data that did arrive is rendered; the browser fetches the rest.
      await data.client.cancelQueries();
      const lateStyles = collectStyles();
      const lateHtml = await renderToHtml(app(lateStyles.cache), new AbortController().signal, onError);
      return { kind: 'rendered', html: lateHtml, styles: lateStyles, complete: false };
    }
    const failure = data.failures()[0];
    if (failure) return { kind: 'query-failed', error: failure.error };
  }
}
