import { databaseOfHandle, type TransactionHandle } from '../../../shared/transactional-repository';
import { DomainError } from '../../../shared/domain-error';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import type { PackRow } from '../class-packs/class-packs.repository';
import { batchStudentNotFound, usablePacksInOrder } from '../class-packs/packs';
import { perClassPaise } from '../money';
import { rechainPlace, startWaitingPackOn, waitingPackStartingOn } from '../class-packs/pack-dates';
import { createPaymentsRepository, type PaymentsQueries, type PaymentsRepository } from '../payments.repository';
import type { ConsumedClass, NextClass } from '../payments.port';
import { postLedgerEvent } from './ledger-postings';
import { noticeClassesLeft } from '../class-packs/pack-notices';

export interface ClassConsumptionDeps {
  repository: PaymentsRepository;
  now: () => Date;
  enrolments: EnrolmentsPort;
}

/**
 * The pack a class on `day` comes out of: one in date with classes left, else a pack waiting
 * behind a used-up one, which starts that day.
 */
async function packFor(tx: PaymentsQueries, packs: readonly PackRow[], day: string, at: Date): Promise<PackRow | undefined> {
  const [usable] = usablePacksInOrder(packs, day);
  if (usable) return usable;
  const started = await startWaitingPackOn(tx, packs, day, at);
  return started ? await tx.packs.find(started) : undefined;
}

/** The price a class is owed at when no pack has one left: the latest pack's per-class price, else the batch's smallest plan's. */
async function owedClassPrice(
  tx: Pick<PaymentsQueries, 'batches'>,
  packs: readonly PackRow[],
  batchId: string,
): Promise<{ perClassPaise: number; packId: string | null }> {
  const priced = packs.find((candidate) => candidate.status === 'active' || candidate.status === 'replaced');
  if (priced) return { perClassPaise: perClassPaise({ classesCount: priced.classes_total, pricePaise: priced.price_paise }), packId: priced.id };
  const [smallest] = await tx.batches.findPlans(batchId);
  return { perClassPaise: smallest ? perClassPaise({ classesCount: smallest.classes_count, pricePaise: smallest.price_paise }) : 0, packId: null };
}

/**
 * What a class marked present on `day` would use, said to the teacher before saving: a class of
 * the pack consume() would take it from, or the price it would be owed at.
 */
export async function nextClassOf(tx: Pick<PaymentsQueries, 'batches'>, packs: readonly PackRow[], batchId: string, day: string): Promise<NextClass> {
  const pack = usablePacksInOrder(packs, day)[0] ?? waitingPackStartingOn(packs, day);
  if (pack) return { kind: 'pack', classesLeft: pack.classes_left, classesTotal: pack.classes_total };
  return { kind: 'owed', perClassPaise: (await owedClassPrice(tx, packs, batchId)).perClassPaise };
}

/** A class attended comes off the ledger: out of a pack, or owed. */
export function createClassConsumption({ repository, now, enrolments }: ClassConsumptionDeps) {
  /**
   * Books one class attended by a batch student in a session, once: a repeat for the same
   * session returns the first entry. The class comes out of the oldest usable pack; with none
   * left it is owed at the per-class price of the latest pack (or the batch's smallest).
   */
  async function consume(tx: PaymentsQueries, batchStudentId: string, sessionId: string): Promise<ConsumedClass> {
    const row = await tx.places.find(batchStudentId);
    if (!row) throw batchStudentNotFound();
    await tx.places.lock(row.id);
    const previous = await tx.ledger.findConsumption(row.id, sessionId);
    if (previous && !previous.returned_by)
      return { entryId: previous.id, fromPack: previous.classes_delta < 0, amountPaise: previous.amount_paise, repeated: true };
    // A corrected mark consumes again: the new entry answers the return, once.
    const afterReturnId = previous?.returned_by ?? null;
    const session = await tx.ledger.findSessionOfBatch(sessionId, row.batch_id);
    if (!session) throw new DomainError('SESSION_NOT_FOUND', "That session is not one of this batch student's batch", 404);
    const at = now();
    const packs = await tx.packs.findOf(row.id);
    const pack = await packFor(tx, packs, session.day, at);
    const consumed = { learnerAccountId: row.learner_account_id, batchStudentId: row.id, sessionId, day: session.day, at, afterReturnId };
    if (pack) {
      const [entryId = ''] = await postLedgerEvent(tx, {
        kind: 'class_consumed',
        ...consumed,
        source: { kind: 'pack', packId: pack.id, planName: pack.plan_name },
      });
      // Its last class ends a pack early: the packs waiting behind it move up.
      await rechainPlace(tx, row.id, at);
      // The family hears when one class is left, and when none is.
      await noticeClassesLeft(tx, row.id, { id: pack.id, classesLeftBefore: pack.classes_left }, at);
      return { entryId, fromPack: true, amountPaise: 0, repeated: false };
    }
    const owed = await owedClassPrice(tx, packs, row.batch_id);
    const [entryId = ''] = await postLedgerEvent(tx, { kind: 'class_consumed', ...consumed, source: { kind: 'owed', ...owed } });
    return { entryId, fromPack: false, amountPaise: -owed.perClassPaise, repeated: false };
  }

  return {
    /** consume() in a transaction of its own. */
    consumeClass(batchStudentId: string, sessionId: string): Promise<ConsumedClass> {
      return repository.transaction((tx) => consume(tx, batchStudentId, sessionId));
    },
    /**
     * consume() inside the caller's transaction, so marking attendance and consuming the class
     * commit together or not at all. `handle` must be a transaction's: the batch student's row
     * lock is held until it ends.
     */
    consumeClassWithin(handle: TransactionHandle, batchStudentId: string, sessionId: string): Promise<ConsumedClass> {
      return consume(createPaymentsRepository(databaseOfHandle(handle), enrolments), batchStudentId, sessionId);
    },
  };
}
