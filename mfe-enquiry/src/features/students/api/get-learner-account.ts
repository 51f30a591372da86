import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { LearnerAccountDto, StudentDto } from '@kalike/shared/contracts/accounts';

import { accountKeys } from './account-keys';

export type Student = StudentDto;

export function getLearnerAccount(accountId: string, signal?: AbortSignal): Promise<LearnerAccountDto> {
  return apiGet<LearnerAccountDto>(`v1/user/accounts/${encodeURIComponent(accountId)}`, { signal });
}

export const learnerAccountQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.account(accountId),
    queryFn: ({ signal }) => getLearnerAccount(accountId, signal),
    meta: { silent: true },
  });

const byName = (a: Student, b: Student) => a.name.localeCompare(b.name);

/** The account's students, by name; `accountId` null (no account yet) fetches nothing. */
export function useAccountStudents(accountId: string | null) {
  return useQuery({
    ...learnerAccountQueryOptions(accountId ?? 'none'),
    enabled: accountId !== null,
    select: (account) => Object.values(account.students).sort(byName),
  });
}

/** The name on the account (the same cached document as the students). */
export function useAccountName(accountId: string | null): string {
  const name = useQuery({
    ...learnerAccountQueryOptions(accountId ?? 'none'),
    enabled: accountId !== null,
    select: (account) => account.name.name,
  });
  return name.data ?? '';
}
