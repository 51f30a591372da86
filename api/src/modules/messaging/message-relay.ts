import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsSender } from '../sms/sms-sender';
import { createMessageOutboxRepository } from './message-outbox.repository';

/** How long a claimed message is left alone before another relay may try it again. */
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min, … capped at an hour: a provider outage is ridden out without hammering it. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

export interface MessageRelay {
  /** Sends up to `limit` messages that are due; failures are kept for a later attempt. */
  deliverDue(limit?: number): Promise<DeliveryReport>;
}

/**
 * Moves messages from message_outbox to the SMS sender. Delivery is at least once: a message
 * is marked sent only after the sender accepted it.
 */
export function createMessageRelay(db: Kysely<Database>, smsSender: SmsSender, now: () => Date): MessageRelay {
  const outbox = createMessageOutboxRepository(db);
  return {
    async deliverDue(limit = 50) {
      const started = now();
      const due = await outbox.claimDue(started, new Date(started.getTime() + LEASE_MS), limit);
      const report: DeliveryReport = { sent: 0, failed: 0 };
      for (const message of due) {
        try {
          await smsSender.send(message.to_phone, message.body);
          await outbox.markSent(message.id, now());
          report.sent++;
        } catch (error) {
          const failedAttempts = message.attempts + 1;
          const reason = error instanceof Error ? error.message : String(error);
          await outbox.markFailed(message.id, reason.slice(0, 500), new Date(now().getTime() + retryDelayMs(failedAttempts)));
          report.failed++;
        }
      }
      return report;
    },
  };
}
