import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { AddStudentBody, LearnerAccountDto, NewLearnerBody, StudentDto, UpdateAccountBody, UpdateStudentBody } from '@kalike/shared/contracts/accounts';

/**
 * The learner account (spec §3 learnerAccount): the one document the shell's account page
 * and the enquiry remote's student step both read and change. Every app bundles this module
 * and keys the document the same way, so they share one cache entry.
 */
export const learnerAccountKeys = {
  all: rootKeys.me,
  account: (accountId: string) => [...learnerAccountKeys.all, 'account', accountId] as const,
};

const accountPath = (accountId: string) => `v1/user/accounts/${encodeURIComponent(accountId)}`;

export function getLearnerAccount(accountId: string, signal?: AbortSignal): Promise<LearnerAccountDto> {
  return apiGet<LearnerAccountDto>(accountPath(accountId), { signal });
}

/** After a first sign-in: the account gets its holder's name (and email). */
export function completeLearnerAccount(body: NewLearnerBody): Promise<LearnerAccountDto> {
  return apiSend<LearnerAccountDto>('post', 'v1/user/accounts/learner/new', body);
}

export function updateLearnerAccount(accountId: string, body: UpdateAccountBody): Promise<LearnerAccountDto> {
  return apiSend<LearnerAccountDto>('put', accountPath(accountId), body);
}

export function addStudent(accountId: string, body: AddStudentBody): Promise<StudentDto> {
  return apiSend<StudentDto>('post', `${accountPath(accountId)}/addStudent`, body);
}

export function updateStudent(accountId: string, studentId: string, body: UpdateStudentBody): Promise<StudentDto> {
  return apiSend<StudentDto>('put', `${accountPath(accountId)}/students/${encodeURIComponent(studentId)}`, body);
}

/** Every screen that reads the account shows its own failure, so none raises the global toast. */
export const learnerAccountQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: learnerAccountKeys.account(accountId),
    queryFn: ({ signal }) => getLearnerAccount(accountId, signal),
  });

export function useLearnerAccount(accountId: string) {
  return useQuery(learnerAccountQueryOptions(accountId));
}

const byName = (a: StudentDto, b: StudentDto) => a.name.localeCompare(b.name);

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

export function useCompleteLearnerAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...learnerAccountKeys.all, 'complete-account'],
    mutationFn: completeLearnerAccount,
    // The shell's cache watcher carries the new name into the user store.
    onSuccess: (account) => client.setQueryData(learnerAccountKeys.account(account.id), account),
  });
}

export function useUpdateLearnerAccount(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...learnerAccountKeys.account(accountId), 'update-account'],
    mutationFn: (body: UpdateAccountBody) => updateLearnerAccount(accountId, body),
    onSuccess: (account) => client.setQueryData(learnerAccountKeys.account(accountId), account),
  });
}

export function useAddStudent(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...learnerAccountKeys.account(accountId), 'add-student'],
    mutationFn: (body: AddStudentBody) => addStudent(accountId, body),
    onSuccess: (student) => {
      // The new student is a choice at once, before the account comes back from the refetch.
      client.setQueryData<LearnerAccountDto>(learnerAccountKeys.account(accountId), (account) =>
        account ? { ...account, students: { ...account.students, [student.id]: student } } : account,
      );
      void client.invalidateQueries({ queryKey: learnerAccountKeys.account(accountId) });
    },
  });
}

export function useUpdateStudent(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...learnerAccountKeys.account(accountId), 'update-student'],
    mutationFn: ({ studentId, body }: { studentId: string; body: UpdateStudentBody }) => updateStudent(accountId, studentId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: learnerAccountKeys.account(accountId) }),
  });
}
