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
import type { EnrolmentsPort } from '../enrolments/enrolments.port';

function queries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  const outbox = createMessageOutboxRepository(db);
  return {
    ...classPackQueries(db, enrolments),
    ...ledgerQueries(db),
    ...discountQueries(db),
    ...orderQueries(db),
    ...linkQueries(db, enrolments),
    ...invitationQueries(db, enrolments),
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
export function createPaymentsRepository(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return transactionalRepository(db, (scope) => queries(scope, enrolments));
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
