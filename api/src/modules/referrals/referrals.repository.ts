import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { selectBatchesWithTeacher } from '../../shared/batch-context';

/** A batch student of the account in one batch, with what the referral card names. */
export interface ReferralBatchRow {
  batch_id: string;
  batch_name: string;
  program_name: string;
  teacher_id: string;
  teacher_name: string;
  teacher_slug: string;
  category_slug: string;
  account_name: string;
}

export function createReferralsRepository(db: Kysely<Database>) {
  return {
    /** Undefined unless the batch student is the account's and in that batch. */
    findBatchStudentInBatch(learnerAccountId: string, batchStudentId: string, batchId: string): Promise<ReferralBatchRow | undefined> {
      return selectBatchesWithTeacher(db)
        .innerJoin('batch_students as bs', 'bs.batch_id', 'b.id')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .innerJoin('categories as c', 'c.id', 'l.category_id')
        .select([
          'b.id as batch_id',
          'b.name as batch_name',
          'p.name as program_name',
          't.id as teacher_id',
          't.name as teacher_name',
          't.slug as teacher_slug',
          'c.slug as category_slug',
          'la.name as account_name',
        ])
        .where('bs.id', '=', batchStudentId)
        .where('bs.batch_id', '=', batchId)
        .where('bs.learner_account_id', '=', learnerAccountId)
        .executeTakeFirst();
    },

    async findCodeOfAccount(learnerAccountId: string): Promise<string | undefined> {
      const row = await db.selectFrom('referral_codes').select('code').where('learner_account_id', '=', learnerAccountId).executeTakeFirst();
      return row?.code;
    },

    /**
     * Gives the account this code unless it already has one (then nothing happens). A code
     * another account holds fails with a unique violation, for the caller to try another.
     */
    async insertCodeIfNone(learnerAccountId: string, code: string, at: Date): Promise<void> {
      await db
        .insertInto('referral_codes')
        .values({ learner_account_id: learnerAccountId, code, created_at: at })
        .onConflict((conflict) => conflict.column('learner_account_id').doNothing())
        .execute();
    },
  };
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
