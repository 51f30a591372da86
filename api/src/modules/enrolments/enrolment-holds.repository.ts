import { sql, type Kysely } from 'kysely';
import { seatHoldMinutes } from '@kalike/shared/domain/batch-student-lifecycle';
import { orderValidityMinutes } from '@kalike/shared/domain/payment-values';
import type { Database } from '../../db/schema';
import { requireBatchNotEnded } from '../../shared/batch-context';
import { insertPlace } from './enrolment-places.repository';
import type { EnrolmentSeatQueries } from './enrolment-seats.repository';
import { movableFrom } from './place-moves';

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** Seats held while a learner pays: the hold itself, kept through a checkout, counted per learner, found once lapsed. */
export function enrolmentHoldQueries(db: Kysely<Database>, seats: Pick<EnrolmentSeatQueries, 'takeSeat'>) {
  return {
    /** A `held` place for `seatHoldMinutes` while the learner pays, or null when the batch is full. */
    async holdSeat(values: {
      batchId: string;
      learnerAccountId: string;
      invitationId: string | null;
      at: Date;
    }): Promise<{ id: string; holdExpiresAt: Date } | null> {
      await requireBatchNotEnded(db, values.batchId, values.at);
      if (!(await seats.takeSeat(values.batchId, values.at, { forHold: true }))) return null;
      const holdExpiresAt = minutesAfter(values.at, seatHoldMinutes);
      const id = await insertPlace(db, 'hold', { ...values, studentId: null, holdExpiresAt });
      return { id, holdExpiresAt };
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
  };
}
