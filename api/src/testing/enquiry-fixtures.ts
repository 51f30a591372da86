import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CreateEnquiriesBody } from '@kalike/shared/contracts/enquiries';
import type { Database } from '../db/schema';

/**
 * 09:00 in Bengaluru on the test seed's anchor day: the seeded open enquiries are still within
 * their deadline and the seeded class sessions from the afternoon on are upcoming.
 */
export const ENQUIRY_TEST_NOW = new Date('2025-06-02T03:30:00.000Z');

export function newIdempotencyKey(): string {
  return randomBytes(12).toString('hex');
}

export function enquiryBody(listingIds: readonly string[], overrides: Partial<CreateEnquiriesBody> = {}): CreateEnquiriesBody {
  return {
    targets: listingIds.map((listingId) => ({ listingId })),
    studentId: null,
    contactName: 'Neha Kulkarni',
    preferredDays: [6, 7],
    preferredTimes: ['morning'],
    mode: 'any',
    message: 'Looking for weekend classes for a beginner.',
    refPage: '/discover/bengaluru/music/teachers/some-teacher',
    refSection: 'Shortlist Tab',
    ...overrides,
  };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** app.inject with a bearer token, a JSON body when given, and extra headers. */
export function caller(app: FastifyInstance, token: string) {
  return (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: { authorization: `Bearer ${token}`, ...headers } });
}

/** Active listings of a teacher, oldest first. */
export async function activeListingIds(db: Kysely<Database>, teacherId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('teacher_listings')
    .select('id')
    .where('teacher_id', '=', teacherId)
    .where('is_active', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Active listings of teachers other than `exceptTeacherId`, one per teacher. */
export async function otherTeachersListingIds(db: Kysely<Database>, exceptTeacherId: string, count: number): Promise<string[]> {
  const rows = await db
    .selectFrom('teacher_listings')
    .select(['id', 'teacher_id'])
    .where('teacher_id', '!=', exceptTeacherId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.teacher_id) && seen.add(row.teacher_id))
    .slice(0, count)
    .map((row) => row.id);
}

/** One of the teacher's batches with an upcoming scheduled session, made to have free seats. */
export async function teacherBatchWithSession(
  db: Kysely<Database>,
  teacherId: string,
  after: Date,
): Promise<{ batchId: string; sessionId: string; startsAt: Date }> {
  const row = await db
    .selectFrom('class_sessions as s')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .select(['b.id as batch_id', 's.id as session_id', 's.starts_at'])
    .where('l.teacher_id', '=', teacherId)
    .where('s.status', '=', 'scheduled')
    .where('s.starts_at', '>', after)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  await db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', row.batch_id).execute();
  return { batchId: row.batch_id, sessionId: row.session_id, startsAt: new Date(row.starts_at) };
}
