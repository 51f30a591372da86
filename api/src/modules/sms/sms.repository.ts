import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface SmsOutboxRow {
  to_phone: string;
  body: string;
  created_at: Date;
}

export function createSmsRepository(db: Kysely<Database>) {
  return {
    async insert(toPhone: string, body: string): Promise<void> {
      await db.insertInto('sms_outbox').values({ to_phone: toPhone, body }).execute();
    },

    /** For API tests, which read codes straight from the table (no route reads it). */
    findLatestByPhone(toPhone: string, limit: number): Promise<SmsOutboxRow[]> {
      return (
        db
          .selectFrom('sms_outbox')
          .select(['to_phone', 'body', 'created_at'])
          .where('to_phone', '=', toPhone)
          // created_at is clock_timestamp(), so it orders messages even within one transaction.
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()
      );
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
