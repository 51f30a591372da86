import { sql, type Kysely } from 'kysely';
import { istDateKey } from '@kalike/shared/format/dates';
import type { Database } from '../db/schema';
import { DomainError } from './domain-error';

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

/**
 * A batch has ended once its last day (`ends_on`, IST) has come: the day a teacher ends it, or
 * the last day they planned. From then on nobody joins it and no pack is sold for it; classes
 * already held stay as they are. The SQL form of the rule, for a batch aliased `b`.
 */
export const batchEndedBy = (today: string) => sql<boolean>`(b.ends_on is not null and b.ends_on <= ${today}::date)`;

export const batchEnded = () => new DomainError('BATCH_ENDED', 'This batch has ended; it takes no new students and sells no more class packs', 409);

/** Refuses with 409 BATCH_ENDED when the batch has ended by `at`; a batch that does not exist is the caller's to answer. */
export async function requireBatchNotEnded(db: Kysely<Database>, batchId: string, at: Date): Promise<void> {
  const row = await db
    .selectFrom('batches as b')
    .select(batchEndedBy(istDateKey(at)).as('ended'))
    .where('b.id', '=', batchId)
    .executeTakeFirst();
  if (row?.ended) throw batchEnded();
}
