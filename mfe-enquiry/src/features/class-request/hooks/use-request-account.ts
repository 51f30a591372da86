import { useCallback } from 'react';
import { accountLimits } from '@kalike/shared/domain/account-values';
import { ApiError } from '@kalike/shared/api/api-error';

import type { ChoiceOption } from '../components/choice-option';
import type { NewChild } from './use-send-request';
import { useAccountName, useAccountStudents, useAddStudent } from '@kalike/shared/learner-account/learner-account-api';
import { useSignedInLearner, type SignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { useUserStore, type UserState } from '@kalike/shared/user/user-store';

/** The name of the phone's teacher profile, whichever role it acts in now; '' without one. */
const selectTeacherName = (state: UserState) => state.user?.teacher?.name ?? '';

export const maxStudents = accountLimits.maxStudents;

export interface RequestAccount {
  learner: SignedInLearner | null;
  /** Props for the request form's "who is it for". */
  formProps: {
    students: ChoiceOption[] | undefined;
    studentsNote: string | undefined;
    canAddChild: boolean;
    accountName: string;
  };
  addChild: (child: NewChild) => Promise<{ id: string }>;
}

/** What the request form needs from the learner's account: their students, their name (or their teacher profile's), adding a child. */
export function useRequestAccount(): RequestAccount {
  const learner = useSignedInLearner();
  const accountId = learner?.accountId ?? null;
  const students = useAccountStudents(accountId);
  const accountName = useAccountName(accountId);
  const teacherName = useUserStore(selectTeacherName);
  const add = useAddStudent(accountId ?? 'none');
  const { mutateAsync } = add;
  const addChild = useCallback(
    (child: NewChild) => {
      if (!accountId) return Promise.reject(new ApiError({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in to add a child.' }));
      return mutateAsync(child);
    },
    [accountId, mutateAsync],
  );
  let studentsNote: string | undefined;
  if (!learner) studentsNote = 'Children saved to your Kalike account show here after you sign in.';
  else if (accountId && students.isPending) studentsNote = 'Loading your children…';
  else if (students.isError) studentsNote = 'Your saved children could not be loaded. Choose Myself, or add the child again.';
  return {
    learner,
    formProps: {
      students: students.data?.map((student) => ({ id: student.id, name: student.name })),
      studentsNote,
      // Signed out, the child is saved after sign-in, when the enquiry is sent.
      canAddChild: !learner || (accountId !== null && (students.data?.length ?? 0) < maxStudents),
      // A teacher learning on the same phone starts with a learner account without a name: the
      // name on their teacher profile is theirs, so they are not asked for it again.
      accountName: learner?.name || accountName || (learner ? teacherName : ''),
    },
    addChild,
  };
}
