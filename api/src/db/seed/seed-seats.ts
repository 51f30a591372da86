import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Sets every batch's seats taken to the places seeded in it, counted as the API counts them
 * (held, enrolled and active: `docs/batch-seats.md`). The seed's scenarios choose batches by
 * how full they are drawn, but a seat a batch shows taken must be somebody the teacher sees on
 * its register; a count with nobody behind it would read "5 of 12 seats left" on the public
 * page beside "No students are enrolled in this batch yet". Runs after every place is seeded.
 */
export async function countSeatsFromPlaces(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('batches as b')
    .set({
      seats_taken: sql<number>`(select count(*) from batch_students bs where bs.batch_id = b.id and bs.status in ('held', 'enrolled', 'active'))::int`,
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
