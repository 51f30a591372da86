import { enquiryStates, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { walkHistory } from './enquiries/enquiry-history';
import { plans } from './enquiries/enquiry-plans';
import { sendRequest } from './enquiries/enquiry-request';
import { enquiryRow } from './enquiries/enquiry-row';
import { createEnquirySeedContext, type EnquiryRows, type SeedBatch, type SeedListing } from './enquiries/enquiry-seed-context';
import { createListingChooser } from './enquiries/listing-choice';
import type { Random } from './random';

/** Asha's enquiries, one in every state, on fixed ids so the UI and e2e tests can open each directly. */
export const wellKnownEnquiryIds: Readonly<Record<EnquiryState, string>> = {
  sent: '00000000-0000-4000-8000-000000000401',
  seen: '00000000-0000-4000-8000-000000000402',
  responded: '00000000-0000-4000-8000-000000000403',
  demo_offered: '00000000-0000-4000-8000-000000000404',
  demo_booked: '00000000-0000-4000-8000-000000000405',
  batch_offered: '00000000-0000-4000-8000-000000000406',
  enrolled: '00000000-0000-4000-8000-000000000407',
  declined: '00000000-0000-4000-8000-000000000408',
  closed: '00000000-0000-4000-8000-000000000409',
  expired: '00000000-0000-4000-8000-000000000410',
};

export interface SeedEnquiriesOptions {
  random: Random;
  anchorDate: string;
  /** The first teacher is the teacher of the day, who signs in as wellKnownTeacher. */
  teacherOfTheDayId: string;
  listings: readonly SeedListing[];
  batches: readonly SeedBatch[];
}

/**
 * Asha's enquiries, one per lifecycle state, several to the teacher of the day, with their
 * events, offers on real batches and sessions, and the batch student of the enrolled one.
 * Dated before the anchor day except the deadlines still running, so on a fresh database the
 * open ones are current.
 */
export async function seedEnquiries(db: Kysely<Database>, options: SeedEnquiriesOptions): Promise<Record<string, number>> {
  const context = createEnquirySeedContext(db, options);
  const choose = createListingChooser(context, options.listings, options.batches);
  const rows: EnquiryRows = { requests: [], enquiries: [], events: [], batchStudents: [], enrolments: [] };
  const teacherUserIds = new Map(
    (await db.selectFrom('users').select(['id', 'teacher_id']).where('teacher_id', 'is not', null).execute()).map((row) => [row.teacher_id, row.id]),
  );

  for (const plan of plans) {
    const enquiry = { id: wellKnownEnquiryIds[plan.state], plan, ...(await choose(plan)) };
    const request = sendRequest(context, enquiry, rows);
    const history = walkHistory(context, enquiry, request, teacherUserIds, rows);
    rows.enquiries.push(enquiryRow(options.anchorDate, enquiry, request, history));
  }

  if (rows.enquiries.length !== enquiryStates.length) throw new Error('The seed must hold one enquiry in every state');
  await db.insertInto('enquiry_requests').values(rows.requests).execute();
  // The enrolled enquiry and its batch student point at each other: the seat first, then the
  // enquiry, then the seat's link back.
  if (rows.batchStudents.length > 0) await db.insertInto('batch_students').values(rows.batchStudents).execute();
  await db.insertInto('enquiries').values(rows.enquiries).execute();
  for (const { batchStudentId, enquiryId } of rows.enrolments) {
    await db.updateTable('batch_students').set({ enquiry_id: enquiryId }).where('id', '=', batchStudentId).execute();
  }
  await db.insertInto('enquiry_events').values(rows.events).execute();
  // A booked demo is a seat on its class, as booking one in the app writes it; its id comes from
  // its enquiry's, so the same seed writes the same rows.
  await db
    .insertInto('demo_bookings')
    .columns(['id', 'session_id', 'enquiry_id', 'learner_account_id', 'student_id', 'booked_at'])
    .expression((eb) =>
      eb
        .selectFrom('enquiries')
        .select([
          sql<string>`md5('demo-booking:' || id::text)::uuid`.as('id'),
          'offer_session_id as session_id',
          'id as enquiry_id',
          'learner_account_id',
          'student_id',
          'updated_at as booked_at',
        ])
        .where('state', '=', 'demo_booked')
        .where('offer_kind', '=', 'demo')
        .where('offer_session_id', 'is not', null),
    )
    .execute();
  return {
    enquiry_requests: rows.requests.length,
    enquiries: rows.enquiries.length,
    enquiry_events: rows.events.length,
    batch_students: rows.batchStudents.length,
  };
}
