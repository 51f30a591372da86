import type { UpcomingSessions, UpcomingSessionsQuery } from '@kalike/shared/contracts/sessions';
import { upcomingDays } from '@kalike/shared/domain/session-values';
import type { AuthUser } from '../../plugins/auth';
import type { ClassAccessOf } from '../payments/payments.port';
import { sessionLearners, type Withheld } from './session-views';
import type { SessionsRepository } from './sessions.repository';
import type { UpcomingSessionsList } from './upcoming-sessions';

export interface LearnerSessionsDeps {
  repository: Pick<SessionsRepository, 'findPlacesOfLearner'>;
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
      const places = await repository.findPlacesOfLearner(learnerAccountId, now());
      const batchIds = [...new Set(places.map((place) => place.batch_id))];
      const access = await classAccess(places.map((place) => place.id));
      // The room is the family's when any of its students in the batch may attend; else the first reason.
      const withheldOf = (batchId: string): Withheld | null => {
        const inBatch = places.filter((place) => place.batch_id === batchId).map((place) => access.get(place.id));
        if (inBatch.some((entry) => entry?.allowed)) return null;
        const refused = inBatch.find((entry) => entry && !entry.allowed);
        return refused && !refused.allowed ? { reason: refused.reason, message: refused.message } : null;
      };
      return upcoming(batchIds, places, query.days ?? upcomingDays.default, false, withheldOf);
    },
  };
}
