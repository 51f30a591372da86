import type { EndedBatch, RemovedStudent } from '@kalike/shared/contracts/refunds';
import { refundReasonLabels } from '@kalike/shared/domain/refund-policy';
import { istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { teachersOnly, type AuthUser } from '../../../plugins/auth';
import { canonicalHash } from '../../../shared/canonical-hash';
import { DomainError } from '../../../shared/domain-error';
import { batchStudentNotFound } from '../class-packs/packs';
import type { EndScheduleWithin } from '../../sessions/sessions.port';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { BatchStudentRow } from '../places/places.repository';
import { sumPaise } from '../money';
import { quotedPack } from './pack-cancellation';
import { bookRefund } from './refund-booking';
import { teacherEndedQuote } from './refund-quote';
import type { RefundSender } from './refund-sender';
import { toRefunds } from './refund-views';
import type { RefundRow } from './refunds.repository';

export const removingTeachers = teachersOnly('Only the teacher of a batch removes its students');

export interface TeacherRemovalDeps {
  repository: PaymentsRepository;
  sender: RefundSender;
  /** Sessions takes an ended batch's classes still to come off the calendar. */
  endScheduleWithin: EndScheduleWithin;
  now: () => Date;
}

/** Every pack of the place still giving classes is cancelled and its unused classes refunded in full, to the payment method. */
async function refundPlace(tx: PaymentsQueries, place: BatchStudentRow, userId: string, at: Date): Promise<RefundRow[]> {
  const today = istDateKey(at);
  const rows: RefundRow[] = [];
  for (const pack of await tx.packs.findOf(place.id)) {
    const paid = (await tx.refunds.paidOrderOfPack(pack.id)) ?? null;
    const quote = teacherEndedQuote(quotedPack(pack, paid, today, await tx.adminRefunds.refundedOfPack(pack.id)), today);
    if (quote.amountPaise === 0) continue;
    // One key per pack: removing again (or a retry) never refunds a pack twice.
    const key = `teacher_ended:${pack.id}`;
    rows.push(
      ...(await bookRefund(
        tx,
        {
          learnerAccountId: place.learner_account_id,
          batchStudentId: place.id,
          pack: { id: pack.id, planName: pack.plan_name, status: pack.status, classes: quote.classes },
          amountPaise: quote.amountPaise,
          method: 'original',
          reasonKind: 'teacher_ended',
          reason: `${refundReasonLabels.teacher_ended}: ${quote.classes} unused ${quote.classes === 1 ? 'class' : 'classes'} of ${pack.plan_name}`,
          actor: { kind: 'teacher', userId },
          key,
          requestHash: canonicalHash({ call: 'teacher_ended', packId: pack.id }),
          paid,
        },
        at,
      )),
    );
  }
  return rows;
}

/** The family hears that the classes ended and what comes back, in the transaction that makes it true. */
async function tellFamily(tx: PaymentsQueries, place: BatchStudentRow, refunds: readonly RefundRow[], at: Date): Promise<void> {
  const total = sumPaise(refunds.map((row) => row.amount_paise));
  const back = total > 0 ? ` ${formatPaise(total)} for the unused classes is being refunded; you will be told when it reaches you.` : '';
  await tx.messages.enqueue(
    {
      toPhone: place.learner_phone,
      body: `Kalike: ${place.teacher_name} has ended the classes of ${place.student_name ?? place.learner_name}.${back}`,
      kind: 'refund.teacher_ended',
      enquiryId: null,
    },
    at,
  );
}

/**
 * A teacher removing a student from a batch, from the teacher's workspace: the place leaves the
 * batch through the enrolments module (its seat goes back), every pack still giving classes is
 * cancelled with its unused classes refunded in full to the payment method, and the family is
 * texted. Under the place's lock, so it cannot race a class being marked. Another teacher's
 * student is 404. Removing again answers what was refunded.
 */
export function createTeacherRemoval({ repository, sender, endScheduleWithin, now }: TeacherRemovalDeps) {
  async function removeStudent(user: AuthUser, batchStudentId: string): Promise<RemovedStudent> {
    const teacherId = removingTeachers.idOf(user);
    const rows = await repository.transaction(async (tx) => {
      const place = await tx.places.find(batchStudentId);
      if (!place || place.teacher_id !== teacherId) throw batchStudentNotFound();
      await tx.places.lock(place.id);
      const at = now();
      if (!(await tx.places.remove(place.id))) return tx.refunds.findOfPlace(place.id, 'teacher_ended');
      const refunds = await refundPlace(tx, place, user.userId, at);
      await tellFamily(tx, place, refunds, at);
      return refunds;
    });
    for (const row of rows) if (row.status === 'pending') await sender.send(row.id);
    const fresh = await repository.refunds.findByKeys(rows.map((row) => row.idempotency_key));
    return { batchStudentId, status: 'left', refunds: await toRefunds(repository, fresh), refundedPaise: sumPaise(fresh.map((row) => row.amount_paise)) };
  }

  return {
    removeStudent,
    /**
     * Ending a batch: first its schedule ends today (sessions: the last day, its classes still to
     * come off the calendar), so from then on nobody joins it and nothing is sold for it; then every
     * student still in it is removed as `removeStudent` does (one place, one transaction).
     */
    async endBatch(user: AuthUser, batchId: string): Promise<EndedBatch> {
      const teacherId = removingTeachers.idOf(user);
      if ((await repository.refunds.teacherOfBatch(batchId)) !== teacherId) throw new DomainError('BATCH_NOT_FOUND', 'No such batch of yours', 404);
      const schedule = await repository.transaction((_tx, handle) => endScheduleWithin(handle, batchId, now()));
      const removed: RemovedStudent[] = [];
      for (const place of await repository.places.findCurrentOfBatches([batchId])) removed.push(await removeStudent(user, place.id));
      return { batchId, ...schedule, removed, refundedPaise: sumPaise(removed.map((entry) => entry.refundedPaise)) };
    },
  };
}
