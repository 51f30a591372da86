import { rootKeys } from '@kalike/shared/query/query-keys';

export const updateKeys = {
  all: rootKeys.updates,
  feeds: () => [...updateKeys.all, 'feed'] as const,
  feed: (filters: { locality?: string }) => [...updateKeys.feeds(), filters] as const,
};
