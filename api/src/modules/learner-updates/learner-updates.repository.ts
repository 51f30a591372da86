import type { Kysely } from 'kysely';
import type { EnquiryActor, EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import type { ClassUpdateKindColumn, Database, EnquiryEventsTable } from '../../db/schema';
import { selectBatchesWithTeacher } from '../../shared/batch-context';

/** An enquiry with its latest lifecycle move, and the offer that move may have made. */
export interface EnquiryMoveRow {
  id: string;
  state: EnquiryState;
  listing_title: string;
  teacher_id: string;
  teacher_name: string;
  teacher_slug: string;
  category_slug: string;
  /** Never `enrich`: the query skips it. */
  action: EnquiryEventsTable['action'];
  actor: EnquiryActor;
  moved_at: Date;
  offer_starts_at: Date | null;
  offer_batch_name: string | null;
  offer_program_name: string | null;
}

/** One of the family's students in a batch with a cancelled session ahead: one row per student. */
export interface CancelledSessionRow {
  id: string;
  starts_at: Date;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  batch_name: string;
  teacher_name: string;
  student_name: string | null;
  account_name: string;
}

export interface BatchClassUpdateRow {
  id: string;
  kind: ClassUpdateKindColumn;
  title: string;
  body: string;
  published_at: Date;
  teacher_name: string;
  batch_name: string;
}

/** Batch students who still come to class; a student who left hears nothing more from the batch. */
const currentStatuses = ['enrolled', 'active'] as const;

/**
 * The account's enquiries whose latest move (details added by the learner are not a move)
 * was the teacher's or the system's, since `since`, latest first.
 */
function findAnsweredEnquiries(db: Kysely<Database>, learnerAccountId: string, since: Date, limit: number): Promise<EnquiryMoveRow[]> {
  return db
    .selectFrom('enquiries as e')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('enquiry_events as ev')
          .select(['ev.action', 'ev.actor', 'ev.created_at'])
          .whereRef('ev.enquiry_id', '=', 'e.id')
          .where('ev.action', '!=', 'enrich')
          .orderBy('ev.created_at', 'desc')
          .orderBy('ev.id', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .innerJoin('teachers as t', 't.id', 'e.teacher_id')
    .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .leftJoin('class_sessions as os', 'os.id', 'e.offer_session_id')
    .leftJoin('batches as ob', 'ob.id', 'e.offer_batch_id')
    .leftJoin('programs as op', 'op.id', 'ob.program_id')
    .select([
      'e.id',
      'e.state',
      'l.title as listing_title',
      't.id as teacher_id',
      't.name as teacher_name',
      't.slug as teacher_slug',
      'c.slug as category_slug',
      'latest.action',
      'latest.actor',
      'latest.created_at as moved_at',
      'os.starts_at as offer_starts_at',
      'ob.name as offer_batch_name',
      'op.name as offer_program_name',
    ])
    .where('e.learner_account_id', '=', learnerAccountId)
    .where('latest.actor', 'in', ['teacher', 'system'])
    .where('latest.created_at', '>=', since)
    .orderBy('latest.created_at', 'desc')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

export function createLearnerUpdatesRepository(db: Kysely<Database>) {
  const familyBatchIds = (learnerAccountId: string) =>
    db.selectFrom('batch_students').select('batch_id').where('learner_account_id', '=', learnerAccountId).where('status', 'in', currentStatuses);

  return {
    findAnsweredEnquiries: (learnerAccountId: string, since: Date, limit: number) => findAnsweredEnquiries(db, learnerAccountId, since, limit),

    /** Cancelled sessions from `from` on of batches the family's students still attend, newest cancellation first. */
    findCancelledSessionsAhead(learnerAccountId: string, from: Date, limit: number): Promise<CancelledSessionRow[]> {
      return selectBatchesWithTeacher(db)
        .innerJoin('class_sessions as s', 's.batch_id', 'b.id')
        .innerJoin('batch_students as bs', 'bs.batch_id', 's.batch_id')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .leftJoin('students as st', 'st.id', 'bs.student_id')
        .select([
          's.id',
          's.starts_at',
          's.cancelled_at',
          's.cancel_reason',
          'b.name as batch_name',
          't.name as teacher_name',
          'st.name as student_name',
          'la.name as account_name',
        ])
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where('bs.status', 'in', currentStatuses)
        .where('s.status', '=', 'cancelled')
        .where('s.starts_at', '>=', from)
        .orderBy('s.cancelled_at', 'desc')
        .orderBy('s.id')
        .orderBy('bs.created_at')
        .orderBy('bs.id')
        .limit(limit)
        .execute();
    },

    /** Updates teachers posted to the family's batches within [since, until], newest first. */
    findBatchClassUpdates(learnerAccountId: string, since: Date, until: Date, limit: number): Promise<BatchClassUpdateRow[]> {
      return db
        .selectFrom('class_updates as u')
        .innerJoin('teachers as t', 't.id', 'u.teacher_id')
        .innerJoin('batches as b', 'b.id', 'u.batch_id')
        .select(['u.id', 'u.kind', 'u.title', 'u.body', 'u.published_at', 't.name as teacher_name', 'b.name as batch_name'])
        .where('u.batch_id', 'in', familyBatchIds(learnerAccountId))
        .where('u.published_at', '>=', since)
        .where('u.published_at', '<=', until)
        .orderBy('u.published_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type LearnerUpdatesRepository = ReturnType<typeof createLearnerUpdatesRepository>;
