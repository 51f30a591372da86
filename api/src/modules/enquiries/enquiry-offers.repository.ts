import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { selectBatchesWithTeacher } from '../../shared/batch-context';
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

    findOwnBatch(teacherId: string, batchId: string): Promise<{ id: string; name: string; program_name: string; seats_left: number } | undefined> {
      return selectBatchesWithTeacher(db)
        .select(['b.id', 'b.name', 'p.name as program_name', sql<number>`(b.capacity - b.seats_taken)::int`.as('seats_left')])
        .where('b.id', '=', batchId)
        .where('l.teacher_id', '=', teacherId)
        .executeTakeFirst();
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
