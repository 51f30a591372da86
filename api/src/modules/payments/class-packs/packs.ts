import type { BatchStudentPlan, BatchStudentSummary } from '@kalike/shared/contracts/payments';
import type { EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import { classPackLifecycle, type ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import { learnersOnly } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { perClassPaise, unusedCreditPaise } from '../money';
import type { PackRow } from './class-packs.repository';
import type { BatchStudentRow } from '../places/places.repository';
import type { PaymentsQueries } from '../payments.repository';

/** What every payments screen may say about a pack: stored statuses plus used-up and lapsed, derived. */
export function packStatus(pack: PackRow, today: string): ClassPackStatus {
  return classPackLifecycle.statusAt({ status: pack.status, validUntil: pack.valid_until, classesLeft: pack.classes_left }, today);
}

/** A paid pack that can still give classes today. */
export function isUsable(pack: PackRow, today: string): boolean {
  return packStatus(pack, today) === 'active' && pack.valid_from !== null && pack.valid_from <= today;
}

export function toBatchStudentPlan(pack: PackRow, today: string): BatchStudentPlan {
  return {
    id: pack.id,
    plan: {
      id: pack.class_pack_plan_id,
      name: pack.plan_name,
      classesCount: pack.classes_total,
      pricePaise: pack.price_paise,
      pricePerClassPaise: perClassPaise({ classesCount: pack.classes_total, pricePaise: pack.price_paise }),
      validityDays: pack.validity_days,
    },
    status: packStatus(pack, today),
    classesTotal: pack.classes_total,
    classesUsed: Math.max(0, pack.classes_used),
    classesLeft: Math.max(0, pack.classes_left),
    validFrom: pack.valid_from,
    validUntil: pack.valid_until,
    paidPaise: pack.paid_paise,
  };
}

/**
 * The packs a class on `day` may come out of, the one it comes out of first: the soonest to
 * expire, and of two alike the older. `packs` are newest first, as stored packs are read.
 */
export function usablePacksInOrder(packs: readonly PackRow[], day: string): PackRow[] {
  return packs
    .filter((pack) => isUsable(pack, day))
    .sort((a, b) => (a.valid_until ?? '').localeCompare(b.valid_until ?? '') || packs.indexOf(b) - packs.indexOf(a));
}

/**
 * The pack a batch student is on: the one today's class would come out of (so a renewal paid
 * ahead waits its turn), else the newest begun, else the newest waiting for payment.
 */
export function currentPack(packs: readonly PackRow[], today: string): PackRow | null {
  // A pack waiting to start is never the one the student is on; screens show it as queued.
  const begun = packs.filter((pack) => pack.status !== 'active' || (pack.valid_from ?? '') <= today);
  return (
    usablePacksInOrder(packs, today)[0] ??
    begun.find((pack) => pack.status === 'active' && packStatus(pack, today) !== 'expired') ??
    begun.find((pack) => pack.status === 'active') ??
    packs.find((pack) => pack.status === 'pending_payment') ??
    null
  );
}

/** The newest pack still active in storage (a change of plan replaces it). */
export function activePack(packs: readonly PackRow[]): PackRow | null {
  return packs.find((pack) => pack.status === 'active') ?? null;
}

/** What a change of plan credits for a pack: nothing once it has lapsed or been replaced. */
export function creditForPack(pack: PackRow, today: string): { creditPaise: number; classesLeft: number } {
  const status = packStatus(pack, today);
  if (status !== 'active' && status !== 'used_up') return { creditPaise: 0, classesLeft: 0 };
  const classesLeft = Math.max(0, pack.classes_left);
  return { creditPaise: unusedCreditPaise({ paidPaise: pack.paid_paise, classesTotal: pack.classes_total, classesLeft }), classesLeft };
}

export function toBatchStudentSummary(row: BatchStudentRow, batch: EnquiryBatch): BatchStudentSummary {
  return {
    id: row.id,
    status: row.status,
    studentName: row.student_name,
    learnerName: row.learner_name,
    teacher: { id: row.teacher_id, name: row.teacher_name, slug: row.teacher_slug },
    batch,
  };
}

/** Class packs, orders, settlements and links are paid for by learners. */
export const payingLearners = learnersOnly('Only learners pay for classes');

export const batchStudentNotFound = () => new DomainError('BATCH_STUDENT_NOT_FOUND', 'No such batch student on your account', 404);
export const seatHoldExpired = () =>
  new DomainError(
    'SEAT_HOLD_EXPIRED',
    "Your seat was held for a while and has gone back to the batch. Open the teacher's link again to join if a seat is free.",
    409,
  );
/** A place the student has left (removed by the teacher, or the batch ended) takes no more packs, on any path. */
export const placeLeft = () => new DomainError('INVALID_TRANSITION', 'This student has left the batch; there is nothing to buy', 409);
export const planNotFound = (field = 'The class pack') => new DomainError('PLAN_NOT_FOUND', `${field} is not one of this batch's class packs`, 404);

/** The caller's own batch student; anyone else's is 404, so ids reveal nothing. */
export async function ownBatchStudent(reader: Pick<PaymentsQueries, 'places'>, learnerAccountId: string, batchStudentId: string): Promise<BatchStudentRow> {
  const row = await reader.places.find(batchStudentId);
  if (!row || row.learner_account_id !== learnerAccountId) throw batchStudentNotFound();
  return row;
}
