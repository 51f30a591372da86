import { sql, type Kysely, type Selectable } from 'kysely';
import type { BatchInvitationsTable, Database } from '../../../db/schema';

export type BatchInvitationRow = Selectable<BatchInvitationsTable>;

export function invitationQueries(db: Kysely<Database>) {
  return {
    async insert(values: {
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
    findByTokenHash(tokenHash: string, options: { forUpdate?: boolean } = {}): Promise<BatchInvitationRow | undefined> {
      const query = db.selectFrom('batch_invitations').selectAll().where('token_hash', '=', tokenHash);
      return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    findOfBatch(batchId: string): Promise<BatchInvitationRow[]> {
      return db.selectFrom('batch_invitations').selectAll().where('batch_id', '=', batchId).orderBy('created_at', 'desc').orderBy('id').execute();
    },

    async countUse(id: string): Promise<void> {
      await db
        .updateTable('batch_invitations')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** Revoking twice keeps the first time. */
    revoke(id: string, batchId: string, at: Date): Promise<BatchInvitationRow | undefined> {
      return db
        .updateTable('batch_invitations')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${at})` })
        .where('id', '=', id)
        .where('batch_id', '=', batchId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
