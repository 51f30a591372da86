import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { demoBookingQueries } from '../modules/enquiries/demo-bookings.repository';

/**
 * A demo of one class booked by a family, as accepting the teacher's offer leaves it: an enquiry
 * to the class's listing in `demo_booked` naming the session, and the family's seat on the class.
 * Answers the enquiry and the booking.
 */
export async function bookedDemo(
  db: Kysely<Database>,
  { learnerAccountId, sessionId, studentId = null, at }: { learnerAccountId: string; sessionId: string; studentId?: string | null; at: Date },
): Promise<{ enquiryId: string; bookingId: string }> {
  const target = await db
    .selectFrom('class_sessions as s')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .select(['b.id as batch_id', 'p.id as program_id', 'l.id as listing_id', 'l.teacher_id'])
    .where('s.id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const family = await db
    .selectFrom('learner_accounts as la')
    .innerJoin('users as u', 'u.id', 'la.user_id')
    .select(['la.name', 'u.phone'])
    .where('la.id', '=', learnerAccountId)
    .executeTakeFirstOrThrow();
  const request = await db
    .insertInto('enquiry_requests')
    .values({
      learner_account_id: learnerAccountId,
      idempotency_key: randomBytes(8).toString('hex'),
      request_hash: randomBytes(8).toString('hex'),
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      request_id: request.id,
      learner_account_id: learnerAccountId,
      teacher_id: target.teacher_id,
      listing_id: target.listing_id,
      program_id: target.program_id,
      student_id: studentId,
      state: 'demo_booked',
      contact_name: family.name,
      contact_phone: family.phone,
      alternate_phone: null,
      preferred_days: [1],
      preferred_times: ['morning'],
      mode: 'any',
      message: '',
      ref_page: 'listing',
      ref_section: 'enquire',
      student_age_years: null,
      level: null,
      goals: null,
      teacher_message: null,
      offer_kind: 'demo',
      offer_batch_id: target.batch_id,
      offer_session_id: sessionId,
      decline_reason: null,
      close_reason: null,
      batch_student_id: null,
      respond_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await demoBookingQueries(db).bookDemo({ sessionId, enquiryId: enquiry.id, learnerAccountId, studentId, at });
  const booking = await db.selectFrom('demo_bookings').select('id').where('enquiry_id', '=', enquiry.id).executeTakeFirstOrThrow();
  return { enquiryId: enquiry.id, bookingId: booking.id };
}
