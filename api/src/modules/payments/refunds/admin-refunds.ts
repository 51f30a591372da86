import type { AdminMoneyActionKind, AdminPack, AdminRefundBody, AdminRefundResult, AdminMoneyAction } from '@kalike/shared/contracts/admin-refunds';
import { normaliseIndianMobile } from '@kalike/shared/domain/indian-mobile';
import { refundReasonLabels } from '@kalike/shared/domain/refund-policy';
import { istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import type { AuthUser } from '../../../plugins/auth';
import { canonicalHash } from '../../../shared/canonical-hash';
import { DomainError } from '../../../shared/domain-error';
import { keyReused, requireIdempotencyKey } from '../../../shared/idempotency';
import type { PackRow } from '../class-packs/class-packs.repository';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import { sumPaise } from '../money';
import { adminPackOf, logAdminAction, perClassPaise, refundingAdmins, toAdminMoneyAction } from './admin-packs';
import { classPackNotFound, quotedPack } from './pack-cancellation';
import { bookRefund, creditPartKey } from './refund-booking';
import { teacherEndedQuote } from './refund-quote';
import type { RefundSender } from './refund-sender';
import { textRefund } from './refund-settlement';
import { toRefunds } from './refund-views';
import type { PaidOrderRow, RefundRow } from './refunds.repository';

export interface AdminRefundsDeps {
  repository: PaymentsRepository;
  sender: RefundSender;
  now: () => Date;
}

const LOG_LIMIT = 100;
const logKinds = { class: 'class_refund', pack: 'pack_refund', amount: 'amount_refund' } as const satisfies Record<
  AdminRefundBody['kind'],
  AdminMoneyActionKind
>;

/** Packs that never gave classes, or whose unused classes a plan change already turned into credit, give nothing back here. */
const unrefundableStatuses: ReadonlySet<string> = new Set(['pending_payment', 'expired', 'replaced']);

interface Planned {
  amountPaise: number;
  classes: number;
  keep: boolean;
}

/** What the admin's refund gives back and takes off the pack, checked against what the pack still holds unrefunded. */
function plan(pack: PackRow, paid: PaidOrderRow | null, body: AdminRefundBody, refundablePaise: number, today: string): Planned {
  if (unrefundableStatuses.has(pack.status))
    throw new DomainError('NOTHING_TO_REFUND', `This pack is ${pack.status.replace('_', ' ')}: it has nothing to refund`, 409);
  let planned: Planned;
  if (body.kind === 'amount') {
    if (body.amountPaise === undefined) throw new DomainError('REFUND_AMOUNT_REQUIRED', 'Say how much to refund', 422);
    planned = { amountPaise: body.amountPaise, classes: 0, keep: true };
  } else {
    const quote = teacherEndedQuote(quotedPack(pack, paid, today, pack.paid_paise - refundablePaise), today);
    if (quote.amountPaise === 0) throw new DomainError('NOTHING_TO_REFUND', `${quote.reason}, so no class of it can be refunded`, 409);
    planned =
      body.kind === 'class'
        ? { amountPaise: perClassPaise(pack), classes: 1, keep: true }
        : { amountPaise: quote.amountPaise, classes: quote.classes, keep: false };
  }
  if (planned.amountPaise > refundablePaise) {
    throw new DomainError(
      'REFUND_TOO_LARGE',
      `At most ${formatPaise(refundablePaise)} of this pack is left to refund (paid less what was refunded already)`,
      422,
      { refundablePaise },
    );
  }
  return planned;
}

/** Books the admin's refund and its log row in one transaction, under the family's and the place's locks; a retry with the same key answers the same rows. */
async function book(
  { repository, now }: Omit<AdminRefundsDeps, 'sender'>,
  userId: string,
  packId: string,
  body: AdminRefundBody,
  keys: { key: string; requestHash: string },
) {
  return repository.transaction(async (tx: PaymentsQueries): Promise<{ rows: RefundRow[]; replay: boolean }> => {
    const first = await tx.packs.find(packId);
    const place = first ? await tx.places.find(first.batch_student_id) : undefined;
    if (!first || !place) throw classPackNotFound();
    await tx.learners.lock(place.learner_account_id);
    const previous = await tx.refunds.findByKeys([keys.key, creditPartKey(keys.key)]);
    if (previous.length > 0) {
      if (previous.some((row) => row.request_hash !== keys.requestHash)) throw keyReused('refund');
      return { rows: previous, replay: true };
    }
    await tx.places.lock(place.id);
    // Read again under the lock: a class marked meanwhile is counted.
    const pack = (await tx.packs.find(packId)) ?? first;
    const paid = (await tx.refunds.paidOrderOfPack(pack.id)) ?? null;
    const at = now();
    const planned = plan(pack, paid, body, pack.paid_paise - (await tx.adminRefunds.refundedOfPack(pack.id)), istDateKey(at));
    const rows = await bookRefund(
      tx,
      {
        learnerAccountId: place.learner_account_id,
        batchStudentId: place.id,
        pack: { id: pack.id, planName: pack.plan_name, status: pack.status, classes: planned.classes, keep: planned.keep },
        amountPaise: planned.amountPaise,
        method: body.method,
        reasonKind: 'admin',
        reason: `${refundReasonLabels.admin}: ${body.reason}`,
        actor: { kind: 'admin', userId },
        key: keys.key,
        requestHash: keys.requestHash,
        paid,
      },
      at,
    );
    for (const row of rows) if (row.method === 'credit') await textRefund(tx, row, 'credit', at);
    await logAdminAction(
      tx,
      {
        adminUserId: userId,
        kind: logKinds[body.kind],
        learnerAccountId: place.learner_account_id,
        packId: pack.id,
        reportId: null,
        refunds: rows,
        reason: body.reason,
        idempotencyKey: keys.key,
      },
      at,
    );
    return { rows, replay: false };
  });
}

/**
 * An admin's refund of one class, a whole pack or an amount of a family's pack, with a reason:
 * booked through bookRefund (reason kind `admin`), under the family's and the place's locks, with
 * its log row in the same transaction. Needs an Idempotency-Key: a retry answers the same refunds.
 */
export function createAdminRefunds({ repository, sender, now }: AdminRefundsDeps) {
  return {
    /** A family's packs by their phone number, or the pack a receipt number paid. */
    async findPacks(user: AuthUser, q: string): Promise<AdminPack[]> {
      refundingAdmins.idOf(user);
      const phone = normaliseIndianMobile(q, { acceptDemoNumbers: true });
      const families = await repository.adminRefunds.findFamilyPacks(phone ? { phone } : { receiptNumber: q.trim().toUpperCase() });
      const packs: AdminPack[] = [];
      for (const family of families) {
        const pack = await repository.packs.find(family.pack_id);
        if (pack) packs.push(await adminPackOf(repository, family, pack));
      }
      return packs;
    },

    async refundPack(
      user: AuthUser,
      rawKey: string | string[] | undefined,
      packId: string,
      body: AdminRefundBody,
    ): Promise<{ statusCode: 200 | 201; body: AdminRefundResult }> {
      const userId = refundingAdmins.idOf(user);
      const key = `admin:${userId}:${requireIdempotencyKey(rawKey, 'refund')}`;
      const requestHash = canonicalHash({ call: 'admin_refund', packId, ...body });
      const { rows, replay } = await book({ repository, now }, userId, packId, body, { key, requestHash });
      // After the commit, holding nothing: the gateway is asked.
      for (const row of rows) if (row.status === 'pending') await sender.send(row.id);
      const fresh = await repository.refunds.findByKeys(rows.map((row) => row.idempotency_key));
      const refunds = await toRefunds(repository, fresh);
      return { statusCode: replay ? 200 : 201, body: { packId, refunds, refundedPaise: sumPaise(refunds.map((refund) => refund.amountPaise)) } };
    },

    /** Every admin money action, newest first. */
    async log(user: AuthUser): Promise<AdminMoneyAction[]> {
      refundingAdmins.idOf(user);
      return (await repository.adminRefunds.findActions(LOG_LIMIT)).map(toAdminMoneyAction);
    },
  };
}
