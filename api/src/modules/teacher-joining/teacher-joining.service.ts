import { randomUUID } from 'node:crypto';
import type { TeacherJoinBody, TeacherJoinResponse } from '@kalike/shared/contracts/teacher-joining';
import { checkPersonName } from '@kalike/shared/domain/account-values';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { SignIns } from '../auth/auth.port';
import type { TeacherJoiningRepository } from './teacher-joining.repository';
import { teacherSlugCandidates, tidyTeacherName } from './teacher-names';

export interface TeacherJoiningServiceDeps {
  repository: TeacherJoiningRepository;
  signIns: Pick<SignIns, 'startForUser'>;
}

export function createTeacherJoiningService({ repository, signIns }: TeacherJoiningServiceDeps) {
  return {
    /**
     * Makes the caller's phone a teacher's too: the teacher row (empty profile, what they teach,
     * where from) and the link from the user, in one transaction. Idempotent: a phone that is
     * already a teacher gets its teacher back (`created: false`), never a second row. Either way
     * the answer is a new teacher sign-in; the caller's own sign-in stays as it was.
     */
    async join(caller: AuthUser, body: TeacherJoinBody): Promise<{ created: boolean; response: TeacherJoinResponse }> {
      const name = tidyTeacherName(body.name);
      const outcome = await repository.transaction(async (tx) => {
        const user = await tx.lockUser(caller.userId);
        if (!user) throw new DomainError('UNAUTHORIZED', 'Sign in to continue', 401);
        if (user.teacher_id) return { created: false, teacherId: user.teacher_id } as const;

        // The one rule for a person's name (any script, letters and marks), as for accounts and students.
        const nameProblem = checkPersonName(name, { empty: 'Enter your name as families will see it.' });
        if (nameProblem) throw new DomainError('VALIDATION_ERROR', nameProblem, 400);
        if (!(await tx.categoryExists(body.categoryId))) {
          throw new DomainError('CATEGORY_NOT_FOUND', 'Choose what you teach from the list of subjects.', 400);
        }
        const localityId = body.place ? await tx.findLocalityId(body.place) : null;
        if (localityId === undefined) throw new DomainError('LOCALITY_NOT_FOUND', 'Choose your area from the places Kalike knows, or leave it empty.', 400);

        const teacherId = randomUUID();
        for (const slug of teacherSlugCandidates(name, teacherId)) {
          if (await tx.insertTeacher({ id: teacherId, slug, name, phone: user.phone, mainCategoryId: body.categoryId, localityId })) {
            await tx.linkTeacher(caller.userId, teacherId);
            return { created: true, teacherId } as const;
          }
        }
        throw new Error(`No free slug for teacher ${teacherId}`);
      });

      const teacher = await repository.findTeacher(outcome.teacherId);
      if (!teacher) throw new Error('A teacher vanished right after joining');
      const signedIn = await signIns.startForUser(caller.userId, 'Teacher');
      return { created: outcome.created, response: { teacher, ...signedIn } };
    },
  };
}

export type TeacherJoiningService = ReturnType<typeof createTeacherJoiningService>;
