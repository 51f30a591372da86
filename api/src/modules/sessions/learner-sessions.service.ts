import type { UpcomingSessions, UpcomingSessionsQuery } from '@kalike/shared/contracts/sessions';
import { upcomingDays } from '@kalike/shared/domain/session-values';
import type { AuthUser } from '../../plugins/auth';
import type { ClassAccessOf } from '../payments/payments.port';
import { sessionLearners, type Withheld } from './session-views';
import type { SessionsRepository } from './sessions.repository';
import type { UpcomingSessionsList } from './upcoming-sessions';

export interface LearnerSessionsDeps {
  repository: Pick<SessionsRepository, 'findPlacesOfLearner' | 'findDemoSeatsOfLearner'>;
  upcoming: UpcomingSessionsList;
  classAccess: ClassAccessOf;
  now: () => Date;
}

/** The family's own sessions: every batch it has a place in, and whether it may have the online room. */
export function createLearnerSessions({ repository, upcoming, classAccess, now }: LearnerSessionsDeps) {
  return {
    /** Every batch the family has a place in, each once, with this family's students in it. */
    async learnerUpcoming(user: AuthUser, query: UpcomingSessionsQuery): Promise<UpcomingSessions> {
      const learnerAccountId = sessionLearners.idOf(user);
      const [places, demos] = await Promise.all([repository.findPlacesOfLearner(learnerAccountId, now()), repository.findDemoSeatsOfLearner(learnerAccountId)]);
      const placeBatchIds = new Set(places.map((place) => place.batch_id));
      // A demo booked in a batch the family is not in lists that one class, with its place.
      const demoOnlyBatchIds = new Set(demos.map((demo) => demo.batch_id).filter((batchId) => !placeBatchIds.has(batchId)));
      const batchIds = [...placeBatchIds, ...demoOnlyBatchIds];
      const access = await classAccess(places.map((place) => place.id));
      // The room is the family's when any of its students in the batch may attend; else the first reason.
      const withheldOf = (batchId: string): Withheld | null => {
        const inBatch = places.filter((place) => place.batch_id === batchId).map((place) => access.get(place.id));
        if (inBatch.some((entry) => entry?.allowed)) return null;
        const refused = inBatch.find((entry) => entry && !entry.allowed);
        return refused && !refused.allowed ? { reason: refused.reason, message: refused.message } : null;
      };
      return upcoming(batchIds, places, query.days ?? upcomingDays.default, false, withheldOf, { learnerAccountId, demoOnlyBatchIds });
    },
  };
}
