import { sql, type Kysely } from 'kysely';
import type { ListingModeKind } from '@kalike/shared/domain/listing-values';
import type { Database, EnquiryRequestOutcome } from '../../db/schema';
import type { EnquiryRow } from './enquiry-rows';

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

async function insertEnquiry(db: Kysely<Database>, values: NewEnquiry): Promise<string> {
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
}

/** Sending enquiries: the learner's submission, its idempotency and limits, and the enquiries it creates. */
export function sendingQueries(db: Kysely<Database>) {
  return {
    /**
     * Serialises one learner's submissions, so the same key sent twice at once, or two keys
     * for the same teacher, are decided one after the other within their transactions.
     */
    async lockLearnerSubmissions(learnerAccountId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`enquiries:create:${learnerAccountId}`}))`.execute(db);
    },

    findRequest(learnerAccountId: string, idempotencyKey: string): Promise<{ id: string; request_hash: string; outcome: EnquiryRequestOutcome[] } | undefined> {
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
      await db
        .updateTable('enquiry_requests')
        .set({ outcome: JSON.stringify(outcome) })
        .where('id', '=', requestId)
        .execute();
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
      await db.updateTable('learner_accounts').set({ name, updated_at: at }).where('id', '=', learnerAccountId).where('name', '=', '').execute();
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

    /** The teacher profile of the caller's phone, if it has one: a teacher may also learn. */
    async findOwnTeacherId(userId: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('teacher_id').where('id', '=', userId).executeTakeFirst();
      return row?.teacher_id ?? null;
    },

    async isListingProgram(programId: string, listingId: string): Promise<boolean> {
      const row = await db.selectFrom('programs').select('id').where('id', '=', programId).where('listing_id', '=', listingId).executeTakeFirst();
      return Boolean(row);
    },

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

    insertEnquiry: (values: NewEnquiry) => insertEnquiry(db, values),
  };
}
