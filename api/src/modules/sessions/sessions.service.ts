import type { TransactionHandle } from '../../shared/transactional-repository';
import type { ClassAccess } from '../payments/payments.port';
import type { ClassStanding, ConsumedClass } from '../payments/payments.port';
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
  /** The ledger's consumeClass, inside the caller's transaction. */
  consumeClassWithin: (handle: TransactionHandle, batchStudentId: string, sessionId: string) => Promise<ConsumedClass>;
  /** Who may have a batch's class link, and why not (payments). */
  classAccess: (batchStudentIds: readonly string[]) => Promise<Map<string, ClassAccess>>;
  /** Where batch students stand with their packs and the ledger (payments). */
  classStanding: (batchStudentIds: readonly string[]) => Promise<Map<string, ClassStanding>>;
  now: () => Date;
}

/**
 * The sessions service the routes use, put together from its parts in the files beside this
 * one: the family's sessions, the teacher's week, the register, and the teacher's changes to a
 * batch's classes (cancellations, holidays, extra classes).
 */
export function createSessionsService({ repository, generation, consumeClassWithin, classAccess, classStanding, now }: SessionsServiceDeps) {
  const upcoming = createUpcomingSessions({ repository, generation, now });
  return {
    ...createLearnerSessions({ repository, upcoming, classAccess, now }),
    ...createTeacherWeek({ repository, generation, upcoming, now }),
    ...createSessionRegister({ repository, consumeClassWithin, classStanding, now }),
    ...createBatchChanges({ repository, generation, now }),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
