import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enrolmentHoldQueries } from './enrolment-holds.repository';
import { enrolmentPlaceQueries } from './enrolment-places.repository';
import { enrolmentSeatQueries } from './enrolment-seats.repository';

/**
 * Every statement on `batch_students` and on the seat count `batches.seats_taken`. Seat
 * counting: `seats_taken` counts every place that keeps a seat (enrolled, active, and held
 * until its deadline). Every seat decision first gives back the batch's lapsed holds under the
 * batch's row lock, so no seat waits for the background sweep, which only brings the shown
 * counts up to date between decisions. Statuses move only as the lifecycle table allows.
 * The teacher page shows each batch's free seats, so every change of the count is recorded
 * as a change of that page.
 */
export function enrolmentQueries(db: Kysely<Database>) {
  const seats = enrolmentSeatQueries(db);
  return { ...seats, ...enrolmentPlaceQueries(db, seats), ...enrolmentHoldQueries(db, seats) };
}
