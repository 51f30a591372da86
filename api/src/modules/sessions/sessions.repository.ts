import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { transactionalRepository } from '../../shared/transactional-repository';
import { correctionQueries } from './attendance-corrections.repository';
import { batchChangeQueries } from './batch-changes.repository';
import { calendarFeedQueries, demoSeatQueries, feedOwnerQueries } from './calendar-feeds.repository';
import { generationQueries } from './session-generation.repository';
import { registerQueries } from './session-register.repository';
import { viewQueries } from './session-views.repository';

function queries(db: Kysely<Database>) {
  return {
    ...generationQueries(db),
    ...viewQueries(db),
    ...registerQueries(db),
    ...correctionQueries(db),
    ...batchChangeQueries(db),
    ...calendarFeedQueries(db),
    ...demoSeatQueries(db),
    ...feedOwnerQueries(db),
  };
}

export type SessionsQueries = ReturnType<typeof queries>;

/**
 * Every sessions query, by concern in the files beside this one, bound to the database or to
 * one transaction: a teacher's move writes the session, its texts and its attendance together.
 */
export function createSessionsRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
