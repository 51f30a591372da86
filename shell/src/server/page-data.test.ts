import { queryOptions } from '@tanstack/react-query';

import { createPageDataClient } from './page-data';

describe('createPageDataClient', () => {
  it('notes the enabled queries a render asks for, until they are answered or fail', async () => {
    const data = createPageDataClient();
    const wanted = queryOptions({ queryKey: ['listings', 'teacher', 'asha'], queryFn: () => Promise.resolve({ name: 'Asha' }) });
    const disabled = queryOptions({ queryKey: ['listings', 'search', ''], queryFn: () => Promise.resolve([]), enabled: false });
    const failing = queryOptions({ queryKey: ['listings', 'reviews', 'asha'], queryFn: () => Promise.reject(new Error('down')) });
    // What every useQuery in a render does first.
    data.client.defaultQueryOptions(wanted);
    data.client.defaultQueryOptions(disabled);
    data.client.defaultQueryOptions(failing);
    expect(data.missing().map((options) => options.queryKey)).toEqual([
      ['listings', 'teacher', 'asha'],
      ['listings', 'reviews', 'asha'],
    ]);
    await Promise.allSettled(data.missing().map((options) => data.client.fetchQuery(options)));
    expect(data.missing()).toEqual([]);
    expect(data.client.getQueryData(['listings', 'teacher', 'asha'])).toEqual({ name: 'Asha' });
    expect(data.failures()).toEqual([{ queryKey: ['listings', 'reviews', 'asha'], error: new Error('down') }]);
  });

  it('gives each request a client of its own', () => {
    expect(createPageDataClient().client).not.toBe(createPageDataClient().client);
  });
});
