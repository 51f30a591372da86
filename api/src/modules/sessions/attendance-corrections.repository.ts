import type { Kysely } from 'kysely';
import type { AttendanceStatus } from '@kalike/shared/domain/session-values';
import type { Database } from '../../db/schema';

/** A mark changed after it was made, and the record of who changed it. */
export function correctionQueries(db: Kysely<Database>) {
  return {
    /** A corrected mark: the new status and the consumption that stands for it (null for missed). */
    async updateAttendance(values: { sessionId: string; batchStudentId: string; status: AttendanceStatus; ledgerEntryId: string | null }): Promise<void> {
      await db
        .updateTable('session_attendance')
        .set({ status: values.status, ledger_entry_id: values.ledgerEntryId })
        .where('session_id', '=', values.sessionId)
        .where('batch_student_id', '=', values.batchStudentId)
        .execute();
    },

    /** Who changed a mark, when, and the ledger entry the change wrote. */
    async insertAttendanceChange(values: {
      sessionId: string;
      batchStudentId: string;
      from: AttendanceStatus;
      to: AttendanceStatus;
      ledgerEntryId: string | null;
      teacherId: string;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('session_attendance_changes')
        .values({
          session_id: values.sessionId,
          batch_student_id: values.batchStudentId,
          from_status: values.from,
          to_status: values.to,
          ledger_entry_id: values.ledgerEntryId,
          changed_by_teacher_id: values.teacherId,
          changed_at: values.at,
        })
        .execute();
    },
  };
}
