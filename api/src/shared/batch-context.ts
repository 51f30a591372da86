import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Batches with what they belong to: the program (`p`), the listing it is offered under (`l`)
 * and the teacher who teaches it (`t`), beside the batch itself (`b`). Every key on that road is
 * a required foreign key, so the joins never drop a batch; callers join their own tables onto
 * `b.id` and pick the columns they need.
 */
export function selectBatchesWithTeacher(db: Kysely<Database>) {
  return db
    .selectFrom('batches as b')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .innerJoin('teachers as t', 't.id', 'l.teacher_id');
}
