// Kalike's service worker (docs/installable-app.md). Small and written by hand on purpose:
// it must never stand between the shell and a fresh remote. Module federation finds each
// remote through /remotes.json, then its mf-manifest.json and remoteEntry.js, none of which
// are hashed; a stale copy of any of them would load yesterday's remote with today's chunks.
// So the worker caches only same-origin chunks whose names carry a content hash (immutable),
// passes everything else to the network untouched, and answers a page it cannot fetch with
// the offline page. It also shows web pushes and opens their link.

const cacheVersion = 'v1';
const chunkCacheName = `kalike-chunks-${cacheVersion}`;
const offlineCacheName = `kalike-offline-${cacheVersion}`;
const offlinePage = '/offline.html';
/** At most this many chunks are kept; old deployments' chunks go first. */
const maxCachedChunks = 150;

/** The names webpack gives lazy chunks in production, `[name].[contenthash:8].js` (as scripts/serve-app.mjs reads them). */
const hashedChunk = /\.[0-9a-f]{8}\.js$/;
/** Federation's documents and the API: always from the network, never from a cache of ours. */
const networkOnlyEndings = ['/remotes.json', '/mf-manifest.json', '/remoteEntry.js'];
const networkOnlyPrefixes = ['/v1/', '/api/', '/media/'];

/**
 * What the worker does with a request: `chunk` (cache first), `page` (the network, the offline
 * page when it fails) or `network` (not touched at all: the browser fetches it as if there were
 * no worker). Only our own origin's requests are handled: the remotes' chunks come from their
 * own origins with a year-long HTTP cache, and the worker's fetches would be held to the
 * policy's connect-src, which does not list every origin a page loads from.
 * @param {{ url: string, method: string, mode: string }} request
 * @param {string} origin the worker's own origin
 * @returns {'chunk' | 'page' | 'network'}
 */
function routeOf(request, origin) {
  if (request.method !== 'GET') return 'network';
  let url;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  const { pathname } = url;
  if (networkOnlyPrefixes.some((prefix) => pathname.startsWith(prefix))) return 'network';
  if (networkOnlyEndings.some((ending) => pathname.endsWith(ending))) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (hashedChunk.test(pathname) && url.search === '') return 'chunk';
  return 'network';
}

/** A path on this site, or null: a push may only lead into Kalike. */
function sitePathOf(value) {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value.length <= 500 ? value : null;
}

/**
 * The notification a push asks for. The API sends `{ title, body, url, tag }`
 * (docs/notifications.md); anything missing or malformed falls back to a plain notice that
 * opens the notification centre, so a push is never dropped silently.
 * @param {unknown} data the push's JSON, or null
 */
function notificationOf(data) {
  const payload = data !== null && typeof data === 'object' ? data : {};
  const text = (value, max) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);
  return {
    title: text(payload.title, 80) ?? 'Kalike',
    body: text(payload.body, 300) ?? 'You have a new notification.',
    url: sitePathOf(payload.url) ?? '/notifications',
    tag: text(payload.tag, 100),
  };
}

/** The push's JSON, or null when it has none or it is not JSON. */
function pushDataOf(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(chunkCacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - maxCachedChunks)).map((key) => cache.delete(key)));
  }
  return response;
}

async function pageOrOffline(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(offlinePage, { cacheName: offlineCacheName });
    return offline ?? Response.error();
  }
}

async function openLink(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(offlineCacheName)
      .then((cache) => cache.add(new Request(offlinePage, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const current = [chunkCacheName, offlineCacheName];
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('kalike-') && !current.includes(name)).map((name) => caches.delete(name)));
      // Pages are fetched while the worker starts, so a page waits for no worker.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (route === 'chunk') event.respondWith(cacheFirst(event.request));
  else if (route === 'page') event.respondWith(pageOrOffline(event));
});

self.addEventListener('push', (event) => {
  const notification = notificationOf(pushDataOf(event));
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: notification.url },
      ...(notification.tag ? { tag: notification.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sitePathOf(event.notification.data && event.notification.data.url) ?? '/notifications';
  event.waitUntil(openLink(path));
});
