import { sql, type Kysely } from 'kysely';
import { batchStudentTransitions } from '@kalike/shared/domain/batch-student-lifecycle';
import type { Database } from '../../db/schema';
import { recordPublicPageChange } from '../page-changes/page-changes.port';
import { movableFrom } from './place-moves';

/** A batch's seat count (`batches.seats_taken`): taking a seat, the seats free, and giving back lapsed holds, under the batch's row lock. */
export function enrolmentSeatQueries(db: Kysely<Database>) {
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
      // Holds are not shown on the public pages (public-seats.ts): giving them back changes none.
    }
    return released.length;
  }

  return {
    /**
     * Takes one seat of a batch, or reports it full (or missing). The row lock makes the check
     * and the increment one step, so concurrent enrolments and joins never overfill a batch;
     * lapsed holds are given back first. A seat taken for a hold is not shown taken on the
     * public pages until it is paid (public-seats.ts), so only another place changes the page.
     */
    async takeSeat(batchId: string, at: Date, { forHold = false }: { forHold?: boolean } = {}): Promise<boolean> {
      const batch = await db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).forUpdate().executeTakeFirst();
      if (!batch) return false;
      const released = await releaseHoldsOfLockedBatch(batchId, at);
      if (batch.seats_taken - released >= batch.capacity) return false;
      await db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1) }))
        .where('id', '=', batchId)
        .execute();
      if (!forHold) await recordPublicPageChange(db, { batchIds: [batchId] });
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

    /** Locks the batch and gives back its lapsed holds; 0 for no such batch. */
    async releaseLapsedHoldsOfBatch(batchId: string, at: Date): Promise<number> {
      const locked = await db.selectFrom('batches').select('id').where('id', '=', batchId).forUpdate().executeTakeFirst();
      return locked ? releaseHoldsOfLockedBatch(batchId, at) : 0;
    },
  };
}

export type EnrolmentSeatQueries = ReturnType<typeof enrolmentSeatQueries>;
