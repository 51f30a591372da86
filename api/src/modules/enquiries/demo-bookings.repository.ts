import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A booked demo class as a seat of its own (`demo_bookings`), written with the enquiry's move. */
export function demoBookingQueries(db: Kysely<Database>) {
  return {
    /**
     * The family's seat on the demo class they booked: listed in both schedules, the register
     * and the calendar feeds beside the batch's students. One per enquiry; a new booking moves it.
     */
    async bookDemo(booking: { sessionId: string; enquiryId: string; learnerAccountId: string; studentId: string | null; at: Date }): Promise<void> {
      await db
        .insertInto('demo_bookings')
        .values({
          session_id: booking.sessionId,
          enquiry_id: booking.enquiryId,
          learner_account_id: booking.learnerAccountId,
          student_id: booking.studentId,
          booked_at: booking.at,
        })
        .onConflict((oc) => oc.column('enquiry_id').doUpdateSet({ session_id: booking.sessionId, booked_at: booking.at, cancelled_at: null }))
        .execute();
    },

    /** A demo not yet started leaves the schedules when its enquiry ends; one already held stays as it was. */
    async cancelUpcomingDemo(enquiryId: string, at: Date): Promise<void> {
      await db
        .updateTable('demo_bookings')
        .set({ cancelled_at: at })
        .where('enquiry_id', '=', enquiryId)
        .where('cancelled_at', 'is', null)
        .where('session_id', 'in', (eb) => eb.selectFrom('class_sessions').select('id').where('starts_at', '>', at))
        .execute();
    },
  };
}
