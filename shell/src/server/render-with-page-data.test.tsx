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

/** Each step's data names the next step, so every render asks for one query more. */
function Step({ step, load }: { step: number; load: (step: number) => Promise<number> }) {
  const { data: next } = useQuery({ queryKey: ['listings', 'step', step], queryFn: () => load(step) });
  return next === undefined ? <p>Step {step}</p> : <Step step={next} load={load} />;
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

  it('when the budget runs out while fetching, sends the page as it is and leaves the rest to the browser', async () => {
    const budget = new AbortController();
    const load = jest.fn(() => {
      // The budget runs out while the answer is still on its way (it never comes).
      setTimeout(() => budget.abort(), 0);
      return new Promise<{ name: string }>(() => {});
    });
    const rendered = await renderWithPageData({ app: appOf(data, load), data, signal: budget.signal, onError: jest.fn() });
    expect(rendered).toMatchObject({ kind: 'rendered', html: '<p>Loading…</p>', complete: false });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops after three rounds of render and fetch, however much more the page asks for', async () => {
    const load = jest.fn((step: number) => Promise.resolve(step + 1));
    const app = (emotionCache: EmotionCache) => (
      <CacheProvider value={emotionCache}>
        <QueryClientProvider client={data.client}>
          <Step step={1} load={load} />
        </QueryClientProvider>
      </CacheProvider>
    );
    const rendered = await renderWithPageData({ app, data, signal: new AbortController().signal, onError: jest.fn() });
    // Rounds one and two fetch a step each; the third renders what arrived and fetches no more.
    expect(rendered).toMatchObject({ kind: 'rendered', html: '<p>Step <!-- -->3</p>', complete: false });
    expect(load.mock.calls.map(([step]) => step)).toEqual([1, 2]);
  });
});
