import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface OutgoingMessage {
  toPhone: string;
  body: string;
  kind: string;
  enquiryId: string | null;
}

export interface PendingMessageRow {
  id: string;
  to_phone: string;
  body: string;
  kind: string;
  attempts: number;
}

export function createMessageOutboxRepository(db: Kysely<Database>) {
  return {
    /** Call with the transaction that makes the message true, so both commit or neither does. */
    async enqueue(message: OutgoingMessage, at: Date): Promise<void> {
      await db
        .insertInto('message_outbox')
        .values({
          to_phone: message.toPhone,
          body: message.body,
          kind: message.kind,
          enquiry_id: message.enquiryId,
          created_at: at,
          next_attempt_at: at,
        })
        .execute();
    },

    /**
     * Takes up to `limit` due messages for the relay run `claimToken` and moves their next
     * attempt to `leaseUntil`, so another relay (another API instance, an overlapping tick) skips
     * them while they are being sent, and a relay that dies mid-send lets them come due again
     * instead of losing them. A lease that runs out before its message is sent lets another relay
     * claim it, and then the first one's `extendClaim` fails, so it never sends it as well.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number, claimToken: string): Promise<PendingMessageRow[]> {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('message_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        const claimed = await trx
          .updateTable('message_outbox')
          .set({ next_attempt_at: leaseUntil, claim_token: claimToken })
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .returning(['id', 'to_phone', 'body', 'kind', 'attempts', 'created_at'])
          .execute();
        // Oldest first, so a backlog goes out in the order it was written.
        return claimed
          .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id))
          .map(({ id, to_phone, body, kind, attempts }) => ({ id, to_phone, body, kind, attempts }));
      });
    },

    /**
     * Renews the lease of a message just before it is sent, if the claim is still this run's and
     * the message still unsent; false means another relay holds it now and this one must skip it.
     */
    async extendClaim(id: string, claimToken: string, leaseUntil: Date): Promise<boolean> {
      const renewed = await db
        .updateTable('message_outbox')
        .set({ next_attempt_at: leaseUntil })
        .where('id', '=', id)
        .where('claim_token', '=', claimToken)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return renewed.numUpdatedRows > 0n;
    },

    /** A text the provider accepted is sent, whoever holds its claim now: no relay may send it again. */
    async markSent(id: string, at: Date): Promise<void> {
      await db
        .updateTable('message_outbox')
        .set({ sent_at: at, last_error: null, claim_token: null })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    /** Backs a failed send off, only while the claim is still this run's (another relay's lease stays as it is). */
    async markFailed(id: string, claimToken: string, error: string, nextAttemptAt: Date): Promise<void> {
      await db
        .updateTable('message_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error, next_attempt_at: nextAttemptAt, claim_token: null }))
        .where('id', '=', id)
        .where('claim_token', '=', claimToken)
        .where('sent_at', 'is', null)
        .execute();
    },
  };
}

export type MessageOutboxRepository = ReturnType<typeof createMessageOutboxRepository>;
