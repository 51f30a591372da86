import { recordPublicPageChange } from '../page-changes/page-changes.port';
import type { Kysely } from 'kysely';
import { batchStudentLifecycle, type BatchStudentMove, type BatchStudentStatus } from '@kalike/shared/domain/batch-student-lifecycle';
import type { Database } from '../../db/schema';
import { requireBatchNotEnded } from '../../shared/batch-context';
import type { EnrolmentSeatQueries } from './enrolment-seats.repository';
import { movableFrom } from './place-moves';

export interface PlaceRow {
  id: string;
  batch_id: string;
  status: BatchStudentStatus;
}

/** The status a new place starts in; a move that does not start a place is a programming error. */
function startStatus(move: BatchStudentMove): BatchStudentStatus {
  const status = batchStudentLifecycle.move(move, null);
  if (!status) throw new Error(`The batch student move "${move}" does not start a place`);
  return status;
}

/** Records a new place in the status `move` starts it in; the caller has taken its seat. */
export async function insertPlace(
  db: Kysely<Database>,
  move: BatchStudentMove,
  values: {
    batchId: string;
    learnerAccountId: string;
    studentId: string | null;
    enquiryId?: string | null;
    holdExpiresAt?: Date | null;
    invitationId?: string | null;
    at: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('batch_students')
    .values({
      batch_id: values.batchId,
      learner_account_id: values.learnerAccountId,
      student_id: values.studentId,
      enquiry_id: values.enquiryId ?? null,
      status: startStatus(move),
      hold_expires_at: values.holdExpiresAt ?? null,
      batch_invitation_id: values.invitationId ?? null,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A student's place in a batch (`batch_students`): enrolled or paid for, activated by a pack, locked and read. */
export function enrolmentPlaceQueries(db: Kysely<Database>, seats: Pick<EnrolmentSeatQueries, 'takeSeat'>) {
  return {
    /** An `enrolled` place from the teacher's batch offer in an enquiry, or null when the batch is full. */
    async enrolFromEnquiry(values: {
      batchId: string;
      learnerAccountId: string;
      studentId: string | null;
      enquiryId: string;
      at: Date;
    }): Promise<string | null> {
      await requireBatchNotEnded(db, values.batchId, values.at);
      if (!(await seats.takeSeat(values.batchId, values.at))) return null;
      return insertPlace(db, 'enrol', values);
    },

    /** An `active` place paid through a teacher's request; the caller took its seat in the same transaction. */
    addPaidPlace(values: { batchId: string; learnerAccountId: string; studentId: string | null; at: Date }): Promise<string> {
      return insertPlace(db, 'admitPaid', values);
    },

    /**
     * Paying makes the place active (the lifecycle's `pay`). A hold still counted keeps its
     * seat; a released one takes a seat again only when one is free (otherwise the money is kept
     * on the ledger and the place stays released, for the teacher to sort out). A place the move
     * does not apply to (already active, left) stays as it is. Returns the status it ends in.
     */
    async activateWithPack(id: string, at: Date): Promise<BatchStudentStatus | null> {
      const row = await db.selectFrom('batch_students').select(['status', 'batch_id']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return null;
      const to = batchStudentLifecycle.move('pay', row.status);
      if (!to) return row.status;
      if (row.status === 'released' && !(await seats.takeSeat(row.batch_id, at))) return row.status;
      await db.updateTable('batch_students').set({ status: to }).where('id', '=', id).where('status', 'in', movableFrom('pay')).execute();
      // A paid hold is shown taken from now on (public-seats.ts).
      if (row.status === 'held') await recordPublicPageChange(db, { batchIds: [row.batch_id] });
      return to;
    },

    /**
     * The teacher removed the student (or ended the batch): the place is `left`, and a seat it
     * kept goes back to the batch. Returns false when it had already left (nothing changes).
     */
    async removePlace(id: string): Promise<boolean> {
      const row = await db.selectFrom('batch_students').select(['status', 'batch_id']).where('id', '=', id).forUpdate().executeTakeFirst();
      const to = row ? batchStudentLifecycle.move('remove', row.status) : null;
      if (!row || !to) return false;
      await db.updateTable('batch_students').set({ status: to }).where('id', '=', id).execute();
      if (row.status !== 'released') {
        await db
          .updateTable('batches')
          .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
          .where('id', '=', row.batch_id)
          .execute();
        // A hold was never shown taken: only an admitted or paid place leaving changes the page.
        if (row.status !== 'held') await recordPublicPageChange(db, { batchIds: [row.batch_id] });
      }
      return true;
    },

    /** Serialises everything that moves one place's classes or money. */
    async lockPlace(id: string): Promise<void> {
      await db.selectFrom('batch_students').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    findPlace(id: string): Promise<PlaceRow | undefined> {
      return db.selectFrom('batch_students').select(['id', 'batch_id', 'status']).where('id', '=', id).executeTakeFirst();
    },
  };
}
