import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { ClassUpdatePage } from '@kalike/shared/contracts/class-updates';

import { updateKeys } from './update-keys';

export const updatesPageSize = 20;

export function getClassUpdates(params: { cursor?: string; locality?: string }, signal?: AbortSignal) {
  return apiGet<ClassUpdatePage>('v1/class/updates', {
    searchParams: { cursor: params.cursor, locality: params.locality, limit: updatesPageSize },
    signal,
  });
}

export const classUpdatesQueryOptions = (filters: { locality?: string } = {}) =>
  infiniteQueryOptions({
    queryKey: updateKeys.feed(filters),
    queryFn: ({ pageParam, signal }) => getClassUpdates({ ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useClassUpdates(filters: { locality?: string } = {}) {
  return useInfiniteQuery(classUpdatesQueryOptions(filters));
}
