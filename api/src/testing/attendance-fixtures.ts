import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newSession } from './payment-fixtures';

/**
 * Attendance as the teacher's attendance call leaves it, written directly so survey and
 * updates tests do not depend on the sessions module: an attended class is consumed through
 * the ledger and points at that entry; a missed one consumes nothing.
 */

export interface MarkedSession {
  sessionId: string;
  /** Null for a missed class. */
  ledgerEntryId: string | null;
}

/** The teacher whose listing the batch belongs to: the one who marks its attendance. */
export async function batchTeacherId(db: Kysely<Database>, batchId: string): Promise<string> {
  const row = await db
    .selectFrom('batches as b')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .select('l.teacher_id')
    .where('b.id', '=', batchId)
    .executeTakeFirstOrThrow();
  return row.teacher_id;
}

async function batchOf(db: Kysely<Database>, batchStudentId: string): Promise<string> {
  const row = await db.selectFrom('batch_students').select('batch_id').where('id', '=', batchStudentId).executeTakeFirstOrThrow();
  return row.batch_id;
}

/** The batch student attended the batch's session on `day` (YYYY-MM-DD, 10:00 IST): one class consumed. */
export async function markAttended(app: FastifyInstance, db: Kysely<Database>, batchStudentId: string, day: string): Promise<MarkedSession> {
  const batchId = await batchOf(db, batchStudentId);
  const sessionId = await newSession(db, batchId, day);
  const consumed = await app.payments.ledger.consumeClass(batchStudentId, sessionId);
  await db
    .insertInto('session_attendance')
    .values({
      session_id: sessionId,
      batch_student_id: batchStudentId,
      status: 'attended',
      ledger_entry_id: consumed.entryId,
      marked_by_teacher_id: await batchTeacherId(db, batchId),
      marked_at: `${day}T11:05:00+05:30`,
    })
    .execute();
  return { sessionId, ledgerEntryId: consumed.entryId };
}

/** The batch student missed the batch's session on `day`: marked, nothing consumed. */
export async function markMissed(db: Kysely<Database>, batchStudentId: string, day: string): Promise<MarkedSession> {
  const batchId = await batchOf(db, batchStudentId);
  const sessionId = await newSession(db, batchId, day);
  await db
    .insertInto('session_attendance')
    .values({
      session_id: sessionId,
      batch_student_id: batchStudentId,
      status: 'missed',
      ledger_entry_id: null,
      marked_by_teacher_id: await batchTeacherId(db, batchId),
      marked_at: `${day}T11:05:00+05:30`,
    })
    .execute();
  return { sessionId, ledgerEntryId: null };
}

export interface ListedBatch {
  batchId: string;
  listingId: string;
  teacherId: string;
  teacherSlug: string;
  teacherName: string;
  categorySlug: string;
}

/** Batches of active listings (their teachers have a public page), in batch id order. */
export async function listedBatches(db: Kysely<Database>, count: number): Promise<ListedBatch[]> {
  const rows = await db
    .selectFrom('batches as b')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .innerJoin('teachers as t', 't.id', 'l.teacher_id')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .select(['b.id as batch_id', 'l.id as listing_id', 't.id as teacher_id', 't.slug', 't.name', 'c.slug as category_slug'])
    .where('l.is_active', '=', true)
    .orderBy('b.id')
    .limit(count)
    .execute();
  return rows.map((row) => ({
    batchId: row.batch_id,
    listingId: row.listing_id,
    teacherId: row.teacher_id,
    teacherSlug: row.slug,
    teacherName: row.name,
    categorySlug: row.category_slug,
  }));
}

/** A named child of the account enrolled in a batch; returns the batch student id. */
export async function enrolChild(
  db: Kysely<Database>,
  learnerAccountId: string,
  batchId: string,
  name: string,
  status: 'enrolled' | 'active' | 'left' = 'active',
): Promise<string> {
  const student = await db.insertInto('students').values({ learner_account_id: learnerAccountId, name }).returning('id').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('batch_students')
    .values({ batch_id: batchId, learner_account_id: learnerAccountId, student_id: student.id, status, created_at: '2025-05-01T10:00:00+05:30' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
