import { rootKeys } from '@kalike/shared/query/query-keys';

export const categoryKeys = {
  all: rootKeys.categories,
  list: () => [...categoryKeys.all, 'list'] as const,
  detail: (slug: string) => [...categoryKeys.all, 'detail', slug] as const,
};
