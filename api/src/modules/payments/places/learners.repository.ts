import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** The paying learner: their phone, and the locks that serialise their money calls and their joins. */
export function learnerQueries(db: Kysely<Database>) {
  return {
    /**
     * Serialises one learner's money calls, so the same key sent five times at once, or two
     * orders for the same pack, are decided one after the other within their transactions.
     */
    async lock(learnerAccountId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`payments:learner:${learnerAccountId}`}))`.execute(db);
    },

    /** Serialises one learner's joins, so a burst cannot pass the hold limits or make two places in one batch. */
    async lockJoins(learnerAccountId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`batch-join:${learnerAccountId}`}))`.execute(db);
    },

    /** The account holder's user, whom the account's notices reach. */
    async findUserId(learnerAccountId: string): Promise<string | undefined> {
      const row = await db.selectFrom('learner_accounts').select('user_id').where('id', '=', learnerAccountId).executeTakeFirst();
      return row?.user_id;
    },

    /** None for an erased account: its number was taken back, so nothing is texted to it. */
    async findPhone(learnerAccountId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('learner_accounts as la')
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .select(sql<string>`u.phone`.as('phone'))
        .where('la.id', '=', learnerAccountId)
        .where('u.erased_at', 'is', null)
        .executeTakeFirst();
      return row?.phone;
    },
  };
}
