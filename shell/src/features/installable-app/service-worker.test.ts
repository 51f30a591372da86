/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

// The worker is a plain script served as it is written (shell/public/service-worker.js): it is
// run here as the browser runs it, in a context of its own, with the worker's globals faked.
const source = readFileSync(path.join(__dirname, '../../../public/service-worker.js'), 'utf8');
const origin = 'https://kalike.in';

type Route = 'chunk' | 'page' | 'network';
type Listener = (event: unknown) => void;

interface FakeCache {
  entries: Map<string, Response>;
}

function loadWorker({ network }: { network: (url: string) => Promise<Response> }) {
  const listeners = new Map<string, Listener>();
  const caches = new Map<string, FakeCache>();
  const openCache = (name: string) => {
    const cache = caches.get(name) ?? { entries: new Map<string, Response>() };
    caches.set(name, cache);
    const key = (request: Request | string) => (typeof request === 'string' ? new URL(request, origin).href : request.url);
    return {
      match: async (request: Request | string) => cache.entries.get(key(request))?.clone(),
      put: async (request: Request | string, response: Response) => void cache.entries.set(key(request), response),
      add: async (request: Request | string) => void cache.entries.set(key(request), await network(key(request))),
      keys: async () => [...cache.entries.keys()].map((url) => new Request(url)),
      delete: async (request: Request | string) => cache.entries.delete(key(request)),
    };
  };
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const context = {
    URL,
    Request: WorkerRequest,
    Response,
    console,
    fetch: (request: Request | string) => network(typeof request === 'string' ? request : request.url),
    caches: {
      open: async (name: string) => openCache(name),
      keys: async () => [...caches.keys()],
      delete: async (name: string) => caches.delete(name),
      match: async (request: string, { cacheName }: { cacheName: string }) => openCache(cacheName).match(request),
    },
    location: { origin },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    registration: {
      navigationPreload: { enable: async () => undefined },
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => [],
      openWindow: async (url: string) => void opened.push(url),
    },
  } as Record<string, unknown>;
  context.self = context;
  vm.createContext(context);
  vm.runInContext(source, context);
  const routeOf = context.routeOf as (request: { url: string; method: string; mode: string }, origin: string) => Route;
  /** Dispatches an event and waits for what the worker asked the browser to wait for. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let answer: Promise<Response> | undefined;
    const pending: Array<Promise<unknown>> = [];
    listeners.get(type)?.({
      ...event,
      respondWith: (value: Promise<Response>) => (answer = value),
      waitUntil: (value: Promise<unknown>) => pending.push(value),
    });
    await Promise.all(pending);
    return answer;
  };
  return { routeOf, dispatch, caches, shown, opened };
}

/** The worker's Request resolves a path against the worker's own address, as in the browser. */
class WorkerRequest extends Request {
  constructor(input: string | Request, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, origin).href : input, init);
  }
}

const get = (url: string, mode = 'no-cors') => ({ url, method: 'GET', mode });

describe('the service worker', () => {
  const { routeOf } = loadWorker({ network: async () => new Response('') });

  it('takes hashed chunks of its own origin from its cache first', () => {
    expect(routeOf(get(`${origin}/123.0a1b2c3d.js`), origin)).toBe('chunk');
    expect(routeOf(get(`${origin}/vendors-boot.9f8e7d6c.js`), origin)).toBe('chunk');
  });

  it('never answers federation documents, entries or the API from a cache', () => {
    for (const url of [
      `${origin}/remotes.json`,
      `${origin}/remotes.json?fresh=1`,
      `${origin}/mf-manifest.json`,
      `${origin}/remoteEntry.js`,
      `${origin}/main.js`,
      `${origin}/v1/notifications/unread-count?audience=learner`,
      `${origin}/api/features/sdk-key`,
      `${origin}/media/teachers/1.9f8e7d6c.js`,
      `${origin}/manifest.webmanifest`,
    ]) {
      expect([url, routeOf(get(url), origin)]).toEqual([url, 'network']);
    }
  });

  it('leaves other origins (the remotes, payment and map services) and anything but GET alone', () => {
    expect(routeOf(get('http://127.0.0.1:4001/123.0a1b2c3d.js'), origin)).toBe('network');
    expect(routeOf(get('http://127.0.0.1:4001/mf-manifest.json'), origin)).toBe('network');
    expect(routeOf(get('https://checkout.razorpay.com/v1/checkout.js'), origin)).toBe('network');
    expect(routeOf({ url: `${origin}/123.0a1b2c3d.js`, method: 'POST', mode: 'cors' }, origin)).toBe('network');
    expect(routeOf(get(`${origin}/123.0a1b2c3d.js?v=2`), origin)).toBe('network');
  });

  it('fetches pages from the network, with the offline page as their fallback', () => {
    expect(routeOf(get(`${origin}/discover`, 'navigate'), origin)).toBe('page');
    expect(routeOf(get(`${origin}/`, 'navigate'), origin)).toBe('page');
    // A receipt or a calendar file opened in a tab is the API's: untouched.
    expect(routeOf(get(`${origin}/v1/receipts/1.pdf`, 'navigate'), origin)).toBe('network');
  });

  it('serves a cached chunk without the network, and caches one it had to fetch', async () => {
    let fetched = 0;
    const worker = loadWorker({
      network: async () => {
        fetched += 1;
        return new Response('chunk body', { status: 200 });
      },
    });
    const request = new Request(`${origin}/42.0a1b2c3d.js`);
    // A Response built in a test has type "default"; the browser's same-origin answers are "basic".
    Object.defineProperty(Response.prototype, 'type', { configurable: true, get: () => 'basic' });
    try {
      const first = await worker.dispatch('fetch', { request });
      expect(await first?.text()).toBe('chunk body');
      const second = await worker.dispatch('fetch', { request });
      expect(await second?.text()).toBe('chunk body');
      expect(fetched).toBe(1);
    } finally {
      delete (Response.prototype as { type?: string }).type;
    }
  });

  it('answers a page it cannot fetch with the offline page cached at install', async () => {
    let online = true;
    const worker = loadWorker({
      network: async (url) => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response(url.endsWith('/offline.html') ? 'You are offline' : 'the page');
      },
    });
    await worker.dispatch('install', {});
    const navigation = { url: `${origin}/updates`, method: 'GET', mode: 'navigate' };
    expect(await (await worker.dispatch('fetch', { request: navigation, preloadResponse: Promise.resolve(undefined) }))?.text()).toBe('the page');
    online = false;
    expect(await (await worker.dispatch('fetch', { request: navigation, preloadResponse: Promise.resolve(undefined) }))?.text()).toBe('You are offline');
    // An API call offline is the page's to handle: the worker does not answer it.
    expect(await worker.dispatch('fetch', { request: { url: `${origin}/v1/learners/updates`, method: 'GET', mode: 'cors' } })).toBeUndefined();
  });

  it('drops the caches of an earlier version when it takes over', async () => {
    const worker = loadWorker({ network: async () => new Response('') });
    worker.caches.set('kalike-chunks-v0', { entries: new Map() });
    worker.caches.set('someone-else', { entries: new Map() });
    await worker.dispatch('install', {});
    await worker.dispatch('activate', {});
    expect([...worker.caches.keys()].sort()).toEqual(['kalike-offline-v1', 'someone-else']);
  });

  it("shows a push with its sentence and opens the push's link on a tap, only ever inside the site", async () => {
    const worker = loadWorker({ network: async () => new Response('') });
    const push = (payload: unknown) => worker.dispatch('push', { data: { json: () => payload } });
    await push({ title: 'Kalike', body: 'Chess with Kiran is tomorrow at 5:00 pm.', url: '/learner/sessions', tag: 'class.tomorrow:1' });
    await push({ body: 'Pay for April', url: 'https://evil.example/' });
    await push('not an object');
    expect(worker.shown).toEqual([
      expect.objectContaining({
        title: 'Kalike',
        options: expect.objectContaining({ body: 'Chess with Kiran is tomorrow at 5:00 pm.', data: { url: '/learner/sessions' }, tag: 'class.tomorrow:1' }),
      }),
      expect.objectContaining({ options: expect.objectContaining({ body: 'Pay for April', data: { url: '/notifications' } }) }),
      expect.objectContaining({ options: expect.objectContaining({ body: 'You have a new notification.', data: { url: '/notifications' } }) }),
    ]);
    const closed: string[] = [];
    await worker.dispatch('notificationclick', { notification: { data: { url: '/learner/sessions' }, close: () => closed.push('closed') } });
    await worker.dispatch('notificationclick', { notification: { data: { url: '//evil.example/' }, close: () => closed.push('closed') } });
    expect(closed).toHaveLength(2);
    expect(worker.opened).toEqual([`${origin}/learner/sessions`, `${origin}/notifications`]);
  });
});
