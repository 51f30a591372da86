import type { CancellationQuote, CancelPackBody, CancelPackResult, Refund } from '@kalike/shared/contracts/refunds';
import { refundReasonLabels } from '@kalike/shared/domain/refund-policy';
import { istDateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../../plugins/auth';
import { canonicalHash } from '../../../shared/canonical-hash';
import { DomainError } from '../../../shared/domain-error';
import { keyReused, requireIdempotencyKey } from '../../../shared/idempotency';
import type { PackRow } from '../class-packs/class-packs.repository';
import { payingLearners } from '../class-packs/packs';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { BatchStudentRow } from '../places/places.repository';
import { bookRefund, creditPartKey, paymentLeftPaise } from './refund-booking';
import { quoteParts, refundQuote, type QuotedPack } from './refund-quote';
import type { RefundSender } from './refund-sender';
import { textRefund } from './refund-settlement';
import { toRefunds } from './refund-views';
import type { PaidOrderRow, RefundRow } from './refunds.repository';

export interface PackCancellationDeps {
  repository: PaymentsRepository;
  sender: RefundSender;
  now: () => Date;
}

export const classPackNotFound = () => new DomainError('CLASS_PACK_NOT_FOUND', 'No such class pack on your account', 404);

interface OwnPack {
  pack: PackRow;
  place: BatchStudentRow;
  paid: PaidOrderRow | null;
}

/** One of the caller's packs, with its place and the order that paid it; anyone else's is 404, so ids reveal nothing. */
async function ownPack(reader: Pick<PaymentsQueries, 'packs' | 'places' | 'refunds'>, learnerAccountId: string, packId: string): Promise<OwnPack> {
  const pack = await reader.packs.find(packId);
  const place = pack ? await reader.places.find(pack.batch_student_id) : undefined;
  if (!pack || !place || place.learner_account_id !== learnerAccountId) throw classPackNotFound();
  return { pack, place, paid: (await reader.refunds.paidOrderOfPack(pack.id)) ?? null };
}

/** The pack as the refund policy reads it: paid on the day its order was paid (or it started, when credit paid it). */
export function quotedPack(pack: PackRow, paid: PaidOrderRow | null, today: string, refundedPaise: number): QuotedPack {
  return {
    refundedPaise,
    status: pack.status,
    paidPaise: pack.paid_paise,
    classesTotal: pack.classes_total,
    classesUsed: Math.max(0, pack.classes_used),
    classesLeft: Math.max(0, pack.classes_left),
    paidOn: paid?.paid_at ? istDateKey(paid.paid_at) : (pack.valid_from ?? today),
    validUntil: pack.valid_until,
  };
}

async function quoteOf(reader: Pick<PaymentsQueries, 'refunds' | 'adminRefunds'>, { pack, place, paid }: OwnPack, today: string): Promise<CancellationQuote> {
  const quoted = quotedPack(pack, paid, today, await reader.adminRefunds.refundedOfPack(pack.id));
  const quote = refundQuote(quoted, today);
  return {
    packId: pack.id,
    planName: pack.plan_name,
    studentName: place.student_name ?? place.learner_name,
    teacherName: place.teacher_name,
    classesTotal: pack.classes_total,
    classesUsed: quoted.classesUsed,
    classesLeft: quoted.classesLeft,
    paidPaise: pack.paid_paise,
    paidOn: quoted.paidOn,
    cancellable: quote.amountPaise > 0,
    rule: quote.rule,
    reason: quote.reason,
    amountPaise: quote.amountPaise,
    classes: quote.classes,
    wholePackUntil: quote.wholePackUntil,
    ...quoteParts(quote.amountPaise, await paymentLeftPaise(reader, paid)),
  };
}

/**
 * A family cancelling one of its packs from My Classes: the quote under the refund policy, and
 * the cancel itself, which quotes again under the place's lock (the lock a class being marked
 * takes), so a class used between the two changes the amount and the cancel is refused rather
 * than refunding what the family did not see.
 */
export function createPackCancellation({ repository, sender, now }: PackCancellationDeps) {
  async function book(learnerAccountId: string, userId: string, packId: string, body: CancelPackBody, keys: { key: string; requestHash: string }) {
    return repository.transaction(async (tx): Promise<{ rows: RefundRow[]; replay: boolean }> => {
      await tx.learners.lock(learnerAccountId);
      const previous = await tx.refunds.findByKeys([keys.key, creditPartKey(keys.key)]);
      if (previous.length > 0) {
        if (previous.some((row) => row.request_hash !== keys.requestHash)) throw keyReused('cancellation');
        return { rows: previous, replay: true };
      }
      const { place } = await ownPack(tx, learnerAccountId, packId);
      await tx.places.lock(place.id);
      // Read again under the lock: a class marked meanwhile is counted.
      const current = await ownPack(tx, learnerAccountId, packId);
      const at = now();
      const quote = await quoteOf(tx, current, istDateKey(at));
      if (quote.amountPaise === 0) throw new DomainError('NOTHING_TO_REFUND', `${quote.reason}, so it cannot be cancelled for a refund`, 409);
      if (quote.amountPaise !== body.expectedAmountPaise) {
        throw new DomainError(
          'REFUND_AMOUNT_CHANGED',
          'What comes back has changed since you looked (a class was used); check the new amount and confirm again',
          409,
          {
            expectedAmountPaise: quote.amountPaise,
          },
        );
      }
      const rows = await bookRefund(
        tx,
        {
          learnerAccountId,
          batchStudentId: place.id,
          pack: { id: current.pack.id, planName: current.pack.plan_name, status: current.pack.status, classes: quote.classes },
          amountPaise: quote.amountPaise,
          method: body.method,
          reasonKind: 'family_cancelled',
          reason: `${refundReasonLabels.family_cancelled}: ${quote.reason}`,
          actor: { kind: 'learner', userId },
          key: keys.key,
          requestHash: keys.requestHash,
          paid: current.paid,
        },
        at,
      );
      for (const row of rows) if (row.method === 'credit') await textRefund(tx, row, 'credit', at);
      return { rows, replay: false };
    });
  }

  return {
    async cancellationQuote(user: AuthUser, packId: string): Promise<CancellationQuote> {
      const learnerAccountId = payingLearners.idOf(user);
      return quoteOf(repository, await ownPack(repository, learnerAccountId, packId), istDateKey(now()));
    },

    async cancelPack(
      user: AuthUser,
      rawKey: string | string[] | undefined,
      packId: string,
      body: CancelPackBody,
    ): Promise<{ statusCode: 200 | 201; body: CancelPackResult }> {
      const learnerAccountId = payingLearners.idOf(user);
      const key = `learner:${learnerAccountId}:${requireIdempotencyKey(rawKey, 'cancellation')}`;
      const requestHash = canonicalHash({ call: 'cancel_pack', packId, method: body.method, expectedAmountPaise: body.expectedAmountPaise });
      const { rows, replay } = await book(learnerAccountId, user.userId, packId, body, { key, requestHash });
      // After the commit, holding nothing: the gateway is asked (a replay asks again with the same key, harmlessly).
      for (const row of rows) if (row.status === 'pending') await sender.send(row.id);
      const fresh = await repository.refunds.findByKeys(rows.map((row) => row.idempotency_key));
      const refunds: Refund[] = await toRefunds(repository, fresh);
      return { statusCode: replay ? 200 : 201, body: { packId, refunds } };
    },

    async refundsOf(user: AuthUser): Promise<Refund[]> {
      return toRefunds(repository, await repository.refunds.findOfLearner(payingLearners.idOf(user)));
    },
  };
}
