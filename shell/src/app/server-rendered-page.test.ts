import { QueryClient } from '@tanstack/react-query';

import { adoptServerRenderedPage, dropDuplicatedServerHead, pageDataElementId, parsePageData } from './server-rendered-page';

const valid = {
  mutations: [],
  queries: [{ queryKey: ['categories'], queryHash: '["categories"]', state: { status: 'success', data: { categories: [] }, dataUpdatedAt: 1 } }],
};

describe('parsePageData', () => {
  it('accepts the dehydrated cache the server writes', () => {
    expect(parsePageData(JSON.stringify(valid))).toEqual(valid);
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{"queries":'],
    ['not an object', '[]'],
    ['no queries', '{"mutations":[]}'],
    ['a query without a key', JSON.stringify({ mutations: [], queries: [{ queryHash: 'x', state: { status: 'success' } }] })],
    ['a failed query', JSON.stringify({ mutations: [], queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { status: 'error' } }] })],
    ['a mutation', JSON.stringify({ mutations: [{}], queries: [] })],
  ])('refuses %s', (_, text) => {
    expect(parsePageData(text)).toBeNull();
  });
});

describe('adoptServerRenderedPage', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("puts the server's data in the cache and gives the site-wide description back to the page's own code", () => {
    document.head.innerHTML = '<meta name="description" content="Teacher words" data-site-description="Site words">';
    document.body.innerHTML = `<div id="root"><p>rendered</p></div><script id="${pageDataElementId}" type="application/json">${JSON.stringify(valid)}</script>`;
    const client = new QueryClient();
    expect(adoptServerRenderedPage(document.getElementById('root')!, client)).toBe(true);
    expect(client.getQueryData(['categories'])).toEqual({ categories: [] });
    expect(document.head.querySelector('meta')!.getAttribute('content')).toBe('Site words');
    expect(document.getElementById(pageDataElementId)).toBeNull();
  });

  it("drops the server's head copies as soon as the page adds its own", async () => {
    document.head.innerHTML = '<link data-server-head rel="canonical" href="https://k/a">';
    document.body.innerHTML = `<div id="root"><p>rendered</p></div><script id="${pageDataElementId}" type="application/json">${JSON.stringify(valid)}</script>`;
    adoptServerRenderedPage(document.getElementById('root')!, new QueryClient());
    const own = document.createElement('link');
    own.rel = 'canonical';
    own.href = 'https://k/a';
    document.head.appendChild(own);
    await Promise.resolve();
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link')).toBe(own);
  });

  it('says no for a page rendered in the browser, or with broken data', () => {
    document.body.innerHTML = `<div id="root"></div>`;
    expect(adoptServerRenderedPage(document.getElementById('root')!, new QueryClient())).toBe(false);
    document.body.innerHTML = `<div id="root"><p>x</p></div><script id="${pageDataElementId}" type="application/json">{broken</script>`;
    expect(adoptServerRenderedPage(document.getElementById('root')!, new QueryClient())).toBe(false);
  });
});

describe('dropDuplicatedServerHead', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("drops the server's copy of what the page's code added again, and keeps what it took over or left alone", () => {
    document.head.innerHTML =
      '<title data-server-head>Asha | Kalike</title>' +
      '<link data-server-head rel="canonical" href="https://k/a">' +
      '<meta data-server-head property="og:title" content="Asha">' +
      '<meta data-server-head property="og:image" content="https://k/a.png">' +
      // What React added beside them:
      '<link rel="canonical" href="https://k/a"><meta property="og:title" content="Asha">' +
      '<meta property="og:image" content="https://k/b.png">';
    dropDuplicatedServerHead(document.head);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')!.hasAttribute('data-server-head')).toBe(false);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    // Not the same tag: both stay (the page's code decides; nothing is guessed).
    expect(document.head.querySelectorAll('meta[property="og:image"]')).toHaveLength(2);
    // The only title, taken over by React as it was: kept.
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('drops a server title when the page has its own', () => {
    document.head.innerHTML = '<title data-server-head>Old</title><title>New</title>';
    dropDuplicatedServerHead(document.head);
    expect([...document.head.querySelectorAll('title')].map((title) => title.textContent)).toEqual(['New']);
  });
});
