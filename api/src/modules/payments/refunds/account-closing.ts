import type { DeletionPack } from '@kalike/shared/contracts/data-rights';
import { refundReasonLabels } from '@kalike/shared/domain/refund-policy';
import { istDateKey } from '@kalike/shared/format/dates';
import { canonicalHash } from '../../../shared/canonical-hash';
import { DomainError } from '../../../shared/domain-error';
import { databaseOfHandle, type TransactionHandle } from '../../../shared/transactional-repository';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { sumPaise } from '../money';
import { createPaymentsRepository, type PaymentsQueries } from '../payments.repository';
import { quotedPack } from './pack-cancellation';
import { bookRefund, paymentLeftPaise } from './refund-booking';
import { quoteParts, refundQuote } from './refund-quote';
import type { RefundSender } from './refund-sender';
import type { PaidOrderRow } from './refunds.repository';

/** A pack still giving classes when its family deletes the account, with what the refund policy gives back now. */
interface ClosingPack extends DeletionPack {
  batchStudentId: string;
  status: 'active';
  classes: number;
  amountPaise: number;
  paid: PaidOrderRow | null;
}

/** What the family's money looks like at the moment of deleting: packs to refund or forfeit, requests to cancel. */
export interface MoneyOutlook {
  packs: DeletionPack[];
  refundTotalPaise: number;
  openPaymentRequests: number;
}

export interface MoneyClosed {
  packsRefunded: number;
  packsForfeited: number;
  refundedPaise: number;
  paymentRequestsCancelled: number;
  /** Refunds to the payment method, sent to the gateway once the caller's transaction has committed. */
  pendingRefundIds: string[];
}

const openRequestsLimit = 200;

async function closingPacks(tx: PaymentsQueries, learnerAccountId: string, today: string): Promise<ClosingPack[]> {
  const places = await tx.places.findOfLearner(learnerAccountId);
  const placeById = new Map(places.map((place) => [place.id, place]));
  const packs: ClosingPack[] = [];
  for (const pack of await tx.packs.findOfPlaces([...placeById.keys()])) {
    const place = placeById.get(pack.batch_student_id);
    if (!place || pack.status !== 'active' || pack.classes_left <= 0) continue;
    const paid = (await tx.refunds.paidOrderOfPack(pack.id)) ?? null;
    // The family's own rule: what cancelling the pack today gives back.
    const quote = refundQuote(quotedPack(pack, paid, today, await tx.adminRefunds.refundedOfPack(pack.id)), today);
    const parts = quoteParts(quote.amountPaise, await paymentLeftPaise(tx, paid));
    packs.push({
      packId: pack.id,
      planName: pack.plan_name,
      studentName: place.student_name ?? place.learner_name,
      teacherName: place.teacher_name,
      classesLeft: pack.classes_left,
      outcome: parts.originalMethodPaise > 0 ? 'refunded' : 'forfeited',
      refundPaise: parts.originalMethodPaise,
      forfeitedCreditPaise: parts.creditPaise,
      batchStudentId: place.id,
      status: 'active',
      classes: quote.classes,
      amountPaise: quote.amountPaise,
      paid,
    });
  }
  return packs;
}

const publicPack = ({ packId, planName, studentName, teacherName, classesLeft, outcome, refundPaise, forfeitedCreditPaise }: ClosingPack): DeletionPack => ({
  packId,
  planName,
  studentName,
  teacherName,
  classesLeft,
  outcome,
  refundPaise,
  forfeitedCreditPaise,
});

/**
 * A family's money when it deletes its account, through the refund rules every cancel uses:
 * each pack still giving classes is cancelled and what the policy gives back goes to the payment
 * method (the part the policy would give as Kalike credit, and a pack with nothing left to
 * refund, are forfeited: credit cannot follow a deleted account), and the payment requests
 * still open for the family's phone are cancelled. Never a second path to money: the refunds
 * are booked by `bookRefund` and sent by the refund sender like every other.
 */
export function createAccountClosing({ enrolments, sender, now }: { enrolments: EnrolmentsPort; sender: RefundSender; now: () => Date }) {
  const within = (handle: TransactionHandle) => createPaymentsRepository(databaseOfHandle(handle), enrolments);

  return {
    async outlookWithin(handle: TransactionHandle, learner: { learnerAccountId: string; phone: string }): Promise<MoneyOutlook> {
      const tx = within(handle);
      const packs = await closingPacks(tx, learner.learnerAccountId, istDateKey(now()));
      const requests = await tx.requests.findForLearnerPhone(learner.phone, 'open', openRequestsLimit);
      return { packs: packs.map(publicPack), refundTotalPaise: sumPaise(packs.map((pack) => pack.refundPaise)), openPaymentRequests: requests.length };
    },

    /** In the erasure's transaction; refuses (changing nothing) when the refunds differ from what the person was shown. */
    async closeWithin(
      handle: TransactionHandle,
      learner: { learnerAccountId: string; userId: string; phone: string },
      expectedRefundPaise: number,
      at: Date,
    ): Promise<MoneyClosed> {
      const tx = within(handle);
      await tx.learners.lock(learner.learnerAccountId);
      const packs = await closingPacks(tx, learner.learnerAccountId, istDateKey(at));
      const total = sumPaise(packs.map((pack) => pack.refundPaise));
      if (total !== expectedRefundPaise) {
        throw new DomainError(
          'REFUND_AMOUNT_CHANGED',
          'What comes back has changed since you looked (a class was used); check the new amount and confirm again',
          409,
          {
            expectedRefundPaise: total,
          },
        );
      }
      const pendingRefundIds: string[] = [];
      let refundedPaise = 0;
      for (const pack of packs) {
        if (pack.amountPaise === 0) continue;
        await tx.places.lock(pack.batchStudentId);
        const rows = await bookRefund(
          tx,
          {
            learnerAccountId: learner.learnerAccountId,
            batchStudentId: pack.batchStudentId,
            pack: { id: pack.packId, planName: pack.planName, status: pack.status, classes: pack.classes },
            amountPaise: pack.amountPaise,
            method: 'original',
            reasonKind: 'family_cancelled',
            reason: `${refundReasonLabels.family_cancelled}: the account was deleted`,
            actor: { kind: 'learner', userId: learner.userId },
            // One key per pack: an erasure run again never refunds a pack twice.
            key: `account_erased:${pack.packId}`,
            requestHash: canonicalHash({ call: 'account_erased', packId: pack.packId }),
            paid: pack.paid,
          },
          at,
        );
        for (const row of rows) {
          if (row.method !== 'original') continue;
          refundedPaise += row.amount_paise;
          if (row.status === 'pending') pendingRefundIds.push(row.id);
        }
      }
      const requests = await tx.requests.findForLearnerPhone(learner.phone, 'open', openRequestsLimit);
      for (const request of requests) {
        await tx.requests.lock(request.id);
        await tx.requests.cancel(request.id, 'The family deleted their Kalike account');
      }
      return {
        packsRefunded: packs.filter((pack) => pack.outcome === 'refunded').length,
        packsForfeited: packs.filter((pack) => pack.outcome === 'forfeited').length,
        refundedPaise,
        paymentRequestsCancelled: requests.length,
        pendingRefundIds,
      };
    },

    /** After the erasure commits, holding nothing: the gateway is asked (the retry task asks again if this is lost). */
    async sendRefunds(refundIds: readonly string[]): Promise<void> {
      for (const id of refundIds) await sender.send(id);
    },
  };
}

export type AccountClosing = ReturnType<typeof createAccountClosing>;
