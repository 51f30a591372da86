import { QueryClient } from '@tanstack/react-query';

import { isApiError } from '@kalike/shared/api/api-error';

const minute = 60_000;

/** Spec §9: cached results live for 15 minutes and are always refetched on use (stale time 0). */
export const queryCacheTimeMs = 15 * minute;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network faults and 5xx get two more tries.
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: queryCacheTimeMs, staleTime: 0, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/**
 * The one QueryClient of the composed app. It is a module singleton, and this module is a
 * federation singleton, so the shell and every remote read and write the same cache.
 */
export const queryClient = createQueryClient();
