import type { Kysely } from 'kysely';
import type { AttendanceStatus } from '@kalike/shared/domain/session-values';
import type { Database } from '../../db/schema';
import { sessionSelects, type MarkedRow, type OwnSessionRow, type PlaceRow } from './session-rows';

/** A class's register: the teacher's own session, who is in it, and attendance marked. */
export function registerQueries(db: Kysely<Database>) {
  const { anyPlaces, places, ownSession } = sessionSelects(db);
  return {
    /**
     * The session, locked until the transaction ends, if it belongs to one of the teacher's
     * batches. Moves on one session queue here, so repeats see what the first one wrote.
     */
    async lockOwnSession(sessionId: string, teacherId: string): Promise<OwnSessionRow | undefined> {
      const locked = await db.selectFrom('class_sessions').select('id').where('id', '=', sessionId).forUpdate().executeTakeFirst();
      if (!locked) return undefined;
      return ownSession(sessionId, teacherId);
    },

    /** The session, unlocked, if it belongs to one of the teacher's batches. */
    findOwnSession(sessionId: string, teacherId: string): Promise<OwnSessionRow | undefined> {
      return ownSession(sessionId, teacherId);
    },

    /** Everyone marked for the session, with their name, whether or not they are still in the batch. */
    findAttendanceOf(sessionId: string): Promise<(PlaceRow & { status: AttendanceStatus })[]> {
      return anyPlaces()
        .innerJoin('session_attendance as sa', 'sa.batch_student_id', 'bs.id')
        .select('sa.status')
        .where('sa.session_id', '=', sessionId)
        .orderBy('name')
        .orderBy('bs.id')
        .execute();
    },

    findPlacesInBatch(batchId: string, batchStudentIds: readonly string[]): Promise<PlaceRow[]> {
      if (batchStudentIds.length === 0) return Promise.resolve([]);
      return places()
        .where('bs.batch_id', '=', batchId)
        .where('bs.id', 'in', [...batchStudentIds])
        .execute();
    },

    /** What is already marked for these batch students in the session, with the class it consumed. */
    findMarked(sessionId: string, batchStudentIds: readonly string[]): Promise<MarkedRow[]> {
      if (batchStudentIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('session_attendance as a')
        .leftJoin('ledger_entries as le', 'le.id', 'a.ledger_entry_id')
        .select(['a.batch_student_id', 'a.status', 'a.ledger_entry_id', 'le.amount_paise', 'le.classes_delta'])
        .where('a.session_id', '=', sessionId)
        .where('a.batch_student_id', 'in', [...batchStudentIds])
        .execute();
    },

    async insertAttendance(values: {
      sessionId: string;
      batchStudentId: string;
      status: AttendanceStatus;
      ledgerEntryId: string | null;
      teacherId: string;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('session_attendance')
        .values({
          session_id: values.sessionId,
          batch_student_id: values.batchStudentId,
          status: values.status,
          ledger_entry_id: values.ledgerEntryId,
          marked_by_teacher_id: values.teacherId,
          marked_at: values.at,
        })
        .execute();
    },

    async completeSession(sessionId: string): Promise<void> {
      await db.updateTable('class_sessions').set({ status: 'completed' }).where('id', '=', sessionId).where('status', '=', 'scheduled').execute();
    },
  };
}
