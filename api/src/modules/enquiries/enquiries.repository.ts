import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { transactionalRepository } from '../../shared/transactional-repository';
import type { EnrolmentsPort } from '../enrolments/enrolments.port';
import { moveQueries } from './enquiry-moves.repository';
import { demoBookingQueries } from './demo-bookings.repository';
import { offerQueries } from './enquiry-offers.repository';
import { sendingQueries } from './enquiry-sending.repository';
import { viewQueries } from './enquiry-views.repository';
import { openEnquiryQueries } from './open-enquiries.repository';
import { matchQueries } from './teacher-matches.repository';

function queries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return {
    ...sendingQueries(db),
    ...matchQueries(db),
    ...openEnquiryQueries(db),
    ...moveQueries(db),
    ...offerQueries(db, enrolments),
    ...demoBookingQueries(db),
    ...viewQueries(db),
  };
}

export type EnquiriesQueries = ReturnType<typeof queries>;

/**
 * Every enquiries query, by sub-aggregate in the files beside this one, bound to the database
 * or to one transaction: a move writes the enquiry, its event, its message and a place together.
 */
export function createEnquiriesRepository(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return transactionalRepository(db, (scope) => queries(scope, enrolments));
}

export type EnquiriesRepository = ReturnType<typeof createEnquiriesRepository>;
