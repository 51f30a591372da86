import { sql, type Kysely } from 'kysely';
import { terminalEnquiryStates, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import type { Database, EnquiryEventsTable } from '../../db/schema';
import { findClassPackPlans, type ClassPackPlanRow } from '../../shared/class-pack-plans';
import { findEnquiryBatches, type EnquiryBatchRow } from '../../shared/enquiry-batches';
import { enquiryColumns, type EnquiryRow } from './enquiry-rows';

/** An enquiry with the names its DTO shows, read in one query. */
export interface EnquiryViewRow extends EnquiryRow {
  teacher_name: string;
  teacher_slug: string;
  teacher_photo_url: string | null;
  listing_title: string;
  category_id: string;
  category_slug: string;
  category_name: string;
  program_name: string | null;
  student_name: string | null;
  student_date_of_birth: string | null;
  class_pack_paid: boolean;
}

export interface EnquiryEventRow {
  enquiry_id: string;
  action: EnquiryEventsTable['action'];
  to_state: EnquiryState;
  actor: EnquiryEventsTable['actor'];
  message: string | null;
  created_at: Date;
}

export type OfferBatchRow = EnquiryBatchRow;

export type OfferPlanRow = ClassPackPlanRow;

export interface OfferSessionRow {
  id: string;
  batch_id: string;
  starts_at: Date;
  ends_at: Date;
}

export const ENQUIRY_LIST_LIMIT = 200;

/** Reading enquiries as their parties see them: the view with its names, the history, the offer's batch and class. */
export function viewQueries(db: Kysely<Database>) {
  const viewQuery = () =>
    db
      .selectFrom('enquiries as e')
      .innerJoin('teachers as t', 't.id', 'e.teacher_id')
      .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
      .innerJoin('categories as c', 'c.id', 'l.category_id')
      .leftJoin('programs as p', 'p.id', 'e.program_id')
      .leftJoin('students as s', 's.id', 'e.student_id')
      .select(enquiryColumns.map((column) => `e.${column}` as const))
      .select([
        sql<number[]>`e.preferred_days::int[]`.as('preferred_days'),
        't.name as teacher_name',
        't.slug as teacher_slug',
        't.photo_url as teacher_photo_url',
        'l.title as listing_title',
        'c.id as category_id',
        'c.slug as category_slug',
        'c.name as category_name',
        'p.name as program_name',
        's.name as student_name',
        // As text: drivers differ in how they parse a date.
        sql<string | null>`s.date_of_birth::text`.as('student_date_of_birth'),
        // A pack counts as paid once bought, even when used up or replaced since; `expired` never was.
        sql<boolean>`exists (
          select 1 from batch_student_plans bsp
          where bsp.batch_student_id = e.batch_student_id and bsp.status in ('active', 'used_up', 'replaced')
        )`.as('class_pack_paid'),
      ]);

  return {
    findViews(ids: readonly string[]): Promise<EnquiryViewRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return viewQuery()
        .where('e.id', 'in', [...ids])
        .execute();
    },

    /** Newest first. `owner` is the learner's account or the addressed teacher. */
    listViews(owner: { learnerAccountId: string } | { teacherId: string }, status: 'open' | 'ended' | undefined): Promise<EnquiryViewRow[]> {
      let query = viewQuery();
      query =
        'learnerAccountId' in owner ? query.where('e.learner_account_id', '=', owner.learnerAccountId) : query.where('e.teacher_id', '=', owner.teacherId);
      if (status === 'open') query = query.where('e.state', 'not in', [...terminalEnquiryStates]);
      if (status === 'ended') query = query.where('e.state', 'in', [...terminalEnquiryStates]);
      return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(ENQUIRY_LIST_LIMIT).execute();
    },

    findEvents(enquiryIds: readonly string[]): Promise<EnquiryEventRow[]> {
      if (enquiryIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('enquiry_events')
        .select(['enquiry_id', 'action', 'to_state', 'actor', 'message', 'created_at'])
        .where('enquiry_id', 'in', [...enquiryIds])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    findOfferBatches(batchIds: readonly string[]): Promise<OfferBatchRow[]> {
      return findEnquiryBatches(db, batchIds);
    },

    findOfferPlans(batchIds: readonly string[]): Promise<OfferPlanRow[]> {
      return findClassPackPlans(db, batchIds);
    },

    findOfferSessions(sessionIds: readonly string[]): Promise<OfferSessionRow[]> {
      if (sessionIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('class_sessions')
        .select(['id', 'batch_id', 'starts_at', 'ends_at'])
        .where('id', 'in', [...sessionIds])
        .execute();
    },
  };
}
