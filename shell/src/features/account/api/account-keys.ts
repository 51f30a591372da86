import { rootKeys } from '@kalike/shared/query/query-keys';

export const accountKeys = {
  all: rootKeys.me,
  account: (id: string) => [...accountKeys.all, 'account', id] as const,
};
