import { sql, type Kysely } from 'kysely';
import {
  batchStudentTransitions,
  nextStatus,
  seatHoldMinutes,
  type BatchStudentMove,
  type BatchStudentStatus,
} from '@kalike/shared/format/batch-student-lifecycle';
import { orderValidityMinutes } from '@kalike/shared/format/payment-values';
import type { Database } from '../../db/schema';
import { recordPublicPageChange } from '../page-changes/page-changes.port';

/**
 * Every statement on `batch_students` and on the seat count `batches.seats_taken`. Seat
 * counting: `seats_taken` counts every place that keeps a seat (enrolled, active, and held
 * until its deadline). Every seat decision first gives back the batch's lapsed holds under the
 * batch's row lock, so no seat waits for the background sweep, which only brings the shown
 * counts up to date between decisions. Statuses move only as the lifecycle table allows.
 * The teacher page shows each batch's free seats, so every change of the count is recorded
 * as a change of that page.
 */

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** The statuses a move may leave, for the `where` of its update. */
const movableFrom = (move: BatchStudentMove): BatchStudentStatus[] => [...batchStudentTransitions[move].from];

/** The status a new place starts in; a move that does not start a place is a programming error. */
function startStatus(move: BatchStudentMove): BatchStudentStatus {
  const status = nextStatus(move, null);
  if (!status) throw new Error(`The batch student move "${move}" does not start a place`);
  return status;
}

export interface PlaceRow {
  id: string;
  batch_id: string;
  status: BatchStudentStatus;
}

export function enrolmentQueries(db: Kysely<Database>) {
  /** Gives back the seats of the batch's holds lapsed at `at`. The batch row must be locked. */
  async function releaseHoldsOfLockedBatch(batchId: string, at: Date): Promise<number> {
    const released = await db
      .updateTable('batch_students')
      .set({ status: batchStudentTransitions.release.to })
      .where('batch_id', '=', batchId)
      .where('status', 'in', movableFrom('release'))
      .where('hold_expires_at', '<=', at)
      .returning('id')
      .execute();
    if (released.length > 0) {
      await db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb('seats_taken', '-', released.length) }))
        .where('id', '=', batchId)
        .execute();
      await recordPublicPageChange(db, { batchIds: [batchId] });
    }
    return released.length;
  }

  async function insertPlace(
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

  const queries = {
    /**
     * Takes one seat of a batch, or reports it full (or missing). The row lock makes the check
     * and the increment one step, so concurrent enrolments and joins never overfill a batch;
     * lapsed holds are given back first.
     */
    async takeSeat(batchId: string, at: Date): Promise<boolean> {
      const batch = await db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).forUpdate().executeTakeFirst();
      if (!batch) return false;
      const released = await releaseHoldsOfLockedBatch(batchId, at);
      if (batch.seats_taken - released >= batch.capacity) return false;
      await db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1) }))
        .where('id', '=', batchId)
        .execute();
      await recordPublicPageChange(db, { batchIds: [batchId] });
      return true;
    },

    /** Seats free at `at`, counting lapsed holds as free whether or not the sweep has run; null for no such batch. */
    async freeSeats(batchId: string, at: Date): Promise<number | null> {
      const row = await db
        .selectFrom('batches as b')
        .select([
          'b.capacity',
          'b.seats_taken',
          (eb) =>
            eb
              .selectFrom('batch_students as bs')
              .select(sql<number>`count(*)::int`.as('lapsed'))
              .whereRef('bs.batch_id', '=', 'b.id')
              .where('bs.status', 'in', movableFrom('release'))
              .where('bs.hold_expires_at', '<=', at)
              .as('lapsed'),
        ])
        .where('b.id', '=', batchId)
        .executeTakeFirst();
      if (!row) return null;
      return Math.max(0, row.capacity - row.seats_taken + Number(row.lapsed ?? 0));
    },

    /** A `held` place for `seatHoldMinutes` while the learner pays, or null when the batch is full. */
    async holdSeat(values: {
      batchId: string;
      learnerAccountId: string;
      invitationId: string | null;
      at: Date;
    }): Promise<{ id: string; holdExpiresAt: Date } | null> {
      if (!(await queries.takeSeat(values.batchId, values.at))) return null;
      const holdExpiresAt = minutesAfter(values.at, seatHoldMinutes);
      const id = await insertPlace('hold', { ...values, studentId: null, holdExpiresAt });
      return { id, holdExpiresAt };
    },

    /** An `enrolled` place from the teacher's batch offer in an enquiry, or null when the batch is full. */
    async enrolFromEnquiry(values: {
      batchId: string;
      learnerAccountId: string;
      studentId: string | null;
      enquiryId: string;
      at: Date;
    }): Promise<string | null> {
      if (!(await queries.takeSeat(values.batchId, values.at))) return null;
      return insertPlace('enrol', values);
    },

    /** An `active` place paid through a teacher's request; the caller took its seat in the same transaction. */
    addPaidPlace(values: { batchId: string; learnerAccountId: string; studentId: string | null; at: Date }): Promise<string> {
      return insertPlace('admitPaid', values);
    },

    /**
     * A checkout started while the seat is held keeps it until that order's window closes, so a
     * learner paying in the hold's last minute is not overtaken; never more than one order window
     * past the hold itself, so repeated checkouts cannot keep a seat forever.
     */
    async keepHoldForCheckout(id: string, at: Date): Promise<void> {
      const row = await db.selectFrom('batch_students').select(['status', 'hold_expires_at', 'created_at']).where('id', '=', id).executeTakeFirst();
      if (!row || row.status !== 'held' || !row.hold_expires_at) return;
      const current = new Date(row.hold_expires_at);
      if (current <= at) return;
      const ceiling = minutesAfter(new Date(row.created_at), seatHoldMinutes + orderValidityMinutes);
      const wanted = new Date(Math.min(minutesAfter(at, orderValidityMinutes).getTime(), ceiling.getTime()));
      if (wanted > current) await db.updateTable('batch_students').set({ hold_expires_at: wanted }).where('id', '=', id).where('status', '=', 'held').execute();
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
      const to = nextStatus('pay', row.status);
      if (!to) return row.status;
      if (row.status === 'released' && !(await queries.takeSeat(row.batch_id, at))) return row.status;
      await db.updateTable('batch_students').set({ status: to }).where('id', '=', id).where('status', 'in', movableFrom('pay')).execute();
      return to;
    },

    /** Serialises everything that moves one place's classes or money. */
    async lockPlace(id: string): Promise<void> {
      await db.selectFrom('batch_students').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    findPlace(id: string): Promise<PlaceRow | undefined> {
      return db.selectFrom('batch_students').select(['id', 'batch_id', 'status']).where('id', '=', id).executeTakeFirst();
    },

    /** The learner's holds: unpaid seats still held at `at`, and seats held since `since` (the daily join limit). */
    async countHolds(learnerAccountId: string, at: Date, since: Date): Promise<{ current: number; recent: number }> {
      const row = await db
        .selectFrom('batch_students')
        .select([
          sql<number>`count(*) filter (where status = 'held' and hold_expires_at > ${at})::int`.as('current'),
          sql<number>`count(*) filter (where created_at > ${since})::int`.as('recent'),
        ])
        .where('learner_account_id', '=', learnerAccountId)
        .where('hold_expires_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return { current: Number(row.current), recent: Number(row.recent) };
    },

    /** Batches with holds lapsed at `at`, at most `limit`: the sweep's work. */
    async batchesWithLapsedHolds(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('batch_students')
        .select('batch_id')
        .distinct()
        .where('status', 'in', movableFrom('release'))
        .where('hold_expires_at', '<=', at)
        .limit(limit)
        .execute();
      return rows.map((row) => row.batch_id);
    },

    /** Locks the batch and gives back its lapsed holds; 0 for no such batch. */
    async releaseLapsedHoldsOfBatch(batchId: string, at: Date): Promise<number> {
      const locked = await db.selectFrom('batches').select('id').where('id', '=', batchId).forUpdate().executeTakeFirst();
      return locked ? releaseHoldsOfLockedBatch(batchId, at) : 0;
    },
  };
  return queries;
}
