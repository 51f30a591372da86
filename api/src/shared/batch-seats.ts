import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Takes one seat of a batch, or reports it full (or missing). The row lock makes the check
 * and the increment one step, so concurrent enrolments and joins never overfill a batch.
 * Call it inside the transaction that creates the batch student.
 */
export async function takeBatchSeat(db: Kysely<Database>, batchId: string): Promise<boolean> {
  const batch = await db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).forUpdate().executeTakeFirst();
  if (!batch || batch.seats_taken >= batch.capacity) return false;
  await db
    .updateTable('batches')
    .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1) }))
    .where('id', '=', batchId)
    .execute();
  return true;
}
