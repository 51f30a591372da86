import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { batchEndedBy, selectBatchesWithTeacher } from '../../shared/batch-context';
import { transactionHandle } from '../../shared/transactional-repository';
import type { EnrolmentsPort } from '../enrolments/enrolments.port';
import type { OfferSessionRow } from './enquiry-views.repository';

/** What a teacher offers (a demo class, a batch) and what accepting a batch makes: a place, through the enrolments module. */
export function offerQueries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return {
    /** An upcoming scheduled session of one of the teacher's own batches. */
    findOwnUpcomingSession(teacherId: string, sessionId: string, after: Date): Promise<OfferSessionRow | undefined> {
      return selectBatchesWithTeacher(db)
        .innerJoin('class_sessions as s', 's.batch_id', 'b.id')
        .select(['s.id', 's.batch_id', 's.starts_at', 's.ends_at'])
        .where('s.id', '=', sessionId)
        .where('s.status', '=', 'scheduled')
        .where('s.starts_at', '>', after)
        .where('l.teacher_id', '=', teacherId)
        .executeTakeFirst();
    },

    /** One of the teacher's batches, with its seats left and whether it has ended by `today` (IST). */
    findOwnBatch(
      teacherId: string,
      batchId: string,
      today: string,
    ): Promise<{ id: string; name: string; program_name: string; seats_left: number; ended: boolean } | undefined> {
      return selectBatchesWithTeacher(db)
        .select(['b.id', 'b.name', 'p.name as program_name', sql<number>`(b.capacity - b.seats_taken)::int`.as('seats_left'), batchEndedBy(today).as('ended')])
        .where('b.id', '=', batchId)
        .where('l.teacher_id', '=', teacherId)
        .executeTakeFirst();
    },

    /**
     * The teacher's batches that can still take a student: a seat left and not ended by `today`
     * (IST). Those of `listingId` first, then by name.
     */
    async findOwnOfferableBatchIds(teacherId: string, listingId: string, today: string, limit: number): Promise<string[]> {
      const rows = await selectBatchesWithTeacher(db)
        .select(['b.id'])
        .where('l.teacher_id', '=', teacherId)
        .where(sql<boolean>`b.capacity > b.seats_taken`)
        .where(sql<boolean>`not ${batchEndedBy(today)}`)
        .orderBy(sql`case when l.id = ${listingId} then 0 else 1 end`)
        .orderBy('b.name')
        .orderBy('b.id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The teacher's scheduled classes starting between `after` and `until`, soonest first. */
    findOwnUpcomingSessions(
      teacherId: string,
      after: Date,
      until: Date,
      limit: number,
    ): Promise<(OfferSessionRow & { batch_name: string; program_name: string })[]> {
      return selectBatchesWithTeacher(db)
        .innerJoin('class_sessions as s', 's.batch_id', 'b.id')
        .select(['s.id', 's.batch_id', 's.starts_at', 's.ends_at', 'b.name as batch_name', 'p.name as program_name'])
        .where('l.teacher_id', '=', teacherId)
        .where('s.status', '=', 'scheduled')
        .where('s.starts_at', '>', after)
        .where('s.starts_at', '<', until)
        .orderBy('s.starts_at')
        .orderBy('s.id')
        .limit(limit)
        .execute();
    },

    findBatchName(batchId: string): Promise<{ name: string; program_name: string } | undefined> {
      return db
        .selectFrom('batches as b')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .select(['b.name', 'p.name as program_name'])
        .where('b.id', '=', batchId)
        .executeTakeFirst();
    },

    /** The session if it is still scheduled and has not started. */
    findUpcomingSession(sessionId: string, after: Date): Promise<OfferSessionRow | undefined> {
      return db
        .selectFrom('class_sessions')
        .select(['id', 'batch_id', 'starts_at', 'ends_at'])
        .where('id', '=', sessionId)
        .where('status', '=', 'scheduled')
        .where('starts_at', '>', after)
        .executeTakeFirst();
    },
    /** The learner's place in the offered batch, in this transaction; null when the batch is full. */
    enrolFromEnquiry(values: { batchId: string; learnerAccountId: string; studentId: string | null; enquiryId: string; at: Date }): Promise<string | null> {
      return enrolments.enrolFromEnquiry(transactionHandle(db), values);
    },

    findBatchStudent(id: string): Promise<{ id: string; batch_id: string } | undefined> {
      return enrolments.findPlace(transactionHandle(db), id);
    },
  };
}
