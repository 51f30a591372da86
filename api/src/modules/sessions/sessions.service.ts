import type { ClassAccessOf, ClassStandingOf, ConsumeClassWithin, GiveBackLostClassWithin, ReturnClassWithin } from '../payments/payments.port';
import { createAttendanceCorrections } from './attendance-corrections.service';
import { createBatchChanges } from './batch-changes.service';
import { createLearnerSessions } from './learner-sessions.service';
import type { SessionGeneration } from './session-generation';
import { createSessionRegister } from './session-register.service';
import type { SessionsRepository } from './sessions.repository';
import { createTeacherWeek } from './teacher-week.service';
import { createUpcomingSessions } from './upcoming-sessions';

export interface SessionsServiceDeps {
  repository: SessionsRepository;
  generation: SessionGeneration;
  consumeClassWithin: ConsumeClassWithin;
  returnClassWithin: ReturnClassWithin;
  classAccess: ClassAccessOf;
  classStanding: ClassStandingOf;
  giveBackLostClassWithin: GiveBackLostClassWithin;
  now: () => Date;
}

/**
 * The sessions service the routes use, put together from its parts in the files beside this
 * one: the family's sessions, the teacher's week, the register and its corrections, and the teacher's changes to a
 * batch's classes (cancellations, holidays, extra classes).
 */
export function createSessionsService({
  repository,
  generation,
  consumeClassWithin,
  returnClassWithin,
  classAccess,
  classStanding,
  giveBackLostClassWithin,
  now,
}: SessionsServiceDeps) {
  const upcoming = createUpcomingSessions({ repository, generation, now });
  return {
    ...createLearnerSessions({ repository, upcoming, classAccess, now }),
    ...createTeacherWeek({ repository, generation, upcoming, now }),
    ...createSessionRegister({ repository, consumeClassWithin, classStanding, now }),
    ...createAttendanceCorrections({ repository, consumeClassWithin, returnClassWithin, classStanding, now }),
    ...createBatchChanges({ repository, generation, giveBackLostClassWithin, now }),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
