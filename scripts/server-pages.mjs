// The shell's web origin renders the public pages on the server (docs/server-rendering.md):
// it loads the shell's server build, which loads each remote's server build from the registry
// at run time (only one that matches the registry's pin: server-build-pin.mjs), keeps
// rendered pages in memory for as long as their data may be reused, and drops a teacher's
// pages as soon as the API says that teacher's public data changed.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

import { openPinnedServerBuild } from './server-build-pin.mjs';

const require = createRequire(import.meta.url);

/** The header the API reads the web origins' feed secret from (api/src/modules/page-changes/page-changes-secret.ts). */
export const pageChangesSecretHeader = 'x-page-changes-secret';

/** How each kind of page is cached, and why (docs/server-rendering.md#caches). */
export const pageCachePolicy = {
  // Spec: page-data revalidation 86400 s. A teacher's page changes only when the teacher's
  // public data does, and then the page-change feed drops it at once.
  teacher: { freshMs: 86_400_000, staleMs: 86_400_000 },
  // Lists move with every new listing, review and badge near the learner: a minute keeps a
  // busy location cell's renders to one a minute without showing anything long gone.
  list: { freshMs: 60_000, staleMs: 0 },
};

/** The web origin's budget for one server render; after it the page is finished in the browser. */
export function renderBudgetFrom(env = process.env) {
  const raw = env.SERVER_RENDER_BUDGET_MS?.trim();
  if (!raw) return 800;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 50 || value > 10_000) {
    throw new Error(`SERVER_RENDER_BUDGET_MS=${raw} must be a whole number of milliseconds from 50 to 10000`);
  }
  return value;
}

/** Whether the web origin renders on the server: on unless SERVER_RENDERING=off. */
export function serverRenderingFrom(env = process.env) {
  const raw = env.SERVER_RENDERING?.trim() || 'on';
  if (raw !== 'on' && raw !== 'off') throw new Error(`SERVER_RENDERING=${raw} must be on or off`);
  return raw === 'on';
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text) => escapeText(text).replace(/"/g, '&quot;');

/** The app's empty root in the built index.html, quoted or not (the build minifies it to `<div id=root>`). */
export const emptyAppRoot = /<div id=(?:"root"|root)><\/div>/;

/**
 * The shell's page with a server-rendered page in it: the page's title and description in
 * place of the site's, its other head elements and styles, its markup in the root, and the
 * data it was rendered from for the browser to pick up. Head elements the page's own code
 * takes over in the browser carry `data-server-head` (shell/src/app/server-rendered-page.ts).
 * @param {string} template the built index.html
 * @param {Extract<import('../shell/src/server/server-renderer').RenderResult, {kind: 'rendered'}>} result
 */
export function composePage(template, result) {
  let html = template;
  if (result.title !== null) {
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title data-server-head>${escapeText(result.title)}</title>`);
  }
  if (result.description !== null) {
    html = html.replace(/<meta name=(?:"description"|description) content=(?:"([^"]*)"|([^\s>]+))\s*\/?>/, (_match, quoted, bare) => {
      const site = quoted ?? bare ?? '';
      return `<meta name="description" content="${escapeAttribute(result.description)}" data-site-description="${site}">`;
    });
  }
  const headElements = result.headElements.map((element) => element.replace(/^<(meta|link)\s/, '<$1 data-server-head '));
  html = html.replace('</head>', () => `${headElements.join('')}${result.styles}</head>`);
  // Public pages work without JavaScript now; the notice would only contradict what is on screen.
  html = html.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  return html.replace(
    emptyAppRoot,
    () => `<div id="root">${result.body}</div><script id="kalike-page-data" type="application/json">${result.pageData}</script>`,
  );
}

/**
 * @param {object} options
 * @param {string} options.distDir       the shell's build
 * @param {object} options.registry      the /remotes.json document
 * @param {string} options.shellUrl
 * @param {string} options.apiOrigin     where the API answers (the pool below picks the instance)
 * @param {typeof fetch} options.apiFetch  a fetch through the web origin's pool of API instances
 * @param {number} [options.budgetMs]
 * @param {number} [options.feedIntervalMs]  how often to ask the API which teachers changed
 * @param {number} [options.settleMs]  how long after a change a teacher's page is rendered afresh every time
 * @param {typeof openPinnedServerBuild} [options.openServerBuild]  fetches a remote's server build and checks it against the registry's pin
 * @param {string} [options.pageChangesSecret]  what the API asks the web origins for to read the feed (PAGE_CHANGES_SECRET)
 * @param {(message: string, details?: object) => void} [options.log]
 * @param {object} [options.renderer]  the shell's server renderer; loaded from distDir when not given
 * @param {typeof pageCachePolicy} [options.policy]
 */
export async function createServerPages({
  distDir,
  renderer: givenRenderer,
  policy = pageCachePolicy,
  registry,
  shellUrl,
  apiOrigin,
  apiFetch,
  budgetMs = renderBudgetFrom(),
  feedIntervalMs = 2_000,
  settleMs = 5_000,
  openServerBuild = openPinnedServerBuild,
  pageChangesSecret = process.env.PAGE_CHANGES_SECRET?.trim() || undefined,
  log = (message, details) => console.warn(`[server rendering] ${message}`, details ?? ''),
}) {
  let renderer = givenRenderer;
  if (!renderer) {
    const entry = path.join(distDir, 'server', 'render.js');
    if (!existsSync(entry)) return null;
    const { createServerRenderer } = require(entry);
    renderer = await createServerRenderer({ registry, shellUrl, apiOrigin, apiFetch, openServerBuild, log });
  }

  // The page-change feed's state (read below): until it has answered, no teacher page is kept.
  let cursor = null;
  let feedHeard = false;
  let feedWarned = false;
  let feedTimer;
  let closed = false;

  /** Rendered pages: key → { result, renderedAt, kind, teacherSlug }. */
  const pages = new LRUCache({ max: 2_000, maxSize: 200_000_000, sizeCalculation: (entry) => entry.size });
  /** Teachers named by the feed in the last `settleMs`, and when. */
  const recentlyChanged = new Map();
  /** Renders under way, so a burst of visitors to one page costs one render. */
  const inFlight = new Map();
  const stats = { hits: 0, stale: 0, misses: 0, purged: 0 };

  const renderFresh = (request) => renderer.render({ ...request, deadline: Date.now() + budgetMs });

  function store(key, result) {
    if (result.kind !== 'rendered' || !result.complete) return;
    const kind = result.page.name === 'teacher' ? 'teacher' : 'list';
    // A teacher page is kept for a day only while this origin hears about changes to it, and
    // not in the first seconds after a change: an API instance may still answer from its own
    // cache until it hears of the change (docs/running-several-instances.md), and that answer
    // must not be kept for a day.
    if (kind === 'teacher' && (!feedHeard || Date.now() - (recentlyChanged.get(result.page.teacherSlug) ?? -Infinity) < settleMs)) return;
    const { freshMs, staleMs } = policy[kind];
    pages.set(
      key,
      { result, renderedAt: Date.now(), kind, teacherSlug: result.page.teacherSlug, size: result.body.length + result.pageData.length + result.styles.length },
      { ttl: freshMs + staleMs },
    );
  }

  /**
   * The page for a request: from the cache while fresh; stale while a new render is made in
   * the background (teacher pages); rendered now otherwise.
   * @param {{url: string, origin: string, cookieHeader?: string, forwardedFor?: string}} request
   */
  async function render(request) {
    const key = renderer.cacheKey(request);
    if (key === null) return { kind: 'not-server-rendered' };
    const cached = pages.get(key);
    if (cached) {
      const age = Date.now() - cached.renderedAt;
      if (age <= policy[cached.kind].freshMs) {
        stats.hits += 1;
        return cached.result;
      }
      stats.stale += 1;
      if (!inFlight.has(key)) {
        const revalidation = renderFresh(request)
          .then((result) => store(key, result))
          .catch((error) => log('revalidating a page failed', { key, error: String(error) }))
          .finally(() => inFlight.delete(key));
        inFlight.set(
          key,
          revalidation.then(() => pages.get(key)?.result ?? cached.result),
        );
      }
      return cached.result;
    }
    stats.misses += 1;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const rendering = renderFresh(request)
      .then((result) => {
        store(key, result);
        return result;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, rendering);
    return rendering;
  }

  /** Drops every cached page of these teachers (all locations); `all` drops every teacher page. */
  function purgeTeachers(slugs, { all = false } = {}) {
    const wanted = new Set(slugs);
    const now = Date.now();
    for (const slug of wanted) recentlyChanged.set(slug, now);
    for (const [slug, at] of recentlyChanged) if (now - at > settleMs) recentlyChanged.delete(slug);
    for (const [key, entry] of pages.entries()) {
      if (entry.kind === 'teacher' && (all || wanted.has(entry.teacherSlug))) {
        pages.delete(key);
        stats.purged += 1;
      }
    }
  }

  // The page-change feed: the API lists teachers whose public page changed, in order, from a
  // cursor (docs/marketplace-api.md#page-changes). Until it has answered once, nothing this
  // origin renders is cached, so a change made while it could not hear is never kept for a day.
  async function pollFeed() {
    try {
      const query = cursor === null ? '' : `?after=${encodeURIComponent(cursor)}`;
      // The feed is for the web origins only: the API asks for the secret they share with it.
      const headers = { accept: 'application/json', ...(pageChangesSecret ? { [pageChangesSecretHeader]: pageChangesSecret } : {}) };
      const response = await apiFetch(new Request(`${apiOrigin}/v1/marketplace/page-changes${query}`, { headers }));
      if (response.status === 400 && cursor !== null) {
        // A cursor the API no longer accepts (its secret changed): start again from now,
        // dropping every teacher page, as for a reset.
        cursor = null;
        throw new Error('HTTP 400: the cursor was refused; starting the feed again from now');
      }
      if (response.status === 401 || response.status === 403) {
        throw new Error(`HTTP ${response.status}: the API refused this origin's PAGE_CHANGES_SECRET (give the API and every web origin the same one)`);
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // Checked by the feed's own contract (shared/src/contracts/page-changes.ts), through the shell's build.
      const answer = renderer.parsePageChanges(await response.json());
      if (answer.reset === true) purgeTeachers([], { all: true });
      else if (answer.changes.length > 0) purgeTeachers(answer.changes.map((change) => change.teacherSlug));
      cursor = answer.cursor;
      feedHeard = true;
      feedWarned = false;
      if (answer.more === true && !closed) return void pollFeed();
    } catch (error) {
      // Could not hear: what is cached may be out of date, so teacher pages are dropped and the
      // cursor kept; the next answer resumes from it (or says to reset).
      // Said once per outage, not on every attempt.
      if (!feedWarned) log('cannot read the page-change feed; teacher pages are not cached until it answers', { error: String(error) });
      feedWarned = true;
      feedHeard = false;
      purgeTeachers([], { all: true });
    }
    if (!closed) feedTimer = setTimeout(pollFeed, feedIntervalMs);
  }
  await pollFeed();

  return {
    render,
    purgeTeachers,
    stats: () => ({ ...stats, cached: pages.size }),
    close() {
      closed = true;
      clearTimeout(feedTimer);
      renderer.close();
    },
  };
}
