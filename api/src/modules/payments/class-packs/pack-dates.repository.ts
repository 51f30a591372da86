import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** What moves a pack's dates besides its payment: lost classes given back. */
export function packDateQueries(db: Kysely<Database>) {
  return {
    /** Records a lost class given back to a place's pack; false when that session already gave this place a day back. */
    async insertExtension(values: { batchStudentId: string; packId: string; sessionId: string; days: number; at: Date }): Promise<boolean> {
      const row = await db
        .insertInto('pack_extensions')
        .values({
          batch_student_id: values.batchStudentId,
          batch_student_plan_id: values.packId,
          session_id: values.sessionId,
          days: values.days,
          created_at: values.at,
        })
        .onConflict((conflict) => conflict.columns(['session_id', 'batch_student_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A pack's last day moved later by days given back; they travel with it if it is re-dated. */
    async extend(id: string, days: number, validUntil: string, at: Date): Promise<void> {
      await db
        .updateTable('batch_student_plans')
        .set((eb) => ({ extra_days: eb('extra_days', '+', days), valid_until: validUntil, updated_at: at }))
        .where('id', '=', id)
        .execute();
    },
  };
}
