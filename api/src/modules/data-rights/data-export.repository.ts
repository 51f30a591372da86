import { sql, type Kysely } from 'kysely';
import { dataExportSectionCap } from '@kalike/shared/contracts/data-rights';
import type { Database, UserTypeColumn } from '../../db/schema';

/** A section of the download: at most the cap, and whether rows were left out. */
export interface Section<T> {
  rows: T[];
  capped: boolean;
}

interface Limitable<T> {
  limit(count: number): { execute(): Promise<T[]> };
}

/** One row more than the cap is read, so a section cut short knows it was. */
async function capped<T>(query: Limitable<T>): Promise<Section<T>> {
  const rows = await query.limit(dataExportSectionCap + 1).execute();
  return { rows: rows.slice(0, dataExportSectionCap), capped: rows.length > dataExportSectionCap };
}

/** The person, and what they set up for themselves: notices, consents, settings, devices. */
function personQueries(db: Kysely<Database>) {
  return {
    findPerson(userId: string) {
      return db
        .selectFrom('users as u')
        .leftJoin('learner_accounts as la', 'la.user_id', 'u.id')
        .select([
          'u.id',
          'u.phone',
          'u.user_type',
          'u.teacher_id',
          'u.created_at',
          'u.erased_at',
          'la.id as learner_account_id',
          'la.name',
          'la.email',
          'la.created_at as learner_since',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    notifications: (userId: string) =>
      capped(
        db
          .selectFrom('notifications')
          .select(['audience', 'kind', 'params', 'link', 'created_at', 'read_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc'),
      ),

    consents: (userId: string) =>
      capped(
        db
          .selectFrom('notification_consents')
          .select(['channel', 'given', 'how', 'shown_text', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at'),
      ),

    preferences: (userId: string) =>
      capped(
        db
          .selectFrom('notification_preferences')
          .select(['kind', 'channel', 'enabled', 'updated_at'])
          .where('user_id', '=', userId)
          .orderBy('kind')
          .orderBy('channel'),
      ),

    pushSubscriptions: (userId: string) =>
      capped(db.selectFrom('push_subscriptions').select(['created_at', 'last_success_at', 'gone_at']).where('user_id', '=', userId).orderBy('created_at')),

    async record(values: { userId: string; role: UserTypeColumn; rowsTotal: number; capped: boolean; at: Date }): Promise<void> {
      await db
        .insertInto('data_exports')
        .values({ user_id: values.userId, role: values.role, rows_total: values.rowsTotal, capped: values.capped, created_at: values.at })
        .execute();
    },
  };
}

/** A family's own records: where they are, who learns, what they asked and said, what they liked. */
function familyQueries(db: Kysely<Database>) {
  return {
    locations: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('learner_locations')
          .select(['label', 'address', 'pincode', 'lat', 'lng'])
          .where('learner_account_id', '=', learnerAccountId)
          .orderBy('position'),
      ),

    students: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('students')
          .select(['id', 'name', sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'), 'grade', 'school', 'created_at'])
          .where('learner_account_id', '=', learnerAccountId)
          .orderBy('created_at'),
      ),

    enquiries: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('enquiries as e')
          .innerJoin('teachers as t', 't.id', 'e.teacher_id')
          .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
          .select([
            'e.id',
            't.name as teacher_name',
            'l.title as listing_title',
            'e.state',
            'e.contact_name',
            'e.contact_phone',
            'e.alternate_phone',
            'e.mode',
            'e.preferred_days',
            'e.preferred_times',
            'e.message',
            'e.goals',
            'e.teacher_message',
            'e.decline_reason',
            'e.close_reason',
            'e.created_at',
            'e.updated_at',
          ])
          .where('e.learner_account_id', '=', learnerAccountId)
          .orderBy('e.created_at', 'desc'),
      ),

    /** Every message of the family's conversations (the teacher's words to them too: the conversation is theirs). */
    learnerMessages: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('conversation_messages as m')
          .innerJoin('conversation_threads as th', 'th.id', 'm.thread_id')
          .leftJoin('enquiries as e', 'e.id', 'th.enquiry_id')
          .leftJoin('batch_students as bs', 'bs.id', 'th.batch_student_id')
          .select(['m.thread_id', 'th.enquiry_id', 'm.author_party', 'm.body', 'm.created_at'])
          .where((eb) => eb.or([eb('e.learner_account_id', '=', learnerAccountId), eb('bs.learner_account_id', '=', learnerAccountId)]))
          .orderBy('m.created_at'),
      ),

    demoBookings: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('demo_bookings as d')
          .innerJoin('class_sessions as cs', 'cs.id', 'd.session_id')
          .select(['d.enquiry_id', 'cs.starts_at', 'd.booked_at', 'd.cancelled_at'])
          .where('d.learner_account_id', '=', learnerAccountId)
          .orderBy('d.booked_at', 'desc'),
      ),

    reviewsWritten: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('teacher_reviews as r')
          .innerJoin('teachers as t', 't.id', 'r.teacher_id')
          .select(['t.name as teacher_name', 'r.author_name', 'r.rating', 'r.comment', 'r.reply', 'r.created_at'])
          .where('r.learner_account_id', '=', learnerAccountId)
          .orderBy('r.created_at', 'desc'),
      ),
  };
}

/** A family's money and classes: orders with their receipts, payments, packs. */
function familyMoneyQueries(db: Kysely<Database>) {
  return {
    orders: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('orders')
          .select([
            'id',
            'purpose',
            'description',
            'status',
            'base_paise',
            'coupon_discount_paise',
            'referral_discount_paise',
            'credit_paise',
            'total_paise',
            'taxable_paise',
            'cgst_paise',
            'sgst_paise',
            'receipt_number',
            'receipt_token',
            'paid_at',
            'created_at',
          ])
          .where('learner_account_id', '=', learnerAccountId)
          .orderBy('created_at', 'desc'),
      ),

    payments: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('payments as p')
          .innerJoin('orders as o', 'o.id', 'p.order_id')
          .select(['p.id', 'p.order_id', 'p.status', 'p.amount_paise', 'p.method', 'p.created_at'])
          .where('o.learner_account_id', '=', learnerAccountId)
          .orderBy('p.created_at', 'desc'),
      ),

    packs: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('batch_student_plans as bsp')
          .innerJoin('batch_students as bs', 'bs.id', 'bsp.batch_student_id')
          .innerJoin('class_pack_plans as cpp', 'cpp.id', 'bsp.class_pack_plan_id')
          .innerJoin('batches as b', 'b.id', 'bs.batch_id')
          .leftJoin('students as s', 's.id', 'bs.student_id')
          .select([
            'bsp.id',
            'cpp.name as plan_name',
            'b.name as batch_name',
            's.name as student_name',
            'bsp.status',
            'bsp.classes_total',
            'bsp.paid_paise',
            sql<string | null>`to_char(bsp.valid_from, 'YYYY-MM-DD')`.as('valid_from'),
            sql<string | null>`to_char(bsp.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
            sql<number>`coalesce((select sum(le.classes_delta) from ledger_entries le where le.batch_student_plan_id = bsp.id), 0)::int`.as('classes_left'),
            'bsp.created_at',
          ])
          .where('bs.learner_account_id', '=', learnerAccountId)
          .orderBy('bsp.created_at', 'desc'),
      ),
  };
}

/** A family's refunds, the register, the teachers' requests to pay. */
function familyRecordQueries(db: Kysely<Database>) {
  return {
    shortlists: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('shortlists as sl')
          .innerJoin('teacher_listings as l', 'l.id', 'sl.listing_id')
          .select(['l.title as listing_title', 'sl.created_at'])
          .where('sl.learner_account_id', '=', learnerAccountId)
          .orderBy('sl.created_at', 'desc'),
      ),

    refunds: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('refunds as r')
          .leftJoin('credit_notes as cn', 'cn.refund_id', 'r.id')
          .select([
            'r.id',
            'r.order_id',
            'r.amount_paise',
            'r.classes',
            'r.method',
            'r.reason_kind',
            'r.reason',
            'r.status',
            'r.created_at',
            'r.settled_at',
            'cn.number as credit_note_number',
            'cn.token as credit_note_token',
          ])
          .where('r.learner_account_id', '=', learnerAccountId)
          .orderBy('r.created_at', 'desc'),
      ),

    attendance: (learnerAccountId: string) =>
      capped(
        db
          .selectFrom('session_attendance as sa')
          .innerJoin('batch_students as bs', 'bs.id', 'sa.batch_student_id')
          .innerJoin('class_sessions as cs', 'cs.id', 'sa.session_id')
          .innerJoin('batches as b', 'b.id', 'cs.batch_id')
          .leftJoin('students as s', 's.id', 'bs.student_id')
          .select([
            sql<string>`to_char(cs.occurs_on, 'YYYY-MM-DD')`.as('class_on'),
            'b.name as batch_name',
            's.name as student_name',
            'sa.status',
            'sa.marked_at',
          ])
          .where('bs.learner_account_id', '=', learnerAccountId)
          .orderBy('cs.occurs_on', 'desc'),
      ),

    paymentRequests: (phone: string) =>
      capped(
        db
          .selectFrom('payment_requests')
          .select([
            'id',
            'learner_name',
            'student_name',
            'description',
            'amount_paise',
            'status',
            sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on'),
            'created_at',
            'completed_at',
          ])
          .where('learner_phone', '=', phone)
          .orderBy('created_at', 'desc'),
      ),
  };
}

/** A teacher's own records: the profile, listings, batches, who studies with them (names only), their words, payouts. */
function teacherQueries(db: Kysely<Database>) {
  return {
    authoredMessages: (userId: string) =>
      capped(
        db
          .selectFrom('conversation_messages as m')
          .select(['m.thread_id', 'm.author_party', 'm.body', 'm.created_at'])
          .where('m.author_user_id', '=', userId)
          .where('m.author_party', '=', 'teacher')
          .orderBy('m.created_at'),
      ),

    teacherProfile(teacherId: string) {
      return db
        .selectFrom('teachers')
        .select(['slug', 'name', 'bio', 'experience_years', 'languages', 'qualifications', 'photo_url', 'phone', 'created_at', 'profile_updated_at'])
        .where('id', '=', teacherId)
        .executeTakeFirst();
    },

    listings: (teacherId: string) =>
      capped(
        db
          .selectFrom('teacher_listings')
          .select(['id', 'title', 'about', 'mode', 'price_from_paise', 'age_min', 'age_max', 'is_active', 'review_state', 'created_at', 'updated_at'])
          .where('teacher_id', '=', teacherId)
          .orderBy('created_at'),
      ),

    batches: (teacherId: string) =>
      capped(
        db
          .selectFrom('batches as b')
          .innerJoin('programs as p', 'p.id', 'b.program_id')
          .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
          .select([
            'b.id',
            'p.name as program_name',
            'b.name',
            'b.days_of_week',
            'b.start_time',
            'b.end_time',
            sql<string>`to_char(b.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
            'b.capacity',
            'b.place',
          ])
          .where('l.teacher_id', '=', teacherId)
          .orderBy('b.created_at'),
      ),

    /** The teacher's business record of who studies with them: names and batches only, no family contact details. */
    teacherStudents: (teacherId: string) =>
      capped(
        db
          .selectFrom('batch_students as bs')
          .innerJoin('batches as b', 'b.id', 'bs.batch_id')
          .innerJoin('programs as p', 'p.id', 'b.program_id')
          .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
          .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
          .leftJoin('students as s', 's.id', 'bs.student_id')
          .select([sql<string>`coalesce(s.name, la.name)`.as('student_name'), 'b.name as batch_name', 'bs.status', 'bs.created_at'])
          .where('l.teacher_id', '=', teacherId)
          .orderBy('bs.created_at'),
      ),

    payouts: (teacherId: string) =>
      capped(
        db
          .selectFrom('payouts')
          .select(['id', 'trigger', 'amount_paise', 'status', 'account_kind', 'account_label', 'failure_reason', 'created_at', 'paid_at'])
          .where('teacher_id', '=', teacherId)
          .orderBy('created_at', 'desc'),
      ),

    payoutAccount(teacherId: string) {
      return db
        .selectFrom('payout_accounts')
        .select(['kind', 'holder_name', 'account_last4', 'ifsc', 'upi_id', 'verification', 'name_at_bank', 'updated_at', 'verified_at'])
        .where('teacher_id', '=', teacherId)
        .executeTakeFirst();
    },
  };
}

/**
 * What Kalike holds about one person, read for their own download. Read-only, each section a
 * bounded query of the person's own rows (by their user id, learner account or teacher id,
 * never an id from the request).
 */
export function createDataExportRepository(db: Kysely<Database>) {
  return { ...personQueries(db), ...familyQueries(db), ...familyMoneyQueries(db), ...familyRecordQueries(db), ...teacherQueries(db) };
}

export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
