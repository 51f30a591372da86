import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createMessageOutboxRepository, type OutgoingMessage } from '../messaging/message-outbox.repository';
import { classPackQueries } from './class-packs/class-packs.repository';
import { discountQueries } from './discounts/discounts.repository';
import { invitationQueries } from './invitations/invitations.repository';
import { ledgerQueries } from './ledger/ledger.repository';
import { linkQueries } from './links/links.repository';
import { orderQueries } from './orders/orders.repository';
import { transactionalRepository } from '../../shared/transactional-repository';

function queries(db: Kysely<Database>) {
  const outbox = createMessageOutboxRepository(db);
  return {
    ...classPackQueries(db),
    ...ledgerQueries(db),
    ...discountQueries(db),
    ...orderQueries(db),
    ...linkQueries(db),
    ...invitationQueries(db),
    enqueueMessage(message: OutgoingMessage, at: Date): Promise<void> {
      return outbox.enqueue(message, at);
    },
  };
}

export type PaymentsQueries = ReturnType<typeof queries>;

/**
 * Every payments query, by concern in the files beside this one, bound to the database or to
 * one transaction: crediting a payment writes orders, packs, the ledger, coupons and links together.
 */
export function createPaymentsRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
