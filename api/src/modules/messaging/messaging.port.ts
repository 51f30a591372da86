import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createMessageOutboxRepository, type OutgoingMessage } from './message-outbox.repository';

// The text other modules queue is part of this port's surface.
export type { OutgoingMessage };

/** What other modules may do with texts: queue one in the transaction that makes it true. */
export interface MessageOutboxPort {
  /** Call with the transaction that makes the message true, so both commit or neither does. */
  enqueue(message: OutgoingMessage, at: Date): Promise<void>;
}

/** The outbox bound to the caller's database or open transaction. */
export function messageOutboxOf(db: Kysely<Database>): MessageOutboxPort {
  return createMessageOutboxRepository(db);
}
