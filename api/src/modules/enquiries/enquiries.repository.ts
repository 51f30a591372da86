import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { enquiryStates, isOpenEnquiry, terminalEnquiryStates, type EnquiryState } from '@kalike/shared/format/enquiry-lifecycle';
import type { ListingModeKind } from '@kalike/shared/format/listing-values';
import type { Database, EnquiriesTable, EnquiryEventsTable, EnquiryRequestOutcome } from '../../db/schema';
import { createMessageOutboxRepository, type OutgoingMessage } from '../messaging/message-outbox.repository';
import { findClassPackPlans, type ClassPackPlanRow } from '../../shared/class-pack-plans';
import { findEnquiryBatches, type EnquiryBatchRow } from '../../shared/enquiry-batches';
import { transactionalRepository, transactionHandle } from '../../shared/transactional-repository';
import type { EnrolmentsPort } from '../enrolments/enrolments.port';
import { selectBatchesWithTeacher } from '../../shared/batch-context';

export type EnquiryRow = Selectable<EnquiriesTable>;
export type EnquiryChanges = Omit<Updateable<EnquiriesTable>, 'id' | 'request_id' | 'learner_account_id' | 'teacher_id' | 'listing_id'>;

export interface NewEnquiry {
  requestId: string;
  learnerAccountId: string;
  teacherId: string;
  listingId: string;
  programId: string | null;
  studentId: string | null;
  contactName: string;
  contactPhone: string;
  alternatePhone: string | null;
  preferredDays: number[];
  preferredTimes: EnquiryRow['preferred_times'];
  mode: EnquiryRow['mode'];
  message: string;
  refPage: string;
  refSection: string;
  respondBy: Date;
  at: Date;
}

export interface NewEvent {
  enquiryId: string;
  action: EnquiryEventsTable['action'];
  fromState: EnquiryState | null;
  toState: EnquiryState;
  actor: EnquiryEventsTable['actor'];
  actorUserId: string | null;
  message: string | null;
  at: Date;
}

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

/** Who is told about a move, and the names the message uses. */
export interface NotificationContextRow {
  teacher_name: string;
  teacher_phone: string;
  listing_title: string;
  contact_name: string;
  contact_phone: string;
}

export interface EnquiryScope {
  learnerAccountId?: string;
  teacherId?: string;
  enquiryId?: string;
}

export const ENQUIRY_LIST_LIMIT = 200;

export interface ListingBatchRow {
  listing_id: string;
  days_of_week: number[];
  start_time: string;
  place: 'apartment' | 'locality' | 'online';
  place_name: string;
}

export interface NearListingRow {
  id: string;
  title: string;
  mode: ListingModeKind;
  price_from_paise: number;
  teacher_name: string;
  category_slug: string;
  category_name: string;
  distance_metres: number;
}

const openStates = (): EnquiryState[] => enquiryStates.filter(isOpenEnquiry);

// Every column but preferred_days, which is read cast to int[]: PGlite and node-postgres parse
// a smallint[] differently.
const enquiryColumns = [
  'id', 'request_id', 'learner_account_id', 'teacher_id', 'listing_id', 'program_id', 'student_id', 'state',
  'contact_name', 'contact_phone', 'alternate_phone', 'preferred_times', 'mode', 'message', 'ref_page',
  'ref_section', 'student_age_years', 'level', 'goals', 'teacher_message', 'offer_kind', 'offer_batch_id',
  'offer_session_id', 'decline_reason', 'close_reason', 'batch_student_id', 'respond_by', 'created_at', 'updated_at',
] as const satisfies readonly Exclude<keyof EnquiriesTable, 'preferred_days'>[];

function queries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  const outbox = createMessageOutboxRepository(db);

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
        // A pack counts as paid once bought, even when used up or replaced since; `expired` never was.
        sql<boolean>`exists (
          select 1 from batch_student_plans bsp
          where bsp.batch_student_id = e.batch_student_id and bsp.status in ('active', 'used_up', 'replaced')
        )`.as('class_pack_paid'),
      ]);

  return {
    // Creating

    /**
     * Serialises one learner's submissions, so the same key sent twice at once, or two keys
     * for the same teacher, are decided one after the other within their transactions.
     */
    async lockLearnerSubmissions(learnerAccountId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`enquiries:create:${learnerAccountId}`}))`.execute(db);
    },

    findRequest(
      learnerAccountId: string,
      idempotencyKey: string,
    ): Promise<{ id: string; request_hash: string; outcome: EnquiryRequestOutcome[] } | undefined> {
      return db
        .selectFrom('enquiry_requests')
        .select(['id', 'request_hash', 'outcome'])
        .where('learner_account_id', '=', learnerAccountId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async insertRequest(values: { learnerAccountId: string; idempotencyKey: string; requestHash: string; at: Date }): Promise<string> {
      const row = await db
        .insertInto('enquiry_requests')
        .values({
          learner_account_id: values.learnerAccountId,
          idempotency_key: values.idempotencyKey,
          request_hash: values.requestHash,
          created_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async saveOutcome(requestId: string, outcome: EnquiryRequestOutcome[]): Promise<void> {
      await db.updateTable('enquiry_requests').set({ outcome: JSON.stringify(outcome) }).where('id', '=', requestId).execute();
    },

    findAccountContact(learnerAccountId: string): Promise<{ name: string; phone: string } | undefined> {
      return db
        .selectFrom('learner_accounts as la')
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .select(['la.name', 'u.phone'])
        .where('la.id', '=', learnerAccountId)
        .executeTakeFirst();
    },

    async completeAccountName(learnerAccountId: string, name: string, at: Date): Promise<void> {
      await db
        .updateTable('learner_accounts')
        .set({ name, updated_at: at })
        .where('id', '=', learnerAccountId)
        .where('name', '=', '')
        .execute();
    },

    async isOwnStudent(learnerAccountId: string, studentId: string): Promise<boolean> {
      const row = await db
        .selectFrom('students')
        .select('id')
        .where('id', '=', studentId)
        .where('learner_account_id', '=', learnerAccountId)
        .executeTakeFirst();
      return Boolean(row);
    },

    findActiveListing(listingId: string): Promise<{ id: string; teacher_id: string; mode: ListingModeKind; teacher_name: string } | undefined> {
      return db
        .selectFrom('teacher_listings')
        .innerJoin('teachers', 'teachers.id', 'teacher_listings.teacher_id')
        .select(['teacher_listings.id', 'teacher_listings.teacher_id', 'teacher_listings.mode', 'teachers.name as teacher_name'])
        .where('teacher_listings.id', '=', listingId)
        .where('teacher_listings.is_active', '=', true)
        .executeTakeFirst();
    },

    /** The schedules and places of the listings' batches, for deciding what each listing offers. */
    findListingBatches(listingIds: readonly string[]): Promise<ListingBatchRow[]> {
      if (listingIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('batches as b')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .leftJoin('localities as lo', 'lo.id', 'b.locality_id')
        .leftJoin('apartments as ap', 'ap.id', 'b.apartment_id')
        .select([
          'p.listing_id',
          sql<number[]>`b.days_of_week::int[]`.as('days_of_week'),
          sql<string>`to_char(b.start_time, 'HH24:MI')`.as('start_time'),
          'b.place',
          sql<string>`coalesce(ap.name, lo.name, 'Online')`.as('place_name'),
        ])
        .where('p.listing_id', 'in', [...listingIds])
        .orderBy('b.start_time')
        .orderBy('b.id')
        .execute();
    },

    /** Active listings of a subject, nearest first, with their distance from the point in metres. */
    findNearestListings(categorySlug: string, point: { lat: number; lng: number }, limit: number): Promise<NearListingRow[]> {
      const origin = sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
      return db
        .selectFrom('teacher_listings as l')
        .innerJoin('categories as c', 'c.id', 'l.category_id')
        .innerJoin('teachers as t', 't.id', 'l.teacher_id')
        .select([
          'l.id',
          'l.title',
          'l.mode',
          'l.price_from_paise',
          't.name as teacher_name',
          'c.slug as category_slug',
          'c.name as category_name',
          sql<number>`round(earth_distance(${origin}, l.earth))::int`.as('distance_metres'),
        ])
        .where('c.slug', '=', categorySlug)
        .where('l.is_active', '=', true)
        .orderBy(sql`l.earth <-> ${origin}`)
        .orderBy('l.id')
        .limit(limit)
        .execute();
    },

    async isListingProgram(programId: string, listingId: string): Promise<boolean> {
      const row = await db.selectFrom('programs').select('id').where('id', '=', programId).where('listing_id', '=', listingId).executeTakeFirst();
      return Boolean(row);
    },

    /**
     * The open enquiry to this listing about this student (null: the learner themself), the
     * one the partial unique index enquiries_open_per_student_idx allows.
     */
    /** New enquiries the account sent since then: in all, and to each teacher. */
    async countEnquiriesSince(learnerAccountId: string, since: Date): Promise<{ total: number; byTeacher: Map<string, number> }> {
      const rows = await db
        .selectFrom('enquiries')
        .select(['teacher_id', (eb) => eb.fn.countAll<string>().as('count')])
        .where('learner_account_id', '=', learnerAccountId)
        .where('created_at', '>', since)
        .groupBy('teacher_id')
        .execute();
      const byTeacher = new Map(rows.map((row) => [row.teacher_id, Number(row.count)]));
      return { total: [...byTeacher.values()].reduce((sum, count) => sum + count, 0), byTeacher };
    },

    async findOpenEnquiryId(learnerAccountId: string, listingId: string, studentId: string | null, exceptRequestId?: string): Promise<string | undefined> {
      let query = db
        .selectFrom('enquiries')
        .select('id')
        .where('learner_account_id', '=', learnerAccountId)
        .where('listing_id', '=', listingId)
        .where('student_id', 'is not distinct from', studentId)
        .where('state', 'in', openStates());
      if (exceptRequestId) query = query.where('request_id', '!=', exceptRequestId);
      const row = await query.executeTakeFirst();
      return row?.id;
    },

    async insertEnquiry(values: NewEnquiry): Promise<string> {
      const row = await db
        .insertInto('enquiries')
        .values({
          request_id: values.requestId,
          learner_account_id: values.learnerAccountId,
          teacher_id: values.teacherId,
          listing_id: values.listingId,
          program_id: values.programId,
          student_id: values.studentId,
          state: 'sent',
          contact_name: values.contactName,
          contact_phone: values.contactPhone,
          alternate_phone: values.alternatePhone,
          preferred_days: values.preferredDays,
          preferred_times: values.preferredTimes,
          mode: values.mode,
          message: values.message,
          ref_page: values.refPage,
          ref_section: values.refSection,
          respond_by: values.respondBy,
          created_at: values.at,
          updated_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertEvent(event: NewEvent): Promise<void> {
      await db
        .insertInto('enquiry_events')
        .values({
          enquiry_id: event.enquiryId,
          action: event.action,
          from_state: event.fromState,
          to_state: event.toState,
          actor: event.actor,
          actor_user_id: event.actorUserId,
          message: event.message,
          created_at: event.at,
        })
        .execute();
    },

    enqueueMessage(message: OutgoingMessage, at: Date): Promise<void> {
      return outbox.enqueue(message, at);
    },

    // Moving

    lockEnquiry(id: string): Promise<EnquiryRow | undefined> {
      return db
        .selectFrom('enquiries')
        .select(enquiryColumns)
        .select(sql<number[]>`preferred_days::int[]`.as('preferred_days'))
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    findNotificationContext(enquiryId: string): Promise<NotificationContextRow | undefined> {
      return db
        .selectFrom('enquiries as e')
        .innerJoin('teachers as t', 't.id', 'e.teacher_id')
        .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
        .leftJoin('users as u', 'u.teacher_id', 't.id')
        .select([
          't.name as teacher_name',
          // The teacher's sign-in number is the one they read; the listed number is the fallback.
          sql<string>`coalesce(u.phone, t.phone)`.as('teacher_phone'),
          'l.title as listing_title',
          'e.contact_name',
          'e.contact_phone',
        ])
        .where('e.id', '=', enquiryId)
        .executeTakeFirst();
    },

    async updateEnquiry(id: string, changes: EnquiryChanges): Promise<void> {
      await db.updateTable('enquiries').set(changes).where('id', '=', id).execute();
    },

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

    /** The learner's place in the offered batch, in this transaction; null when the batch is full. */
    enrolFromEnquiry(values: { batchId: string; learnerAccountId: string; studentId: string | null; enquiryId: string; at: Date }): Promise<string | null> {
      return enrolments.enrolFromEnquiry(transactionHandle(db), values);
    },

    findBatchStudent(id: string): Promise<{ id: string; batch_id: string } | undefined> {
      return enrolments.findPlace(transactionHandle(db), id);
    },

    /** The learner's open enquiries from one submission, locked for an enrichment. */
    lockOpenOfRequest(requestId: string, learnerAccountId: string): Promise<{ id: string; state: EnquiryState; listing_id: string }[]> {
      return db
        .selectFrom('enquiries')
        .select(['id', 'state', 'listing_id'])
        .where('request_id', '=', requestId)
        .where('learner_account_id', '=', learnerAccountId)
        .where('state', 'in', openStates())
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    // Expiry

    /** Unanswered enquiries past their deadline; rows another sweep holds are skipped, not waited for. */
    lockOverdue(now: Date, states: readonly EnquiryState[], scope: EnquiryScope, limit: number): Promise<{ id: string; state: EnquiryState }[]> {
      let query = db
        .selectFrom('enquiries')
        .select(['id', 'state'])
        .where('state', 'in', [...states])
        .where('respond_by', '<', now);
      if (scope.learnerAccountId) query = query.where('learner_account_id', '=', scope.learnerAccountId);
      if (scope.teacherId) query = query.where('teacher_id', '=', scope.teacherId);
      if (scope.enquiryId) query = query.where('id', '=', scope.enquiryId);
      return query.orderBy('respond_by').orderBy('id').limit(limit).forUpdate().skipLocked().execute();
    },

    // Reading

    findViews(ids: readonly string[]): Promise<EnquiryViewRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return viewQuery().where('e.id', 'in', [...ids]).execute();
    },

    /** Newest first. `owner` is the learner's account or the addressed teacher. */
    listViews(owner: { learnerAccountId: string } | { teacherId: string }, status: 'open' | 'ended' | undefined): Promise<EnquiryViewRow[]> {
      let query = viewQuery();
      query = 'learnerAccountId' in owner ? query.where('e.learner_account_id', '=', owner.learnerAccountId) : query.where('e.teacher_id', '=', owner.teacherId);
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
      return db.selectFrom('class_sessions').select(['id', 'batch_id', 'starts_at', 'ends_at']).where('id', 'in', [...sessionIds]).execute();
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
  };
}

export type EnquiriesQueries = ReturnType<typeof queries>;

export function createEnquiriesRepository(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return transactionalRepository(db, (scope) => queries(scope, enrolments));
}

export type EnquiriesRepository = ReturnType<typeof createEnquiriesRepository>;
