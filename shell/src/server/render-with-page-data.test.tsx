/**
 * @jest-environment node
 */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';

import { createPageDataClient, type PageDataClient } from './page-data';
import { renderWithPageData } from './render-with-page-data';

function TeacherName({ load }: { load: () => Promise<{ name: string }> }) {
  const { data } = useQuery({ queryKey: ['listings', 'teacher', 'asha'], queryFn: load });
  return <p>{data ? data.name : 'Loading…'}</p>;
}

const appOf = (data: PageDataClient, load: () => Promise<{ name: string }>) => (emotionCache: EmotionCache) => (
  <CacheProvider value={emotionCache}>
    <QueryClientProvider client={data.client}>
      <TeacherName load={load} />
    </QueryClientProvider>
  </CacheProvider>
);

describe('renderWithPageData', () => {
  let data: PageDataClient;
  beforeEach(() => {
    data = createPageDataClient();
  });
  // The queries' garbage-collection timers would otherwise keep the test run alive.
  afterEach(() => data.client.clear());

  it('fetches what the first render asked for and renders again with it', async () => {
    const load = jest.fn(() => Promise.resolve({ name: 'Asha' }));
    const rendered = await renderWithPageData({ app: appOf(data, load), data, signal: new AbortController().signal, onError: jest.fn() });
    expect(rendered).toMatchObject({ kind: 'rendered', html: '<p>Asha</p>', complete: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops at a query that failed, for the page to render in the browser', async () => {
    const down = new Error('down');
    const rendered = await renderWithPageData({
      app: appOf(data, () => Promise.reject(down)),
      data,
      signal: new AbortController().signal,
      onError: jest.fn(),
    });
    expect(rendered).toEqual({ kind: 'query-failed', error: down });
  });
});
