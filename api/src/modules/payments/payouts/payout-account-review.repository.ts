import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { maskedDestinationOf, type PayoutAccountRow } from './payout-accounts.repository';
import { recordPayoutAudit } from './payout-audit.repository';

export type ReviewedAccountRow = PayoutAccountRow & { teacher_name: string };

/** Accounts held for review after a name mismatch, and an admin's decision on one. */
export function createPayoutAccountReviewRepository(db: Kysely<Database>) {
  return {
    /** Awaiting review, oldest change first. */
    awaitingReview(limit = 100): Promise<ReviewedAccountRow[]> {
      return db
        .selectFrom('payout_accounts as a')
        .innerJoin('teachers as t', 't.id', 'a.teacher_id')
        .selectAll('a')
        .select('t.name as teacher_name')
        .where('a.verification', '=', 'review')
        .orderBy('a.changed_at')
        .limit(limit)
        .execute();
    },

    /**
     * Approves (payouts may go to it once its cooling-off is over) or rejects (it fails with the
     * admin's reason, which the teacher reads) an account still awaiting review, with the audit
     * entry in the same transaction. Answers undefined when the account is not awaiting review.
     */
    decide(input: { teacherId: string; approve: boolean; reason: string; adminUserId: string; at: Date }): Promise<ReviewedAccountRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const decided = await trx
          .updateTable('payout_accounts')
          .set(
            input.approve
              ? { verification: 'verified', verified_at: input.at, failure_reason: null }
              : { verification: 'failed', verified_at: null, failure_reason: `Kalike could not confirm this account is yours: ${input.reason}` },
          )
          .set({ reviewed_by: input.adminUserId, reviewed_at: input.at, review_reason: input.reason })
          .where('teacher_id', '=', input.teacherId)
          .where('verification', '=', 'review')
          .returningAll()
          .executeTakeFirst();
        if (!decided) return undefined;
        await recordPayoutAudit(trx, {
          teacherId: input.teacherId,
          event: input.approve ? 'account_approved' : 'account_rejected',
          actor: 'admin',
          actorUserId: input.adminUserId,
          destination: maskedDestinationOf(decided),
          detail: input.reason,
          at: input.at,
        });
        const teacher = await trx.selectFrom('teachers').select('name').where('id', '=', input.teacherId).executeTakeFirstOrThrow();
        return { ...decided, teacher_name: teacher.name };
      });
    },
  };
}
