import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { transactionalRepository } from '../../shared/transactional-repository';
import { recordPublicPageChange } from '../page-changes/page-changes.port';

/** What an erased person's names read as wherever a record must stay (receipts, registers, reviews' teachers' books). */
export const erasedNames = { account: 'Deleted account', student: 'Deleted student', teacher: 'Former Kalike teacher' } as const;

export interface ErasurePerson {
  userId: string;
  phone: string;
  erasedAt: Date | null;
  learnerAccountId: string | null;
  teacherId: string | null;
}

/** The person, their erasure record, and what must be true before and after: signed out, the counts the page shows. */
function recordQueries(db: Kysely<Database>) {
  return {
    async findPersonForUpdate(userId: string): Promise<ErasurePerson | undefined> {
      const row = await db
        .selectFrom('users as u')
        .leftJoin('learner_accounts as la', 'la.user_id', 'u.id')
        .select(['u.id', 'u.phone', 'u.erased_at', 'u.teacher_id', 'la.id as learner_account_id'])
        .where('u.id', '=', userId)
        .forUpdate('u')
        .executeTakeFirst();
      return row && { userId: row.id, phone: row.phone, erasedAt: row.erased_at, learnerAccountId: row.learner_account_id, teacherId: row.teacher_id };
    },

    findRecord(userId: string) {
      return db.selectFrom('account_erasures').select(['outcome', 'requested_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    async insertRecord(values: { userId: string; phoneHash: string; roles: string[]; outcome: object; at: Date }): Promise<void> {
      await db
        .insertInto('account_erasures')
        .values({ user_id: values.userId, phone_hash: values.phoneHash, roles: values.roles, outcome: JSON.stringify(values.outcome), requested_at: values.at })
        .execute();
    },

    /** Every sign-in of the person ends now; their access tokens stop working with it. */
    async endSignIns(userId: string, at: Date): Promise<void> {
      await db
        .updateTable('refresh_token_families')
        .set({ revoked_at: at, revoked_reason: 'account_erased' })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Open enquiries of the family, closed after the erasure through the enquiries' own moves. */
    async openEnquiryIds(learnerAccountId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('enquiries')
        .select('id')
        .where('learner_account_id', '=', learnerAccountId)
        .where('state', 'not in', ['enrolled', 'declined', 'closed', 'expired'])
        .limit(500)
        .execute();
      return rows.map((row) => row.id);
    },

    async upcomingDemos(learnerAccountId: string, at: Date): Promise<number> {
      const row = await db
        .selectFrom('demo_bookings as d')
        .innerJoin('class_sessions as cs', 'cs.id', 'd.session_id')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('d.learner_account_id', '=', learnerAccountId)
        .where('d.cancelled_at', 'is', null)
        .where('cs.starts_at', '>', at)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

/**
 * The statements of an erasure, each in the erasure's transaction: personal data replaced or
 * removed, the records the law or the other party needs kept (orders, receipts, refunds, the
 * ledger, attendance, payouts) left in place under the anonymised names.
 */
function forgetQueries(db: Kysely<Database>) {
  return {
    /** The phone goes everywhere it was kept for reaching the person; texts already sent keep no number either. */
    async forgetPhone(person: ErasurePerson, tombstone: string, at: Date): Promise<void> {
      await db.updateTable('users').set({ phone: tombstone, erased_at: at }).where('id', '=', person.userId).execute();
      await db.updateTable('otp_requests').set({ phone: tombstone }).where('phone', '=', person.phone).execute();
      await db.updateTable('sms_outbox').set({ to_phone: tombstone, body: '' }).where('to_phone', '=', person.phone).execute();
      // A text still waiting for the relay is never sent to a number the person took back.
      await db.deleteFrom('message_outbox').where('to_phone', '=', person.phone).where('sent_at', 'is', null).execute();
      await db.updateTable('message_outbox').set({ to_phone: tombstone, body: '' }).where('to_phone', '=', person.phone).execute();
      await db.updateTable('whatsapp_outbox').set({ to_phone: tombstone, body: '' }).where('to_phone', '=', person.phone).execute();
      await db.updateTable('payment_requests').set({ learner_phone: tombstone }).where('learner_phone', '=', person.phone).execute();
      await db.updateTable('payment_links').set({ learner_phone: tombstone }).where('learner_phone', '=', person.phone).execute();
    },

    /** What the person set up for themselves: notices, their settings, pushes to their devices. */
    async forgetPersonal(userId: string, at: Date): Promise<void> {
      await db
        .deleteFrom('notification_deliveries')
        .where('notification_id', 'in', (eb) => eb.selectFrom('notifications').select('id').where('user_id', '=', userId))
        .execute();
      await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
      await db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
      await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
      await db.updateTable('calendar_feeds').set({ revoked_at: at }).where('owner_user_id', '=', userId).where('revoked_at', 'is', null).execute();
      // Their words in conversations; the thread stays so the other side's record reads "message deleted".
      await db.updateTable('conversation_messages').set({ body: '' }).where('author_user_id', '=', userId).execute();
    },

    async forgetLearner(learnerAccountId: string): Promise<void> {
      await db.updateTable('learner_accounts').set({ name: erasedNames.account, email: null }).where('id', '=', learnerAccountId).execute();
      await db.deleteFrom('learner_locations').where('learner_account_id', '=', learnerAccountId).execute();
      await db
        .updateTable('students')
        .set({ name: erasedNames.student, date_of_birth: null, grade: null, school: null })
        .where('learner_account_id', '=', learnerAccountId)
        .execute();
      await db.deleteFrom('shortlists').where('learner_account_id', '=', learnerAccountId).execute();
      await db
        .updateTable('enquiries')
        .set({ contact_name: erasedNames.account, contact_phone: '', alternate_phone: null, message: '', goals: null, close_reason: null })
        .where('learner_account_id', '=', learnerAccountId)
        .execute();
      await db
        .updateTable('enquiry_events')
        .set({ message: null })
        .where('actor', '=', 'learner')
        .where('enquiry_id', 'in', (eb) => eb.selectFrom('enquiries').select('id').where('learner_account_id', '=', learnerAccountId))
        .execute();
      // A review's words and name are the person's; its star rating stays part of the teacher's average.
      await db
        .updateTable('teacher_reviews')
        .set({ author_name: erasedNames.account, comment: '', learner_account_id: null })
        .where('learner_account_id', '=', learnerAccountId)
        .execute();
      await db
        .updateTable('payment_requests')
        .set({ learner_name: erasedNames.account, student_name: erasedNames.student })
        .where('batch_student_id', 'in', (eb) => eb.selectFrom('batch_students').select('id').where('learner_account_id', '=', learnerAccountId))
        .execute();
    },
  };
}

/** A teacher's side: what must be settled first, and the public page taken down at once. */
function teacherErasureQueries(db: Kysely<Database>) {
  return {
    publicListings(teacherId: string): Promise<{ count: string }> {
      return db
        .selectFrom('teacher_listings')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('teacher_id', '=', teacherId)
        .where('is_active', '=', true)
        .executeTakeFirstOrThrow();
    },

    /** Families still holding classes in the teacher's batches (active packs with classes left and days to use them). */
    async familiesHoldingClasses(teacherId: string, today: string): Promise<number> {
      const { rows } = await sql<{ count: string }>`
        select count(distinct bs.learner_account_id)::text as count
        from batch_student_plans bsp
        join batch_students bs on bs.id = bsp.batch_student_id
        join batches b on b.id = bs.batch_id
        join programs p on p.id = b.program_id
        join teacher_listings l on l.id = p.listing_id
        where l.teacher_id = ${teacherId}
          and bsp.status = 'active'
          and (bsp.valid_until is null or bsp.valid_until >= ${today}::date)
          and coalesce((select sum(le.classes_delta) from ledger_entries le where le.batch_student_plan_id = bsp.id), 0) > 0`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },

    async payoutsInFlight(teacherId: string): Promise<number> {
      const row = await db
        .selectFrom('payouts')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('teacher_id', '=', teacherId)
        .where('status', 'in', ['created', 'processing'])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Families' open enquiries to the teacher, declined after the erasure through the enquiries' own moves. */
    async openTeacherEnquiryIds(teacherId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('enquiries')
        .select('id')
        .where('teacher_id', '=', teacherId)
        .where('state', 'not in', ['enrolled', 'declined', 'closed', 'expired'])
        .limit(500)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The public page goes at once: every listing unpublished, the profile emptied, the web origins told. */
    async forgetTeacher(teacherId: string, tombstone: string): Promise<{ listingsUnpublished: number; photoKeys: string[] }> {
      const before = await db.selectFrom('teachers').select('photo_files').where('id', '=', teacherId).forUpdate().executeTakeFirst();
      // Recorded while the page is still public: the feed names only teachers with a page to drop.
      await recordPublicPageChange(db, { teacherIds: [teacherId] });
      const unpublished = await db
        .updateTable('teacher_listings')
        .set({ is_active: false })
        .where('teacher_id', '=', teacherId)
        .where('is_active', '=', true)
        .executeTakeFirst();
      await db
        .updateTable('teachers')
        .set({
          name: erasedNames.teacher,
          bio: '',
          phone: tombstone,
          photo_url: null,
          photo_hash: null,
          photo_width: null,
          photo_height: null,
          photo_files: '[]',
          qualifications: [],
        })
        .where('id', '=', teacherId)
        .execute();
      return { listingsUnpublished: Number(unpublished.numUpdatedRows), photoKeys: (before?.photo_files ?? []).map((file) => file.key) };
    },
  };
}

const erasureQueries = (db: Kysely<Database>) => ({ ...recordQueries(db), ...forgetQueries(db), ...teacherErasureQueries(db) });

export const createErasureRepository = (db: Kysely<Database>) => transactionalRepository(db, erasureQueries);
export type ErasureRepository = ReturnType<typeof createErasureRepository>;
export type ErasureQueries = ReturnType<typeof erasureQueries>;
