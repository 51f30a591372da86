import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SmsSender } from '../sms/sms.port';
import { createMessageOutboxRepository } from './message-outbox.repository';

/**
 * How long a claimed message is left alone before another relay may try it again. Each message's
 * lease is renewed just before its send, and a send is given up after SEND_TIMEOUT_MS, so no send
 * outlives its lease however slow the provider is.
 */
export const LEASE_MS = 60_000;
/** Well inside the lease: a send still waiting then is recorded as failed and retried later. */
export const SEND_TIMEOUT_MS = 20_000;
/** Few at a time, so the rest of a backlog stays free for the other instances' relays. */
export const CLAIM_BATCH = 10;
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
  /** Sends up to `limit` messages that are due, claimed at once; failures are kept for a later attempt. */
  deliverDue(limit?: number): Promise<DeliveryReport>;
  /** The background task's pass: claims of CLAIM_BATCH one after another until the backlog or `maxMessages` is done. */
  deliverPass(maxMessages?: number): Promise<DeliveryReport>;
}

/** A pass's bound, so one tick cannot hold the task's lease for ever behind a huge backlog. */
export const MAX_MESSAGES_PER_PASS = 200;

export interface MessageRelayOptions {
  /** SEND_TIMEOUT_MS unless a test shortens it. */
  sendTimeoutMs?: number;
}

function withinSendTimeout(send: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SMS provider did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([send, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Moves messages from message_outbox to the SMS sender. Delivery is at least once: a message
 * is marked sent only after the sender accepted it. Several relays (one per API instance) may
 * run at once: each run claims under its own token and sends a message only while that claim
 * is still its own.
 */
export function createMessageRelay(
  db: Kysely<Database>,
  smsSender: SmsSender,
  now: () => Date,
  { sendTimeoutMs = SEND_TIMEOUT_MS }: MessageRelayOptions = {},
): MessageRelay {
  const outbox = createMessageOutboxRepository(db);
  const leaseFrom = (at: Date) => new Date(at.getTime() + LEASE_MS);
  const relay: MessageRelay = {
    async deliverDue(limit = CLAIM_BATCH) {
      const claimToken = randomUUID();
      const started = now();
      const due = await outbox.claimDue(started, leaseFrom(started), limit, claimToken);
      const report: DeliveryReport = { sent: 0, failed: 0 };
      for (const message of due) {
        // The batch may have taken longer than the lease; another relay may hold this one now.
        if (!(await outbox.extendClaim(message.id, claimToken, leaseFrom(now())))) continue;
        try {
          await withinSendTimeout(smsSender.send(message.to_phone, message.body), Math.min(sendTimeoutMs, LEASE_MS / 2));
        } catch (error) {
          const failedAttempts = message.attempts + 1;
          const reason = error instanceof Error ? error.message : String(error);
          await outbox.markFailed(message.id, claimToken, reason.slice(0, 500), new Date(now().getTime() + retryDelayMs(failedAttempts)));
          report.failed++;
          continue;
        }
        await outbox.markSent(message.id, now());
        report.sent++;
      }
      return report;
    },
    async deliverPass(maxMessages = MAX_MESSAGES_PER_PASS) {
      const total: DeliveryReport = { sent: 0, failed: 0 };
      while (total.sent + total.failed < maxMessages) {
        const batch = await relay.deliverDue(Math.min(CLAIM_BATCH, maxMessages - total.sent - total.failed));
        total.sent += batch.sent;
        total.failed += batch.failed;
        // Fewer than a full claim: nothing more is due (or other relays hold the rest).
        if (batch.sent + batch.failed < CLAIM_BATCH) break;
      }
      return total;
    },
  };
  return relay;
}
