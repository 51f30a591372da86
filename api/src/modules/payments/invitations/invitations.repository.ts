import { sql, type Kysely, type Selectable } from 'kysely';
import type { BatchInvitationsTable, Database } from '../../../db/schema';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { transactionHandle } from '../../../shared/transactional-repository';

export type BatchInvitationRow = Selectable<BatchInvitationsTable>;

export function invitationQueries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return {
    async insertInvitation(values: {
      batchId: string;
      teacherId: string;
      tokenHash: string;
      expiresAt: Date;
      maxUses: number | null;
      at: Date;
    }): Promise<BatchInvitationRow> {
      return db
        .insertInto('batch_invitations')
        .values({
          batch_id: values.batchId,
          teacher_id: values.teacherId,
          token_hash: values.tokenHash,
          expires_at: values.expiresAt,
          max_uses: values.maxUses,
          created_at: values.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Locked when `forUpdate`: a join counts its use in the same transaction, so `max_uses` holds under concurrency. */
    findInvitationByTokenHash(tokenHash: string, options: { forUpdate?: boolean } = {}): Promise<BatchInvitationRow | undefined> {
      const query = db.selectFrom('batch_invitations').selectAll().where('token_hash', '=', tokenHash);
      return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    findInvitationsOfBatch(batchId: string): Promise<BatchInvitationRow[]> {
      return db.selectFrom('batch_invitations').selectAll().where('batch_id', '=', batchId).orderBy('created_at', 'desc').orderBy('id').execute();
    },

    async countInvitationUse(id: string): Promise<void> {
      await db
        .updateTable('batch_invitations')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** Revoking twice keeps the first time. */
    revokeInvitation(id: string, batchId: string, at: Date): Promise<BatchInvitationRow | undefined> {
      return db
        .updateTable('batch_invitations')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${at})` })
        .where('id', '=', id)
        .where('batch_id', '=', batchId)
        .returningAll()
        .executeTakeFirst();
    },

    /** The learner's open payment request for a batch: something the teacher issued, like an invitation. */
    async hasOpenPaymentRequestForBatch(learnerPhone: string, batchId: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_requests')
        .select('id')
        .where('batch_id', '=', batchId)
        .where('learner_phone', '=', learnerPhone)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The learner's holds: unpaid seats still held at `at`, and seats held since `since` (the daily join limit). */
    countLearnerHolds(learnerAccountId: string, at: Date, since: Date): Promise<{ current: number; recent: number }> {
      return enrolments.countHolds(transactionHandle(db), learnerAccountId, at, since);
    },

    /** Serialises one learner's joins, so a burst cannot pass the hold limits or make two places in one batch. */
    async lockLearnerJoins(learnerAccountId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`batch-join:${learnerAccountId}`}))`.execute(db);
    },
  };
}

export type InvitationQueries = ReturnType<typeof invitationQueries>;
