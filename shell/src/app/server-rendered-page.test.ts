import { QueryClient } from '@tanstack/react-query';

import { adoptServerRenderedPage, pageDataElementId, parsePageData } from './server-rendered-page';

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

  it('says no for a page rendered in the browser, or with broken data', () => {
    document.body.innerHTML = `<div id="root"></div>`;
    expect(adoptServerRenderedPage(document.getElementById('root')!, new QueryClient())).toBe(false);
    document.body.innerHTML = `<div id="root"><p>x</p></div><script id="${pageDataElementId}" type="application/json">{broken</script>`;
    expect(adoptServerRenderedPage(document.getElementById('root')!, new QueryClient())).toBe(false);
  });
});
