import { queryOptions } from '@tanstack/react-query';

import { createPageDataClient } from './page-data';

describe('createPageDataClient', () => {
  it('notes the enabled queries a render asks for, until they are answered or fail', async () => {
    const data = createPageDataClient();
    const wanted = queryOptions({ queryKey: ['teacher', 'asha'], queryFn: () => Promise.resolve({ name: 'Asha' }) });
    const disabled = queryOptions({ queryKey: ['search', ''], queryFn: () => Promise.resolve([]), enabled: false });
    const failing = queryOptions({ queryKey: ['reviews', 'asha'], queryFn: () => Promise.reject(new Error('down')) });
    for (const options of [wanted, disabled, failing]) data.client.defaultQueryOptions(options);
    expect(data.missing().map((options) => options.queryKey)).toEqual([
      ['teacher', 'asha'],
      ['reviews', 'asha'],
    ]);
    await Promise.allSettled(data.missing().map((options) => data.client.fetchQuery(options)));
    expect(data.missing()).toEqual([]);
    expect(data.client.getQueryData(['teacher', 'asha'])).toEqual({ name: 'Asha' });
    expect(data.failures()).toEqual([{ queryKey: ['reviews', 'asha'], error: new Error('down') }]);
  });

  it('gives each request a client of its own', () => {
    expect(createPageDataClient().client).not.toBe(createPageDataClient().client);
  });
});
