import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import type { AddStudentBody, LearnerAccountDto, StudentDto, UpdateStudentBody } from '@kalike/shared/contracts/accounts';

import { accountKeys } from './account-keys';

export function addStudent(accountId: string, body: AddStudentBody): Promise<StudentDto> {
  return apiSend<StudentDto>('post', `v1/user/accounts/${encodeURIComponent(accountId)}/addStudent`, body);
}

export function updateStudent(accountId: string, studentId: string, body: UpdateStudentBody): Promise<StudentDto> {
  return apiSend<StudentDto>(
    'put',
    `v1/user/accounts/${encodeURIComponent(accountId)}/students/${encodeURIComponent(studentId)}`,
    body,
  );
}

export function useAddStudent(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...accountKeys.account(accountId), 'add-student'],
    mutationFn: (body: AddStudentBody) => addStudent(accountId, body),
    meta: { silent: true },
    onSuccess: (student) => {
      // The new student is a choice at once, before the account comes back from the refetch.
      queryClient.setQueryData<LearnerAccountDto>(accountKeys.account(accountId), (account) =>
        account ? { ...account, students: { ...account.students, [student.id]: student } } : account,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

export function useUpdateStudent(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...accountKeys.account(accountId), 'update-student'],
    mutationFn: ({ studentId, body }: { studentId: string; body: UpdateStudentBody }) => updateStudent(accountId, studentId, body),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
