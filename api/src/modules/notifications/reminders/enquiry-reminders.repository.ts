import type { Kysely } from 'kysely';
import { enquiryLifecycle } from '@kalike/shared/domain/enquiry-lifecycle';
import type { Database } from '../../../db/schema';

/** An enquiry the teacher has not answered, with the deadline of the first answer. */
export interface UnansweredEnquiryRow {
  id: string;
  respond_by: Date;
  teacher_user_id: string;
  listing_title: string;
}

/** A demo class offered and not booked yet, with the class that ends the offer when it starts. */
export interface OpenDemoOfferRow {
  id: string;
  session_id: string;
  starts_at: Date;
  user_id: string;
  teacher_name: string;
  listing_title: string;
}

/** The states an enquiry expires from: those still waiting for the teacher's first answer. */
const unanswered = enquiryLifecycle.transitions.expire.from;

/** The reads the reminders sweep makes about enquiries. */
export function enquiryReminderQueries(db: Kysely<Database>) {
  return {
    /** Unanswered enquiries whose deadline falls in (after, until] (the partial index on open deadlines). */
    unansweredDueBetween(after: Date, until: Date, limit: number): Promise<UnansweredEnquiryRow[]> {
      return db
        .selectFrom('enquiries as e')
        .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
        .innerJoin('users as tu', 'tu.teacher_id', 'e.teacher_id')
        .select(['e.id', 'e.respond_by as respond_by', 'tu.id as teacher_user_id', 'l.title as listing_title'])
        .where('e.state', 'in', [...unanswered])
        .where('e.respond_by', '>', after)
        .where('e.respond_by', '<=', until)
        .orderBy('e.respond_by')
        .orderBy('e.id')
        .limit(limit)
        .$narrowType<{ respond_by: Date }>()
        .execute();
    },

    /**
     * Demo offers still open whose class starts in (after, until]: a demo can no longer be
     * booked once its class has started or was cancelled, so that is when the offer ends.
     */
    demoOffersEndingBetween(after: Date, until: Date, limit: number): Promise<OpenDemoOfferRow[]> {
      return db
        .selectFrom('class_sessions as s')
        .innerJoin('enquiries as e', 'e.offer_session_id', 's.id')
        .innerJoin('learner_accounts as la', 'la.id', 'e.learner_account_id')
        .innerJoin('teachers as t', 't.id', 'e.teacher_id')
        .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
        .select(['e.id', 's.id as session_id', 's.starts_at', 'la.user_id', 't.name as teacher_name', 'l.title as listing_title'])
        .where('s.status', '=', 'scheduled')
        .where('s.starts_at', '>', after)
        .where('s.starts_at', '<=', until)
        .where('e.state', '=', 'demo_offered')
        .where('e.offer_kind', '=', 'demo')
        .orderBy('s.starts_at')
        .orderBy('e.id')
        .limit(limit)
        .execute();
    },

    /** Is the enquiry still waiting for the teacher's first answer by that deadline? */
    async isUnanswered(enquiryId: string): Promise<boolean> {
      const row = await db
        .selectFrom('enquiries')
        .select('id')
        .where('id', '=', enquiryId)
        .where('state', 'in', [...unanswered])
        .where('respond_by', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Is this demo still offered, for the class starting then, and that class still on? (An offer
     * replaced by another names another class; once the class starts the reminder's validity ends.)
     */
    async isDemoStillOffered(enquiryId: string, startsAt: string): Promise<boolean> {
      const row = await db
        .selectFrom('enquiries as e')
        .innerJoin('class_sessions as s', 's.id', 'e.offer_session_id')
        .select('e.id')
        .where('e.id', '=', enquiryId)
        .where('e.state', '=', 'demo_offered')
        .where('s.status', '=', 'scheduled')
        .where('s.starts_at', '=', new Date(startsAt))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type EnquiryReminderQueries = ReturnType<typeof enquiryReminderQueries>;
