import { sql, type Kysely } from 'kysely';
import { canMove, seatHoldMinutes, type BatchStudentStatus } from '@kalike/shared/format/batch-student-lifecycle';
import { orderValidityMinutes } from '@kalike/shared/format/payment-values';
import type { Database } from '../db/schema';

/**
 * The one home of seat counting. `batches.seats_taken` counts every place that keeps a seat:
 * enrolled and active students and held seats. A held seat counts only until its deadline:
 * every decision below first gives back the batch's lapsed holds under the batch's row lock,
 * so no seat waits for the background sweep; the sweep (`releaseLapsedHolds`) only brings
 * the shown counts up to date between decisions.
 */

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** Gives back the seats of the batch's holds lapsed at `at`. The batch row must be locked. */
async function releaseHoldsOfLockedBatch(db: Kysely<Database>, batchId: string, at: Date): Promise<number> {
  const released = await db
    .updateTable('batch_students')
    .set({ status: 'released' })
    .where('batch_id', '=', batchId)
    .where('status', '=', 'held')
    .where('hold_expires_at', '<=', at)
    .returning('id')
    .execute();
  if (released.length > 0) {
    await db
      .updateTable('batches')
      .set((eb) => ({ seats_taken: eb('seats_taken', '-', released.length) }))
      .where('id', '=', batchId)
      .execute();
  }
  return released.length;
}

/**
 * Takes one seat of a batch, or reports it full (or missing). The row lock makes the check
 * and the increment one step, so concurrent enrolments and joins never overfill a batch;
 * lapsed holds are given back first. Call it inside the transaction that creates the batch
 * student. `at` is the caller's clock (the database's own when left out).
 */
export async function takeBatchSeat(db: Kysely<Database>, batchId: string, at: Date = new Date()): Promise<boolean> {
  const batch = await db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).forUpdate().executeTakeFirst();
  if (!batch) return false;
  const released = await releaseHoldsOfLockedBatch(db, batchId, at);
  if (batch.seats_taken - released >= batch.capacity) return false;
  await db
    .updateTable('batches')
    .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1) }))
    .where('id', '=', batchId)
    .execute();
  return true;
}

/** Seats free at `at`, counting lapsed holds as free whether or not the sweep has run; null for no such batch. */
export async function freeSeats(db: Kysely<Database>, batchId: string, at: Date): Promise<number | null> {
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
          .where('bs.status', '=', 'held')
          .where('bs.hold_expires_at', '<=', at)
          .as('lapsed'),
    ])
    .where('b.id', '=', batchId)
    .executeTakeFirst();
  if (!row) return null;
  return Math.max(0, row.capacity - row.seats_taken + Number(row.lapsed ?? 0));
}

/**
 * Holds a seat for `seatHoldMinutes` while the learner pays: a `held` batch student, or null
 * when the batch is full. Inside the caller's transaction.
 */
export async function holdBatchSeat(
  db: Kysely<Database>,
  values: { batchId: string; learnerAccountId: string; invitationId: string | null; at: Date },
): Promise<{ id: string; holdExpiresAt: Date } | null> {
  if (!(await takeBatchSeat(db, values.batchId, values.at))) return null;
  const holdExpiresAt = minutesAfter(values.at, seatHoldMinutes);
  const row = await db
    .insertInto('batch_students')
    .values({
      batch_id: values.batchId,
      learner_account_id: values.learnerAccountId,
      student_id: null,
      status: 'held',
      hold_expires_at: holdExpiresAt,
      batch_invitation_id: values.invitationId,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, holdExpiresAt };
}

/**
 * A checkout started while the seat is held keeps it until that order's window closes, so a
 * learner paying in the hold's last minute is not overtaken; never more than one order window
 * past the hold itself, so repeated checkouts cannot keep a seat forever.
 */
export async function keepHoldForCheckout(db: Kysely<Database>, batchStudentId: string, at: Date): Promise<void> {
  const row = await db.selectFrom('batch_students').select(['status', 'hold_expires_at', 'created_at']).where('id', '=', batchStudentId).executeTakeFirst();
  if (!row || row.status !== 'held' || !row.hold_expires_at) return;
  const current = new Date(row.hold_expires_at);
  if (current <= at) return;
  const ceiling = minutesAfter(new Date(row.created_at), seatHoldMinutes + orderValidityMinutes);
  const wanted = new Date(Math.min(minutesAfter(at, orderValidityMinutes).getTime(), ceiling.getTime()));
  if (wanted > current) await db.updateTable('batch_students').set({ hold_expires_at: wanted }).where('id', '=', batchStudentId).where('status', '=', 'held').execute();
}

/** Whether a held place's deadline has passed (released or not yet swept). */
export function holdLapsed(row: { status: BatchStudentStatus; hold_expires_at: Date | string | null }, at: Date): boolean {
  if (row.status === 'released') return true;
  return row.status === 'held' && row.hold_expires_at !== null && new Date(row.hold_expires_at).getTime() <= at.getTime();
}

/**
 * Paying makes the place active, in the payment's transaction. A hold still counted keeps its
 * seat; a released one takes a seat again only when one is free (otherwise the money is kept
 * on the ledger and the place stays released, for the teacher to sort out). Returns the status.
 */
export async function activatePaidBatchStudent(db: Kysely<Database>, batchStudentId: string, at: Date): Promise<BatchStudentStatus | null> {
  const row = await db.selectFrom('batch_students').select(['status', 'batch_id']).where('id', '=', batchStudentId).forUpdate().executeTakeFirst();
  if (!row) return null;
  if (!canMove('pay', row.status)) return row.status;
  if (row.status === 'released' && !(await takeBatchSeat(db, row.batch_id, at))) return row.status;
  await db.updateTable('batch_students').set({ status: 'active' }).where('id', '=', batchStudentId).execute();
  return 'active';
}

/**
 * The background sweep: releases lapsed holds batch by batch, each under its batch's row lock
 * (the order every seat decision takes locks in). Returns how many seats went back.
 */
export async function releaseLapsedHolds(db: Kysely<Database>, at: Date, batchLimit = 100): Promise<number> {
  const batches = await db
    .selectFrom('batch_students')
    .select('batch_id')
    .distinct()
    .where('status', '=', 'held')
    .where('hold_expires_at', '<=', at)
    .limit(batchLimit)
    .execute();
  let released = 0;
  for (const { batch_id: batchId } of batches) {
    released += await db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('batches').select('id').where('id', '=', batchId).forUpdate().executeTakeFirst();
      return locked ? releaseHoldsOfLockedBatch(trx, batchId, at) : 0;
    });
  }
  return released;
}
