import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';

import type { LearnerAccountDto, StudentDto, UpdateStudentBody } from '@kalike/shared/contracts/accounts';

import { accountKeys } from './account-keys';

export type LearnerAccount = LearnerAccountDto;
export type Student = StudentDto;

export interface NewStudent {
  name: string;
  dateOfBirth?: string;
  grade?: string;
  school?: string;
}

export type StudentChanges = UpdateStudentBody;

export const accountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountKeys.account(id),
    queryFn: ({ signal }) => apiGet<LearnerAccount>(`v1/user/accounts/${encodeURIComponent(id)}`, { signal }),
  });

export function useLearnerAccount(id: string) {
  return useQuery(accountQueryOptions(id));
}

export function useCompleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'complete-account'],
    mutationFn: (input: { name: string; email?: string }) => apiSend<LearnerAccount>('post', 'v1/user/accounts/learner/new', input),
    // The cache watcher (signed-in-account.ts) carries the new name into the user store.
    onSuccess: (account) => client.setQueryData(accountKeys.account(account.id), account),
  });
}

export function useUpdateAccount(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'update-account', id],
    mutationFn: (input: { name?: string; email?: string }) => apiSend<LearnerAccount>('put', `v1/user/accounts/${encodeURIComponent(id)}`, input),
    onSuccess: (account) => client.setQueryData(accountKeys.account(id), account),
  });
}

export function useAddStudent(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'add-student', accountId],
    mutationFn: (student: NewStudent) => apiSend<Student>('post', `v1/user/accounts/${encodeURIComponent(accountId)}/addStudent`, student),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.account(accountId) }),
  });
}

export function useUpdateStudent(accountId: string, studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'update-student', accountId, studentId],
    mutationFn: (changes: StudentChanges) =>
      apiSend<Student>('put', `v1/user/accounts/${encodeURIComponent(accountId)}/students/${encodeURIComponent(studentId)}`, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.account(accountId) }),
  });
}
