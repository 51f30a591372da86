import { databaseOfHandle, type TransactionHandle } from '../../../shared/transactional-repository';
import { DomainError } from '../../../shared/domain-error';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { batchStudentNotFound } from '../class-packs/packs';
import { rechainPlace } from '../class-packs/pack-dates';
import { createPaymentsRepository, type PaymentsQueries } from '../payments.repository';
import type { ReturnedClass } from '../payments.port';
import { unusedCreditPaise } from '../money';
import { postLedgerEvent } from './ledger-postings';

export interface ClassReturnDeps {
  now: () => Date;
  enrolments: EnrolmentsPort;
}

/**
 * Gives back the class the session's standing consumption took, under the batch student's
 * row lock (the one consumption takes): the same pack gets its class back, or the owed
 * amount is taken off. Null when nothing stands consumed (never consumed, or already given
 * back), so a repeat writes nothing.
 */
export async function giveBackClass(
  tx: PaymentsQueries,
  batchStudentId: string,
  sessionId: string,
  at: Date,
  because?: string,
  closedPackAsCredit = false,
): Promise<ReturnedClass | null> {
  const row = await tx.places.find(batchStudentId);
  if (!row) throw batchStudentNotFound();
  await tx.places.lock(row.id);
  const consumption = await tx.ledger.findConsumption(row.id, sessionId);
  if (!consumption || consumption.returned_by) return null;
  const session = await tx.ledger.findSessionOfBatch(sessionId, row.batch_id);
  if (!session) throw new DomainError('SESSION_NOT_FOUND', "That session is not one of this batch student's batch", 404);
  // A corrected mark: a pack cancelled or replaced since cannot give the class again, so its value
  // comes back as credit instead, at the price paid per class, as the refund and plan change rules
  // count it. (An admin's refund of the class takes it off the pack again itself, as money.)
  const pack =
    closedPackAsCredit && consumption.classes_delta < 0 && consumption.batch_student_plan_id
      ? await tx.packs.find(consumption.batch_student_plan_id)
      : undefined;
  const closedPack =
    pack && pack.status !== 'active'
      ? { planName: pack.plan_name, creditPaise: unusedCreditPaise({ paidPaise: pack.paid_paise, classesTotal: pack.classes_total, classesLeft: 1 }) }
      : null;
  const [entryId = ''] = await postLedgerEvent(tx, {
    kind: 'class_returned',
    learnerAccountId: row.learner_account_id,
    batchStudentId: row.id,
    sessionId,
    day: session.day,
    at,
    consumption: {
      id: consumption.id,
      amountPaise: consumption.amount_paise,
      classesDelta: consumption.classes_delta,
      packId: consumption.batch_student_plan_id,
    },
    because,
    closedPack,
  });
  // A used-up pack that gets its class back ends on its own last day again: the packs
  // waiting behind it move back to start after it.
  if (consumption.classes_delta < 0 && !closedPack) await rechainPlace(tx, row.id, at);
  if (closedPack) return { entryId, toPack: false, amountPaise: closedPack.creditPaise };
  return { entryId, toPack: consumption.classes_delta < 0, amountPaise: 0 - consumption.amount_paise };
}

/** A class consumed by a mark that was then corrected to absent comes back on the ledger. */
export function createClassReturn({ now, enrolments }: ClassReturnDeps) {
  return {
    /**
     * giveBack() inside the caller's transaction, so correcting a mark and returning the class
     * commit together or not at all. `handle` must be a transaction's.
     */
    returnClassWithin(handle: TransactionHandle, batchStudentId: string, sessionId: string): Promise<ReturnedClass | null> {
      return giveBackClass(createPaymentsRepository(databaseOfHandle(handle), enrolments), batchStudentId, sessionId, now(), undefined, true);
    },
  };
}
