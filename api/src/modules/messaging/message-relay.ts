import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createClaimRelay, type ClaimRelay } from '../../shared/claim-relay';
import type { SmsSender } from '../sms/sms.port';
import { createMessageOutboxRepository } from './message-outbox.repository';

// The relay's timings live with the loop they belong to; tests read them from here too.
export { retryDelayMs } from '../../shared/claim-relay';

export type MessageRelay = ClaimRelay;

export interface MessageRelayOptions {
  /** SEND_TIMEOUT_MS unless a test shortens it. */
  sendTimeoutMs?: number;
}

/** Moves messages from message_outbox to the SMS sender, each exactly once across every instance's relay. */
export function createMessageRelay(db: Kysely<Database>, smsSender: SmsSender, now: () => Date, { sendTimeoutMs }: MessageRelayOptions = {}): MessageRelay {
  return createClaimRelay({
    store: createMessageOutboxRepository(db),
    send: (message) => smsSender.send(message.to_phone, message.body),
    now,
    provider: 'SMS provider',
    sendTimeoutMs,
  });
}
