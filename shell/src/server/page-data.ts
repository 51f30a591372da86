import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createQueryClient } from '@kalike/shared/query/query-client';

type DefaultedOptions = ReturnType<QueryClient['defaultQueryOptions']>;

/**
 * A request's own QueryClient that notes every query the page asks for while it renders. On
 * the server a query never fetches by itself (effects do not run), so the renderer renders,
 * fetches what was asked for, and renders again with the data: the page declares its data
 * the one way it already does, by using it, and the keys are exactly the ones the browser
 * will look for when it hydrates.
 */
export interface PageDataClient {
  client: QueryClient;
  /** Queries asked for, enabled, and not yet answered or failed. */
  missing(): DefaultedOptions[];
  /** The failures met so far. */
  failures(): { queryKey: QueryKey; error: unknown }[];
}

export function createPageDataClient(): PageDataClient {
  const client = createQueryClient();
  // Nothing is retried on the server: the browser retries whatever did not arrive.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const asked = new Map<string, DefaultedOptions>();
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
    const defaulted = defaultQueryOptions(options);
    if (defaulted.queryHash && !asked.has(defaulted.queryHash)) asked.set(defaulted.queryHash, defaulted);
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];

  const isEnabled = (options: DefaultedOptions) => {
    if (typeof options.queryFn !== 'function') return false;
    const { enabled } = options as { enabled?: boolean | ((query: unknown) => boolean) };
    if (typeof enabled === 'function') return enabled(client.getQueryCache().find({ queryKey: options.queryKey, exact: true }));
    return enabled !== false;
  };

  return {
    client,
    missing: () =>
      [...asked.values()].filter((options) => {
        const state = client.getQueryState(options.queryKey);
        return isEnabled(options) && state?.status !== 'success' && state?.status !== 'error';
      }),
    failures: () =>
      client
        .getQueryCache()
        .findAll({ type: 'all' })
        .filter((query) => query.state.status === 'error')
        .map((query) => ({ queryKey: query.queryKey, error: query.state.error })),
  };
}
