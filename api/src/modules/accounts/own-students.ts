import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether a student belongs to the learner account (a parent's child): the one rule every module asks. */
export async function isStudentOfLearner(db: Kysely<Database>, learnerAccountId: string, studentId: string): Promise<boolean> {
  const row = await db.selectFrom('students').select('id').where('id', '=', studentId).where('learner_account_id', '=', learnerAccountId).executeTakeFirst();
  return row !== undefined;
}
