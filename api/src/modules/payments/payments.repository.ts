import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { messageOutboxOf } from '../messaging/messaging.port';
import { notificationsOf } from '../notifications/notifications.port';
import type { EnrolmentsPort } from '../enrolments/enrolments.port';
import { transactionalRepository } from '../../shared/transactional-repository';
import { packQueries } from './class-packs/class-packs.repository';
import { packDateQueries } from './class-packs/pack-dates.repository';
import { lapseWarningQueries } from './class-packs/lapse-warnings.repository';
import { discountQueries } from './discounts/discounts.repository';
import { historyQueries } from './history/payment-history.repository';
import { invitationQueries } from './invitations/invitations.repository';
import { ledgerQueries } from './ledger/ledger.repository';
import { linkQueries } from './links/links.repository';
import { orderLapseQueries, orderPaymentQueries, orderQueries } from './orders/orders.repository';
import { batchQueries } from './places/batches.repository';
import { learnerQueries } from './places/learners.repository';
import { placeQueries } from './places/places.repository';
import { adminRefundQueries } from './refunds/admin-refunds.repository';
import { classReportQueries, openReportQueries } from './refunds/class-not-held.repository';
import { creditNoteQueries, refundQueries, refundSourceQueries } from './refunds/refunds.repository';
import { requestCheckQueries, requestQueries, requestReadQueries } from './requests/requests.repository';
import { payeeQueries } from './settlement/payees.repository';

/**
 * The payments unit of work: one slice per concern, each bound to the database or to one
 * transaction. A use case names the slices it uses (`Pick<PaymentsQueries, 'orders' | 'packs'>`),
 * so what it can touch is visible in its signature.
 */
function slices(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return {
    learners: learnerQueries(db),
    orders: { ...orderQueries(db), ...orderLapseQueries(db), ...orderPaymentQueries(db) },
    packs: packQueries(db),
    packDates: packDateQueries(db),
    lapseWarnings: lapseWarningQueries(db),
    /** Places in batches: read here, changed through the enrolments port in the same transaction. */
    places: placeQueries(db, enrolments),
    batches: batchQueries(db),
    ledger: ledgerQueries(db),
    discounts: discountQueries(db),
    requests: { ...requestQueries(db), ...requestCheckQueries(db), ...requestReadQueries(db) },
    links: linkQueries(db),
    invitations: invitationQueries(db),
    messages: messageOutboxOf(db),
    /** Notices to the family and the teacher, raised in the transaction that makes them true. */
    notifications: notificationsOf(db),
    payees: payeeQueries(db),
    history: historyQueries(db),
    refunds: { ...refundQueries(db), ...refundSourceQueries(db), ...creditNoteQueries(db) },
    classReports: { ...classReportQueries(db), ...openReportQueries(db) },
    adminRefunds: adminRefundQueries(db),
  };
}

export type PaymentsQueries = ReturnType<typeof slices>;

/** Every payments query, by concern, bound to the database; `transaction` binds the same slices to one transaction. */
export function createPaymentsRepository(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return transactionalRepository(db, (scope) => slices(scope, enrolments));
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
