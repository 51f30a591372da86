import type { CheckoutOrder, PaymentLink, PaymentLinkStatus } from '@kalike/shared/contracts/payments';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { orderOf, type Checkout } from '../checkout/checkout';
import { fixedPrice } from '../checkout/pricing';
import { payingLearners } from '../class-packs/packs';
import type { PaymentsRepository } from '../payments.repository';
import { paymentLinkLifecycle } from '@kalike/shared/domain/payment-link-lifecycle';
import type { PaymentLinkRow } from './links.repository';

export interface LinksServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  now: () => Date;
}

const linkNotFound = () => new DomainError('PAYMENT_LINK_NOT_FOUND', 'This payment link does not exist', 404);

/** Issued links lapse at their deadline even before anything stores it. */
function linkStatus(row: Pick<PaymentLinkRow, 'status' | 'expires_at'>, at: Date): PaymentLinkStatus {
  return paymentLinkLifecycle.statusAt({ status: row.status, expiresAt: row.expires_at }, at);
}

function toPaymentLink(row: PaymentLinkRow, at: Date): PaymentLink {
  return {
    id: row.id,
    status: linkStatus(row, at),
    amountPaise: row.amount_paise,
    description: row.description,
    teacher: { name: row.teacher_name, slug: row.teacher_slug },
    studentName: row.student_name,
    expiresAt: new Date(row.expires_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  };
}

/** Payment links a teacher sent to a family's phone: read by anyone holding the link, paid by that family. */
export function createLinksService({ repository, checkout, now }: LinksServiceDeps) {
  return {
    async getLink(id: string): Promise<PaymentLink> {
      const row = await repository.links.find(id);
      if (!row) throw linkNotFound();
      return toPaymentLink(row, now());
    },

    /**
     * Pays a link the teacher sent. The link names the learner's phone, and only that learner
     * may pay it (anyone else gets 404), so the money lands on the right ledger.
     */
    async payLink(user: AuthUser, key: string | string[] | undefined, id: string): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
      const learnerAccountId = payingLearners.idOf(user);
      const phone = (await repository.learners.findPhone(learnerAccountId)) ?? '';
      const purchase = await checkout.buy({
        learnerAccountId,
        key,
        request: { call: 'payment_link', id },
        decide: async (tx, at) => {
          await tx.links.lock(id);
          const row = await tx.links.find(id);
          if (!row || row.learner_phone !== phone) throw linkNotFound();
          const status = linkStatus(row, at);
          if (status === 'paid') throw new DomainError('ORDER_ALREADY_PAID', 'This payment link has already been paid', 409);
          if (status === 'cancelled') throw new DomainError('PAYMENT_LINK_EXPIRED', 'The teacher cancelled this payment link', 409);
          if (status === 'expired') throw new DomainError('PAYMENT_LINK_EXPIRED', 'This payment link has expired; ask the teacher for a new one', 409);
          const place = row.batch_student_id ? await tx.places.find(row.batch_student_id) : undefined;
          const own = place?.learner_account_id === learnerAccountId ? place : undefined;
          return {
            purpose: 'payment_link',
            batchStudentId: own?.id ?? null,
            studentId: own?.student_id ?? null,
            price: fixedPrice(row.amount_paise),
            description: `${row.description} (${row.teacher_name})`,
            paymentLinkId: row.id,
            supersedes: { purposes: ['payment_link'], paymentLinkId: row.id },
          };
        },
      });
      return { statusCode: purchase.statusCode, body: orderOf(purchase) };
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
