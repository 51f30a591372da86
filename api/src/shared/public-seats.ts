import { sql, type RawBuilder } from 'kysely';

/**
 * The seats a visitor of the public pages sees left in a batch (the batch's alias in the
 * query): its capacity less the places admitted or paid. A seat held while a learner pays is
 * not shown taken until it is paid (then the page changes), so a hold tells nobody outside
 * that someone is paying for a place in this teacher's batch. Joining counts holds
 * (`freeSeats`), so a batch whose last seat is held refuses a second joiner.
 */
export function publicSeatsLeft(batch: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(`${batch}.capacity`)} - ${sql.ref(`${batch}.seats_taken`)}
    + (select count(*) from batch_students held where held.batch_id = ${sql.ref(`${batch}.id`)} and held.status = 'held')::int)`;
}
